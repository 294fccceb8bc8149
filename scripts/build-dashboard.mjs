#!/usr/bin/env node
// Builds the merchant's dashboard into dist/public/dashboard/: dashboard/main.ts bundled by Rollup
// (Lit's production build, minified) into one ES module, dashboard.js, plus index.html,
// dashboard.css and the favicon copied as they are (scripts/lit-app-build.mjs). Nothing inline,
// nothing from another origin: the app runs under the strict Content-Security-Policy of
// public-headers/_headers.
import { buildLitApp } from "./lit-app-build.mjs";

await buildLitApp("dashboard");
