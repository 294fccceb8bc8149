#!/usr/bin/env node
// Builds the demo shop page into dist/public/demo/ (scripts/page-build.mjs): demo/src/main.ts
// bundled into demo.js, plus the HTML, the CSS and the favicon (SVG). No inline script or style, so
// the page works under the strict Content-Security-Policy it is served with (public-headers/_headers).
import { join } from "node:path";
import { buildPage } from "./page-build.mjs";
import { ROOT } from "./servers.mjs";

const out = join(ROOT, "dist", "public", "demo");
await buildPage({ source: join(ROOT, "demo"), out, script: "demo.js" });
console.log(`demo: built ${out}`);
