#!/usr/bin/env node
// Builds the refund page into dist/public/refund/ (scripts/page-build.mjs): refund-page/src/main.ts
// bundled into refund.js, plus index.html, refund.css and the favicon copied as they are. The Worker serves
// index.html at /refund/{shop}/ (worker/checkout/routes/assets.ts) under the strict
// Content-Security-Policy of public-headers/_headers: nothing inline, nothing from another origin.
// Each language's page title and text direction are read from the element's catalogs here, so the
// page script carries those two words, not the catalogs.
import { join } from "node:path";
import { build } from "esbuild";
import { buildPage } from "./page-build.mjs";
import { ROOT } from "./servers.mjs";

const source = join(ROOT, "refund-page");
const out = join(ROOT, "dist", "public", "refund");

/** `{ [language]: { title, dir } }` from widget/locales (the refund catalogs' title, the catalogs' dir). */
async function pageText() {
  const locales = join(ROOT, "widget", "locales");
  const contents = `
    import { LANGUAGES } from "./languages.ts";
    import { loadMessages } from "./index.ts";
    import { loadRefundMessages } from "./refund/index.ts";
    export default Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) => {
      const [m, r] = await Promise.all([loadMessages(language), loadRefundMessages(language)]);
      return [language, { title: r.title, dir: m.dir }];
    })));`;
  const result = await build({
    stdin: { contents, resolveDir: locales, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "warning",
  });
  const url = `data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString("base64")}`;
  return (await import(url)).default;
}

await buildPage({
  source,
  out,
  script: "refund.js",
  define: { __REFUND_PAGE_TEXT__: JSON.stringify(await pageText()) },
});
console.log(`refund page: built ${out}`);
