/**
 * The dashboard's refund routes (routes/dashboard-api.ts through routes/refund-calls.ts, the
 * calls the backend API makes too) against the stubbed payment service: a session is required,
 * a write without the session's CSRF token is refused by the real sign-in middleware, another
 * shop's session meets 404, and create → link → customer's address → approve runs with the
 * session's merchant named in the refund's history.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { RefundLinkCreated, RefundList, RefundView } from "../../../../worker/checkout/backend-wire.js";
import type { Env } from "../../../../worker/checkout/env.js";
import { deskCall, deskJson, identityOf } from "../support/desk.js";
import { signedIn } from "../support/desk-sign-in.js";
import { callWith, errorOf, ORIGIN } from "../support/http.js";
import { useStubs } from "../support/stubs.js";
import { ADDRESS, getRefund, paidPayment, SHOP, submitAddress } from "../refunds/refund-api-support.js";

const stubs = useStubs();
const me = identityOf(SHOP);
const refundsOf = (paymentId: string) => `/shops/${SHOP}/payments/${paymentId}/refunds`;

/** A call through the Worker's whole app with a session cookie (and, when given, a CSRF token and a JSON body). */
function signedCall(path: string, init: { method?: string; cookie: string; csrf?: string; body?: string }) {
  const headers: Record<string, string> = { Cookie: init.cookie, Origin: ORIGIN };
  if (init.csrf) headers["X-CSRF-Token"] = init.csrf;
  if (init.body) headers["Content-Type"] = "application/json";
  return callWith({}, path, { method: init.method ?? "GET", headers, ...(init.body ? { body: init.body } : {}) });
}

describe("the dashboard's refund routes: who may call them", () => {
  const ROUTES: [string, string][] = [
    ["GET", ""],
    ["POST", ""],
    ["GET", "/rf_0123456789abcdef0123456789abcdef"],
    ["POST", "/rf_0123456789abcdef0123456789abcdef/approve"],
    ["POST", "/rf_0123456789abcdef0123456789abcdef/cancel"],
    ["POST", "/rf_0123456789abcdef0123456789abcdef/link"],
  ];

  it.each(ROUTES)(
    "%s refunds%s without a session is 401, and of another shop's session 404 unknown_shop",
    async (method, tail) => {
      const payment = await paidPayment();
      const path = `${refundsOf(payment.paymentId)}${tail}`;
      const none = await deskCall(null, path, { method, body: method === "POST" ? "{" : undefined });
      expect(none.status).toBe(401);
      expect((await errorOf(none)).code).toBe("unauthenticated");
      const other = await deskCall(identityOf("demo-signed"), path, {
        method,
        body: method === "POST" ? { proposal: "whole_payment" } : undefined,
      });
      expect(other.status).toBe(404);
      expect((await errorOf(other)).code).toBe("unknown_shop");
      expect(stubs.upstream.calls.filter((c) => c.path.startsWith("/v3/payouts"))).toHaveLength(0);
      const untouched = await deskJson<RefundList>(me, refundsOf(payment.paymentId));
      expect(untouched.refunds).toEqual([]);
    },
  );

  it("refuses a write without the session's CSRF token through the real sign-in, and takes it with the token", async () => {
    const payment = await paidPayment();
    const { cookie, session } = await signedIn(SHOP);
    const path = `/dashboard/api${refundsOf(payment.paymentId)}`;
    const body = JSON.stringify({ proposal: "whole_payment" });
    const refused = await signedCall(path, { method: "POST", cookie, body });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("csrf_refused");
    const listed = await signedCall(path, { cookie });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as RefundList).refunds).toEqual([]);

    const taken = await signedCall(path, { method: "POST", cookie, body, csrf: session.csrfToken });
    expect(taken.status, await taken.clone().text()).toBe(201);
    const refund = (await taken.json()) as RefundView;
    // A sign-in link's session has no email: the merchant is named by how they signed in.
    expect(refund.history[0]?.actor).toEqual({ kind: "merchant", id: "sign-in link" });
  });
});

