import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { END, logCalls, logEventsTable, START, withTable } from "../../scripts/log-events.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

describe("the log events table (scripts/log-events.mjs)", () => {
  const source = `
    log("info", "payment_created", { requestId, shop: shop.id, orderId });
    log(failed ? "error" : "warn", "payment_lookup_failed", { ...issue, paymentId });
    log("warn", "payment_created", { extra: 1 });
    log("info", dynamicName, { ignored: true });
    console.log("not a log call");
    log("debug", "bare");
  `;

  it("reads every log call with a literal event: its levels (both sides of a conditional), its fields, the file", () => {
    expect(logCalls(source, "payments/x.ts")).toEqual([
      { event: "payment_created", levels: ["info"], fields: ["requestId", "shop", "orderId"], file: "payments/x.ts" },
      { event: "payment_lookup_failed", levels: ["error", "warn"], fields: ["…", "paymentId"], file: "payments/x.ts" },
      { event: "payment_created", levels: ["warn"], fields: ["extra"], file: "payments/x.ts" },
      { event: "bare", levels: ["debug"], fields: [], file: "payments/x.ts" },
    ]);
  });

  it("makes one row per event, levels in their order, fields and files merged and sorted", () => {
    const table = logEventsTable([
      ...logCalls(source, "payments/x.ts"),
      ...logCalls('log("error", "bare", { why })', "events/y.ts"),
    ]);
    expect(table.split("\n")).toEqual([
      "| Event | Level | Fields | Written by |",
      "|---|---|---|---|",
      "| `bare` | debug, error | `why` | `events/y.ts`, `payments/x.ts` |",
      "| `payment_created` | info, warn | `extra`, `orderId`, `requestId`, `shop` | `payments/x.ts` |",
      "| `payment_lookup_failed` | warn, error | `paymentId`, `…` | `payments/x.ts` |",
    ]);
  });

  it("replaces only what stands between the markers", () => {
    const page = `# Title\n\n${START}\nold\n${END}\n\nAfter.\n`;
    expect(withTable(page, "new")).toBe(`# Title\n\n${START}\nnew\n${END}\n\nAfter.\n`);
    expect(() => withTable("# no markers", "x")).toThrow(/no <!-- log-events:start/);
  });
});

describe("npm run lint's check of docs/operations.md", () => {
  const copy = mkdtempSync(join(tmpdir(), "log-events-"));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it("passes on the repository and fails, naming the fix, once the code logs an event the page lacks", () => {
    expect(spawnSync(process.execPath, ["scripts/log-events.mjs", "--check"], { cwd: ROOT }).status).toBe(0);
    for (const path of ["scripts/log-events.mjs", "scripts/servers.mjs", "docs/operations.md"]) {
      mkdirSync(dirname(join(copy, path)), { recursive: true });
      copyFileSync(join(ROOT, path), join(copy, path));
    }
    symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
    mkdirSync(join(copy, "worker/checkout"), { recursive: true });
    writeFileSync(join(copy, "worker/checkout/new.ts"), 'log("info", "something_new", { shop });\n');
    const run = spawnSync(process.execPath, ["scripts/log-events.mjs", "--check"], { cwd: copy, encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("npm run docs:log-events");
  });
});
