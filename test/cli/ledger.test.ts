/**
 * `ledger backfill`, as a process against the checkout Worker of the global setup (`wrangler dev`,
 * its ledger's migrations applied by scripts/servers.mjs): it pages through the shop's event log
 * into the payments ledger, says how far it got, goes on from a cursor, and refuses to run
 * without a shop.
 */
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { readDevVars } from "../../scripts/servers.mjs";
import { createCheckoutPayment, inEventLog } from "./support/checkout.js";
import { ROOT, runCli } from "./support/run-cli.js";

const checkoutUrl = inject("checkoutUrl");

/** What `ledger backfill --json` prints (cli/commands/ledger.ts, BackfillSummary). */
interface BackfillSummary {
  shop: string;
  pages: number;
  read: number;
  written: number;
  next: string;
}
const BACKEND_TOKEN = readDevVars(join(ROOT, ".dev.vars")).DEMO_BACKEND_TOKEN ?? "";

describe("ledger backfill", () => {
  it("writes the shop's event log to the ledger page by page, and goes on from --after", async () => {
    const payment = await createCheckoutPayment(checkoutUrl, "cli-ledger");
    await expect
      .poll(() => inEventLog(checkoutUrl, BACKEND_TOKEN, payment.paymentId, "payment.created"), { timeout: 20_000 })
      .toBe(true);

    const all = await runCli([
      "--shop",
      "demo-open",
      "--json",
      "ledger",
      "backfill",
      "--page",
      "1",
      "--checkout-url",
      checkoutUrl,
    ]);
    expect(all.stderr).toBe("");
    expect(all.code).toBe(0);
    const summary = JSON.parse(all.stdout) as BackfillSummary;
    expect(summary).toMatchObject({ shop: "demo-open", next: expect.stringMatching(/^\d+$/) });
    expect(summary.written).toBeGreaterThanOrEqual(1);
    expect(summary.read).toBeGreaterThanOrEqual(summary.written);
    // One event a page: the last page knows it is the last (the log reads one row ahead).
    expect(summary.pages).toBe(summary.read);

    const rest = await runCli([
      "--shop",
      "demo-open",
      "ledger",
      "backfill",
      "--after",
      summary.next,
      "--checkout-url",
      checkoutUrl,
    ]);
    expect(rest.code).toBe(0);
    expect(rest.stderr).toBe("page 1: 0 event(s), 0 payment version(s) written\n");
    expect(rest.stdout).toBe(
      `Shop demo-open: 0 event(s) read, 0 payment version(s) written to the ledger, 1 page(s); the log's cursor is now ${summary.next}.\n`,
    );
  });

  it("needs --shop, and says which token a refusal was about", async () => {
    const noShop = await runCli(["ledger", "backfill", "--checkout-url", checkoutUrl]);
    expect(noShop.code).toBe(2);
    expect(noShop.stderr).toContain("ledger backfill needs --shop <id>");
    const wrong = await runCli(["--shop", "demo-open", "ledger", "backfill", "--checkout-url", checkoutUrl], {
      env: { CRYPTO_CHECKOUT_BACKEND_TOKEN: "not-the-token-of-this-shop-0123456789" },
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("HTTP 401");
    expect(wrong.stderr).toContain("is the backend token of shop demo-open the one the Worker");
    expect(wrong.stderr).not.toContain("not-the-token-of-this-shop");
  });
});
