import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// docs/sandbox.md lists the payout statuses the sandbox really uses, so that the checkout and the
// console can be judged against them; the list must be the union SandboxPayoutStatus, the type
// every sandbox payout's status has (read from its source: this Node project compiles no sandbox
// module).

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const source = readFileSync(`${ROOT}worker/sandbox/payouts.ts`, "utf8");
const union = /export type SandboxPayoutStatus = ([^;]+);/.exec(source)?.[1] ?? "";
const SANDBOX_PAYOUT_STATUSES = [...union.matchAll(/"([A-Z_]+)"/g)].map((m) => m[1]);

describe("docs/sandbox.md, Payouts", () => {
  it("draws exactly the statuses of SandboxPayoutStatus, and says those are all", () => {
    expect(SANDBOX_PAYOUT_STATUSES.length).toBeGreaterThan(0);
    const page = readFileSync(`${ROOT}docs/sandbox.md`, "utf8");
    const section = page.slice(
      page.indexOf("\n## Payouts\n"),
      page.indexOf("\n## ", page.indexOf("\n## Payouts\n") + 1),
    );
    const diagram = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
    // Status names are whole upper-case words; the setting names beside them have underscores.
    const drawn = new Set(diagram.match(/(?<![\w])[A-Z]{3,}(?![\w])/g));
    expect([...drawn].sort()).toEqual([...SANDBOX_PAYOUT_STATUSES].sort());
    expect(section).toContain(
      `These ${["one", "two", "three", "four", "five", "six"][SANDBOX_PAYOUT_STATUSES.length - 1]} are the only payout statuses the sandbox uses`,
    );
    expect(section).toContain("`SandboxPayoutStatus`");
  });
});
