#!/usr/bin/env node
// `npm run deploy [-- wrangler deploy options]`: warns about what a deployment must not carry over
// from the local demo (demo shops, addresses on this machine: scripts/deploy-warnings.mjs), then
// runs `wrangler deploy` with the same options (`npm run deploy -- --dry-run` bundles only).
// The warnings do not stop the deployment.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "smol-toml";
import { deployWarnings } from "./deploy-warnings.mjs";
import { ROOT } from "./servers.mjs";

const args = process.argv.slice(2);
/** The value of an option given as `--name value` or `--name=value` (the last one wins). */
function optionValues(names) {
  const values = [];
  args.forEach((arg, i) => {
    for (const name of names) {
      if (arg === name && i + 1 < args.length) values.push(args[i + 1]);
      else if (arg.startsWith(`${name}=`)) values.push(arg.slice(name.length + 1));
    }
  });
  return values;
}

const configPath = resolve(optionValues(["-c", "--config"]).at(-1) ?? join(ROOT, "wrangler.toml"));
const config = parse(readFileSync(configPath, "utf8"));
const envName = optionValues(["-e", "--env"]).at(-1);
// wrangler does not inherit [vars] into an [env.<name>]: that environment's vars are all it has.
const vars = { ...((envName ? config.env?.[envName]?.vars : config.vars) ?? {}) };
for (const pair of optionValues(["--var"])) {
  const colon = pair.indexOf(":");
  if (colon > 0) vars[pair.slice(0, colon)] = pair.slice(colon + 1);
}
for (const warning of deployWarnings(vars)) console.error(`warning: ${warning}`);

const run = spawnSync(
  process.execPath,
  [join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js"), "deploy", ...args],
  { stdio: "inherit" },
);
process.exit(run.status ?? 1);