describe("the dashboard's refund routes: the merchant's flow", () => {
  it("lists totals and proposals, creates from a proposal, links, takes the customer's address, and approves what it names", async () => {
    const payment = await paidPayment();
    const before = await deskJson<RefundList>(me, refundsOf(payment.paymentId));
    expect(before.totals).toEqual({ accepted: "0.001", held: "0", remaining: "0.001" });
    expect(before.proposals.map((p) => [p.kind, p.amount, p.currency])).toEqual([
      ["overpaid_excess", "0.00058333", "BTC"],
      ["whole_payment", "0.001", "BTC"],
    ]);

    const created = await deskJson<RefundView>(
      me,
      refundsOf(payment.paymentId),
      { method: "POST", body: { proposal: "overpaid_excess" } },
      {},
      201,
    );
    expect(created).toMatchObject({ state: "requested", amount: "0.00058333", reason: "overpaid", currency: "BTC" });
    expect(created.history[0]?.actor).toEqual({ kind: "merchant", id: "access:merchant@shop.example" });

    const link = await deskJson<RefundLinkCreated>(
      me,
      `${refundsOf(payment.paymentId)}/${created.id}/link`,
      { method: "POST" },
      {},
      201,
    );
    expect(link.refund.state).toBe("awaiting_address");
    expect(link.url).toContain(`/refund/${SHOP}/#`);
    expect(Date.parse(link.expiresAt)).toBeGreaterThan(Date.now());
    expect((await submitAddress(link.token, { address: ADDRESS })).status).toBe(200);

    const ready = await deskJson<RefundView>(me, `${refundsOf(payment.paymentId)}/${created.id}`);
    expect(ready).toEqual(await getRefund(payment.paymentId, created.id));
    expect(ready).toMatchObject({ state: "ready_for_approval", address: ADDRESS, addressBy: "customer" });

    const stale = await deskCall(me, `${refundsOf(payment.paymentId)}/${created.id}/approve`, {
      method: "POST",
      body: { amount: "0.0005", currency: "BTC", address: ADDRESS },
    });
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toMatchObject({ code: "refund_refused", refusal: "stale_approval" });
    expect(stubs.upstream.payoutsOf(created.id)).toHaveLength(0);

    const approved = await deskJson<RefundView>(me, `${refundsOf(payment.paymentId)}/${created.id}/approve`, {
      method: "POST",
      body: { amount: ready.amount, currency: ready.currency, address: ADDRESS },
    });
    expect(approved.state).toBe("approved");
    expect(approved.history.find((step) => step.event === "approve")?.actor).toEqual({
      kind: "merchant",
      id: "access:merchant@shop.example",
    });
    expect(stubs.upstream.payoutsOf(created.id)).toHaveLength(1);
    const after = await deskJson<RefundList>(me, refundsOf(payment.paymentId));
    expect(after.totals).toEqual({ accepted: "0.001", held: "0.00058333", remaining: "0.00041667" });

    const audit = await (env as unknown as Env).DB?.prepare(
      "SELECT actor, action FROM audit_log WHERE shop_id = ? AND changes LIKE ? AND actor LIKE 'merchant:%' ORDER BY id",
    )
      .bind(SHOP, `%${created.id}%`)
      .all<{ actor: string; action: string }>();
    expect(audit?.results.map((row) => [row.actor, row.action])).toEqual([
      ["merchant:access:merchant@shop.example", "refund.create"],
      ["merchant:access:merchant@shop.example", "refund.request_address"],
      ["merchant:access:merchant@shop.example", "refund.approve"],
    ]);
  });

  it("creates with an amount, denomination, reason and address, refuses too much with what remains, and cancels", async () => {
    const payment = await paidPayment();
    const refund = await deskJson<RefundView>(
      me,
      refundsOf(payment.paymentId),
      {
        method: "POST",
        body: { amount: "0.0008", denomination: "transfer", reason: "order_cancelled", address: ADDRESS },
      },
      {},
      201,
    );
    expect(refund).toMatchObject({ state: "ready_for_approval", address: ADDRESS, addressBy: "merchant" });
    const tooMuch = await deskCall(me, refundsOf(payment.paymentId), {
      method: "POST",
      body: { amount: "0.0003", denomination: "transfer", reason: "other" },
    });
    expect(tooMuch.status).toBe(422);
    expect(await errorOf(tooMuch)).toMatchObject({ code: "refund_amount_exceeded", remaining: "0.0002" });
    const badAddress = await deskCall(me, refundsOf(payment.paymentId), {
      method: "POST",
      body: { amount: "0.0001", denomination: "transfer", reason: "other", address: "tb1qnotanaddress" },
    });
    expect(badAddress.status).toBe(422);
    expect((await errorOf(badAddress)).code).toBe("invalid_address");

    const cancelled = await deskJson<RefundView>(me, `${refundsOf(payment.paymentId)}/${refund.id}/cancel`, {
      method: "POST",
      body: { reason: "customer kept the goods" },
    });
    expect(cancelled.state).toBe("cancelled");
    expect(cancelled.history.at(-1)?.actor).toEqual({ kind: "merchant", id: "access:merchant@shop.example" });
    const unknown = await deskCall(me, `${refundsOf(payment.paymentId)}/rf_0123456789abcdef0123456789abcdef`);
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("refund_not_found");
  });
});
