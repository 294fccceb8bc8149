#!/usr/bin/env node
// npm run soak: the chaos soak (docs/soak.md). Starts both Workers, a webhook endpoint and an
// upstream proxy of its own, drives payments while faults overlap, then proves nothing was lost.
// Exits 1 when a proof fails.
//   npm run soak                     2,000 payments over ten minutes
//   npm run soak -- --short          60 payments over one minute (what the `soak` suite runs)
//   --payments N --seconds S         another size; --seed N another draw of faults
//   --max-in-flight N                at most N customers busy at once (the next one waits)
//   --port-base P                    ports P..P+4 (default: free ports)
//   --json FILE                      every figure as JSON; --docs rewrites docs/soak.md
//   --keep                           leave the state folder
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ROOT } from "./servers.mjs";
import { printReport, soakMarkdown } from "../test/soak/report.mjs";
import { FULL, runSoak, SHORT } from "../test/soak/run.mjs";

const { values } = parseArgs({
  options: {
    short: { type: "boolean", default: false },
    payments: { type: "string" },
    seconds: { type: "string" },
    seed: { type: "string" },
    "max-in-flight": { type: "string" },
    "port-base": { type: "string", default: process.env.SOAK_PORT_BASE },
    json: { type: "string" },
    docs: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
const size = values.short ? SHORT : FULL;
const number = (text, fallback) => {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) {
    console.error(`soak: expected a whole number, got ${text}`);
    process.exit(2);
  }
  return Number(text);
};
const result = await runSoak({
  ...size,
  payments: number(values.payments, size.payments),
  seconds: number(values.seconds, size.seconds),
  maxInFlight: number(values["max-in-flight"], size.maxInFlight),
  seed: number(values.seed, undefined),
  portBase: number(values["port-base"], undefined),
  keep: values.keep,
});
printReport(result);
if (values.json) writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
if (values.docs) {
  writeFileSync(join(ROOT, "docs", "soak.md"), soakMarkdown(result));
  console.log("wrote docs/soak.md");
}
process.exit(result.ok ? 0 : 1);
