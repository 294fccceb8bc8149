#!/usr/bin/env node
// Builds the receipt page into dist/public/receipt/ (scripts/page-build.mjs): receipt-page/src/main.ts
// bundled into receipt.js, plus index.html, receipt.css and the favicon. The Worker serves
// index.html at /receipt/{shop}/{paymentId} (worker/checkout/routes/assets.ts) under the strict
// Content-Security-Policy of public-headers/_headers: nothing inline, nothing from another origin.
// The page speaks the browser's language (docs/receipts.md): every catalog of widget/locales/receipt/
// is bundled into receipt.js.
import { join } from "node:path";
import { buildPage } from "./page-build.mjs";
import { ROOT } from "./servers.mjs";

const out = join(ROOT, "dist", "public", "receipt");
await buildPage({ source: join(ROOT, "receipt-page"), out, script: "receipt.js" });
console.log(`receipt page: built ${out}`);
