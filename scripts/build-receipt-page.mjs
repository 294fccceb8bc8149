#!/usr/bin/env node
// Builds the receipt page into dist/public/receipt/: receipt-page/src/main.ts bundled by esbuild
// into receipt.js, plus index.html, receipt.css and the favicon copied as they are. The Worker
// serves index.html at /receipt/{shop}/{paymentId} (worker/checkout/routes/assets.ts) under the
// strict Content-Security-Policy of public-headers/_headers: nothing inline, nothing from another
// origin. The page is in English (docs/receipts.md); it carries no catalogs.
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { ROOT } from "./servers.mjs";

const source = join(ROOT, "receipt-page");
const out = join(ROOT, "dist", "public", "receipt");

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

await build({
  entryPoints: [join(source, "src", "main.ts")],
  outfile: join(out, "receipt.js"),
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: "linked",
  tsconfig: join(source, "tsconfig.json"),
  legalComments: "none",
  logLevel: "warning",
});

for (const file of ["index.html", "receipt.css", "favicon.svg"]) copyFileSync(join(source, file), join(out, file));
console.log(`receipt page: built ${out}`);
