/**
 * The entry of the console's npm package (packages/console/, bundled into one file by
 * scripts/build-console.mjs): the installed `crypto-checkout` command. Outside the repository,
 * the Worker's configuration is the current folder's wrangler.toml (or `--config <path>`).
 * Inside it, cli/bin.mjs runs cli/main.ts with the repository as its root instead.
 */
import process from "node:process";
import { run } from "./main.js";

process.exitCode = await run(process.argv.slice(2), { root: process.cwd() });
