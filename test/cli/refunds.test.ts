/**
 * `refunds`, as a process against the checkout Worker and the sandbox of the global setup: an
 * overpaid payment's refund is created with the customer's address, approved (refused without a
 * terminal unless --yes), sent by the sandbox with a transaction id, and read back; a link is
 * made for another refund (created under an idempotency key, which answers a repeat once more and
 * refuses another body), which is then cancelled.
 */
import { describe, expect, inject, it } from "vitest";
import { createCheckoutPayment } from "./support/checkout.js";
import { runCli } from "./support/run-cli.js";

/** What the commands print with --json (the backend API's answers: RefundView, RefundList, RefundLinkCreated in backend-wire.ts). */
interface RefundView {
  id: string;
  state: string;
  amount: string;
  address?: string;
  endReason?: string;
  payout?: { transactionId?: string };
}
interface RefundList {
  totals: { accepted: string };
}
interface RefundLinkCreated {
  url: string;
}

const checkoutUrl = inject("checkoutUrl");
const sandboxUrl = inject("sandboxUrl");
const ADDRESS = "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7";

const refunds = (args: string[]) =>
  runCli(["--shop", "demo-open", "--json", "refunds", ...args, "--checkout-url", checkoutUrl]);

async function json<T>(args: string[]): Promise<T> {
  const run = await refunds(args);
  if (run.code !== 0) throw new Error(`refunds ${args.join(" ")}: ${run.code} ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

describe("refunds", () => {
  it("creates, approves (asking first), and sees the refund sent by the sandbox; links and cancels another", async () => {
    const payment = await createCheckoutPayment(checkoutUrl, "cli-refund");
    const paid = await fetch(`${sandboxUrl}/sandbox/payments/${payment.paymentId}/transactions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ amount: "0.0008", state: "ACCEPTED" }),
    });
    expect(paid.status).toBe(201);
    await expect
      .poll(async () => (await json<RefundList>(["list", payment.paymentId])).totals.accepted, { timeout: 30_000 })
      .toBe("0.0008");

    const created = await json<RefundView>([
      "create",
      payment.paymentId,
      "--proposal",
      "overpaid_excess",
      "--address",
      ADDRESS,
    ]);
    expect(created).toMatchObject({ state: "ready_for_approval", amount: "0.0003", address: ADDRESS });

    const unasked = await refunds(["approve", payment.paymentId, created.id]);
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toContain("without confirmation");
    expect((await json<RefundView>(["get", payment.paymentId, created.id])).state).toBe("ready_for_approval");

    const approved = await runCli([
      "--shop",
      "demo-open",
      "--json",
      "--yes",
      "refunds",
      "approve",
      payment.paymentId,
      created.id,
      "--checkout-url",
      checkoutUrl,
    ]);
    expect(approved.code, approved.stderr).toBe(0);
    expect((JSON.parse(approved.stdout) as RefundView).state).toBe("approved");

    await expect
      .poll(async () => (await json<RefundView>(["get", payment.paymentId, created.id])).state, { timeout: 40_000 })
      .toBe("sent");
    const sent = await json<RefundView>(["get", payment.paymentId, created.id]);
    expect(sent.payout?.transactionId).toMatch(/^[0-9a-f]{64}$/);

    // --idempotency-key goes out as the Idempotency-Key header: the same create answers the same
    // refund once more, another body with the key is refused.
    const otherArgs = ["create", payment.paymentId, "--amount", "0.0001", "--reason", "other"];
    const key = ["--idempotency-key", `cli-refund-${payment.paymentId}`];
    const other = await json<RefundView>([...otherArgs, ...key]);
    expect((await json<RefundView>([...otherArgs, ...key])).id).toBe(other.id);
    const reused = await refunds(["create", payment.paymentId, "--amount", "0.0002", "--reason", "other", ...key]);
    expect(reused.code).toBe(1);
    expect(reused.stderr).toContain("idempotency_key_reused");
    const link = await json<RefundLinkCreated>(["link", payment.paymentId, other.id]);
    expect(link.url).toMatch(new RegExp(`^${checkoutUrl}/refund/demo-open/#${payment.paymentId}\\.${other.id}\\.`));
    const cancelled = await json<RefundView>(["cancel", payment.paymentId, other.id, "--reason", "kept"]);
    expect(cancelled).toMatchObject({ state: "cancelled", endReason: "kept" });
  }, 120_000);

  it("refuses a create without an amount or a proposal, and names the Worker's refusal", async () => {
    const usage = await refunds(["create", "some-payment", "--reason", "other"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("exactly one of --amount and --proposal");
    const unknown = await refunds(["create", "pay_unknown_cli", "--amount", "0.0001", "--reason", "other"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("payment_not_found");
  });
});
