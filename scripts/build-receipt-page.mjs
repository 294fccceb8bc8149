#!/usr/bin/env node
// Builds the receipt page into dist/public/receipt/ (static-page.mjs): receipt-page/src/main.ts
// bundled into receipt.js, plus index.html, receipt.css and the favicon. The Worker serves
// index.html at /receipt/{shop}/{paymentId} (worker/checkout/routes/assets.ts) under the strict
// Content-Security-Policy of public-headers/_headers: nothing inline, nothing from another origin.
// The page is in English (docs/receipts.md); it carries no catalogs.
import { buildStaticPage } from "./static-page.mjs";

const out = await buildStaticPage({
  source: "receipt-page",
  out: "receipt",
  script: "receipt.js",
  files: ["index.html", "receipt.css", "favicon.svg"],
});
console.log(`receipt page: built ${out}`);
