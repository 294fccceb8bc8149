#!/usr/bin/env node
// Builds the point of sale into dist/public/pos/: pos/main.ts bundled by Rollup (Lit's production
// build, minified) into one ES module, pos.js, plus index.html, pos.css and the favicon copied as
// they are (scripts/lit-app-build.mjs). The page loads the element from /widget.js. Nothing inline,
// nothing from another origin: it runs under the strict Content-Security-Policy of
// public-headers/_headers, and the Worker answers /pos/ and /pos/{shop}/ with its index.html.
import { buildLitApp } from "./lit-app-build.mjs";

await buildLitApp("pos");
