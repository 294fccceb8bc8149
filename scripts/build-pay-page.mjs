#!/usr/bin/env node
// Builds the payment link page's files into dist/public/pay/ (scripts/page-build.mjs):
// pay-page/src/main.ts bundled into pay.js, plus pay.css and the favicon. The page's HTML is
// rendered by the Worker for each link (worker/checkout/links/link-page.ts), under its strict
// Content-Security-Policy: nothing inline, nothing from another origin.
import { join } from "node:path";
import { buildPage } from "./page-build.mjs";
import { ROOT } from "./servers.mjs";

const out = join(ROOT, "dist", "public", "pay");
await buildPage({ source: join(ROOT, "pay-page"), out, script: "pay.js" });
console.log(`payment link page: built ${out}`);
