import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const copy = mkdtempSync(join(tmpdir(), "worker-types-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** Copies a file of the repository into the scratch copy, at the same path. */
function copyIn(path: string): void {
  mkdirSync(dirname(join(copy, path)), { recursive: true });
  copyFileSync(join(ROOT, path), join(copy, path));
}

describe("the binding-types check of npm run lint (scripts/worker-types.mjs --check)", () => {
  it("fails for the generated file whose wrangler.toml gained a var, and passes the other", () => {
    for (const path of [
      "scripts/worker-types.mjs",
      "scripts/servers.mjs",
      "wrangler.toml",
      "worker/checkout/worker-configuration.d.ts",
      "worker/sandbox/wrangler.toml",
      "worker/sandbox/worker-configuration.d.ts",
    ])
      copyIn(path);
    symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
    // wrangler types reads the main modules' exports for the Durable Object classes' types.
    writeFileSync(
      join(copy, "worker/checkout/index.ts"),
      "export class PaymentObject {}\nexport class OrderObject {}\nexport class ShopEventsObject {}\n",
    );
    writeFileSync(join(copy, "worker/sandbox/index.ts"), "export class Ledger {}\n");
    // A var of the top level, the first line of its [vars] table (the environments follow it).
    const toml = join(copy, "wrangler.toml");
    writeFileSync(toml, readFileSync(toml, "utf8").replace(/^\[vars\]\n/m, '[vars]\nSOME_NEW_SETTING = "1"\n'));

    const run = spawnSync(process.execPath, ["scripts/worker-types.mjs", "--check"], { cwd: copy, encoding: "utf8" });

    expect(run.stderr).toContain(
      "worker/checkout/worker-configuration.d.ts does not match wrangler.toml: run `npm run types` and commit the file.",
    );
    expect(run.stderr).not.toContain("worker/sandbox/worker-configuration.d.ts does not match");
    expect(run.status).toBe(1);
  });
});
