// The refunds of the soak: a share of the customers who paid in full (or overpaid) get a refund
// through the checkout Worker's backend API (docs/refunds.md), as a shop's backend would ask for
// it while the faults go on: created twice with one Idempotency-Key; the excess of an overpayment
// by its proposal with the customer's address given through a refund link, a whole payment with
// the merchant's address; approved three times at once (two with one key, one with another) and
// twice more after the Worker's next kill (an old key and a new one); then followed until it ends.
// The sandbox sends the payout by itself once it is approved. The proofs hold every refund against
// the sandbox's payouts, its payment and the webhooks received.
import { createHash } from "node:crypto";
import { bech32 } from "bech32";
import Decimal from "decimal.js";
import { proofList } from "./proof.mjs";

/** The refund states that do not move any more (docs/refunds.md, "States"). */
const FINAL = new Set(["sent", "cancelled", "expired", "failed"]);
/** States that release the refund's amount (it no longer counts against what was accepted). */
const RELEASED = new Set(["cancelled", "expired", "failed"]);
/** The refund state a payout status stands for (docs/refunds.md, "Payout snapshots"). */
const STATE_OF_PAYOUT = {
  CREATED: "ready_for_approval",
  APPROVED: "approved",
  QUEUED: "approved",
  SENT: "sent",
  EXPIRED: "expired",
  FAILED: "failed",
};
/** How long one call is tried again through kills and upstream faults, and a refund followed to its end. */
const CALL_DEADLINE_MS = 180_000;
const FOLLOW_DEADLINE_MS = 420_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A testnet P2WPKH address of its own for refund `n` (bech32 of a hash), in the payment's coin. */
export function refundAddress(transferCurrency, n) {
  const program = createHash("sha256").update(`soak-refund-${n}`).digest().subarray(0, 20);
  return bech32.encode(transferCurrency === "LTC" ? "tltc" : "tb", [0, ...bech32.toWords(program)]);
}

/** One HTTP call: `{ status (0: no answer), body }`. */
async function call(url, { method = "GET", headers = {}, body } = {}) {
  try {
    const response = await fetch(url, {
      method,
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let parsed;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed };
  } catch {
    return { status: 0, body: undefined };
  }
}

/** The call tried again (same request, same key) while the answer is none, a 5xx or a 429; `count()` per request. */
async function retrying(url, init, count) {
  const deadline = Date.now() + CALL_DEADLINE_MS;
  for (;;) {
    const answer = await call(url, init);
    count();
    if ((answer.status !== 0 && answer.status < 500 && answer.status !== 429) || Date.now() > deadline) return answer;
    await sleep(1000 + Math.floor(Math.random() * 1000));
  }
}

const describe = (answer) =>
  answer.status === 0
    ? "no answer"
    : `HTTP ${answer.status}${answer.body?.error?.code ? ` ${answer.body.error.code}` : ""}${answer.body?.error?.refusal ? ` (${answer.body.error.refusal})` : ""}`;

/**
 * Refunds order `order` (its payment CONFIRMED in the sandbox and shown so by the Worker) and
 * follows the refund to its end. Its record goes into `ctx.refunds` at once. `ctx`: { checkoutUrl,
 * backendTokens: { [shop]: token }, refunds, nextRestart() (resolves true after the Worker's next
 * restart, false once no kill is left) }.
 */
export async function runRefund(order, kind, ctx) {
  const refund = {
    shop: order.shop,
    orderId: order.orderId,
    paymentId: order.paymentId,
    kind,
    id: undefined,
    address: refundAddress(order.transferCurrency, order.n),
    createRequests: 0,
    createdTwiceAs: undefined,
    approvalCalls: 0,
    approvalRequests: 0,
    approvalAnswers: [],
    acrossKill: false,
    state: undefined,
    error: undefined,
  };
  ctx.refunds.push(refund);
  const base = `${ctx.checkoutUrl}/api/shops/${order.shop}/payments/${order.paymentId}/refunds`;
  const auth = (key) => ({
    authorization: `Bearer ${ctx.backendTokens[order.shop]}`,
    ...(key ? { "idempotency-key": key } : {}),
  });
  try {
    // Created twice with the same key: one refund.
    const createBody =
      kind === "overpaid_excess"
        ? { proposal: "overpaid_excess" }
        : {
            amount: order.truth.acceptedPaidTransferAmount,
            denomination: "transfer",
            reason: "order_cancelled",
            address: refund.address,
          };
    const key = `soak-${order.orderId}`;
    const create = () =>
      retrying(
        base,
        { method: "POST", headers: auth(`${key}-create`), body: createBody },
        () => refund.createRequests++,
      );
    const created = await create();
    if (created.status !== 201) throw new Error(`create: ${describe(created)}`);
    refund.id = created.body.id;
    const again = await create();
    refund.createdTwiceAs = again.body?.id;
    const one = `${base}/${refund.id}`;

    if (kind === "overpaid_excess") {
      // The customer's address through a refund link (one key: a retried link is the same link).
      const link = await retrying(`${one}/link`, { method: "POST", headers: auth(`${key}-link`) }, () => {});
      if (link.status !== 201) throw new Error(`link: ${describe(link)}`);
      const given = await retrying(
        `${ctx.checkoutUrl}/api/shops/${order.shop}/refund-links/${link.body.token}/address`,
        { method: "POST", headers: { "CF-Connecting-IP": order.ip }, body: { address: refund.address } },
        () => {},
      );
      // 409 refund_link_used: an earlier attempt whose answer was lost gave it.
      if (given.status !== 200 && !(given.status === 409 && given.body?.error?.code === "refund_link_used"))
        throw new Error(`address: ${describe(given)}`);
    }
    const ready = await retrying(one, { headers: auth() }, () => {});
    if (ready.status !== 200) throw new Error(`read: ${describe(ready)}`);
    const approval = { amount: ready.body.amount, currency: ready.body.currency, address: ready.body.address };

    // Approved three times at once (two with one key, one with another), then twice after the next kill.
    const approve = async (approvalKey) => {
      refund.approvalCalls++;
      const answer = await retrying(
        `${one}/approve`,
        { method: "POST", headers: auth(approvalKey), body: approval },
        () => refund.approvalRequests++,
      );
      refund.approvalAnswers.push(answer.status === 200 ? `HTTP 200 ${answer.body.state}` : describe(answer));
    };
    await Promise.all([approve(`${key}-approve-1`), approve(`${key}-approve-1`), approve(`${key}-approve-2`)]);
    refund.acrossKill = await ctx.nextRestart();
    await Promise.all([approve(`${key}-approve-1`), approve(`${key}-approve-3`)]);

    // Followed until it ends, as a shop's backend that polls would.
    const deadline = Date.now() + FOLLOW_DEADLINE_MS;
    for (;;) {
      const read = await retrying(one, { headers: auth() }, () => {});
      refund.state = read.body?.state;
      if (FINAL.has(refund.state) || Date.now() > deadline) break;
      await sleep(2000);
    }
  } catch (error) {
    refund.error = error.message;
  }
  return refund;
}

/** Every payout of the account in the sandbox (`GET /v3/payouts`, paged), as the payment service holds them. */
export async function sandboxPayouts(sandboxUrl, apiKey) {
  const authorization = `Basic ${Buffer.from(`${apiKey.id}:${apiKey.secret}`).toString("base64")}`;
  const payouts = [];
  for (let offset = 0; ; offset += 100) {
    const answer = await retrying(
      `${sandboxUrl}/v3/payouts?limit=100&offset=${offset}`,
      { headers: { authorization } },
      () => {},
    );
    if (answer.status !== 200) throw new Error(`GET /v3/payouts: ${describe(answer)}`);
    payouts.push(...answer.body.items);
    if (answer.body.items.length < 100 || payouts.length >= answer.body.itemCount) return payouts;
  }
}

/** A payment's refunds as the Worker lists them (`GET …/payments/{paymentId}/refunds`). */
export async function refundList(checkoutUrl, refund, token) {
  const answer = await retrying(
    `${checkoutUrl}/api/shops/${refund.shop}/payments/${refund.paymentId}/refunds`,
    { headers: { authorization: `Bearer ${token}` } },
    () => {},
  );
  if (answer.status !== 200) throw new Error(`refund list of ${refund.paymentId}: ${describe(answer)}`);
  return answer.body;
}

/**
 * The refund proofs. `io`: { refunds (the soak's records), lists (the Worker's refund list of each
 * refund's payment, same order), payouts (the sandbox's), truths (paymentId -> the sandbox's
 * payment), entries (every event log entry), receiver }. Returns `{ proofs, figures }`.
 */
export function proveRefunds({ refunds, lists, payouts, truths, entries, receiver }) {
  const { proofs, proof } = proofList();
  const payoutsOf = new Map();
  for (const payout of payouts) {
    const list = payoutsOf.get(payout.externalPayoutId) ?? [];
    list.push(payout);
    payoutsOf.set(payout.externalPayoutId, list);
  }
  const ids = new Set(refunds.map((r) => r.id).filter(Boolean));
  const inWorker = (i) => lists[i]?.refunds.find((view) => view.id === refunds[i].id);

  proof(
    "every refund asked for was created once (the same create again answered it; its payment lists only it)",
    refunds.flatMap((r, i) => {
      if (!r.id) return [`${r.paymentId}: ${r.error ?? "not created"}`];
      if (r.createdTwiceAs !== r.id) return [`${r.id}: the repeated create answered ${r.createdTwiceAs}`];
      if (lists[i]?.refunds.length !== 1) return [`${r.paymentId}: ${lists[i]?.refunds.length} refunds`];
      return [];
    }),
    refunds.length,
  );
  proof(
    "every approval answered 200, approved or sent (at once, repeated, after a kill, same and other key)",
    refunds.flatMap((r) => {
      const bad = r.approvalAnswers.filter((a) => !/^HTTP 200 (approved|sent)$/.test(a));
      if (r.error) return [`${r.id ?? r.paymentId}: ${r.error}`];
      return bad.length ? [`${r.id}: ${bad.join(", ")}`] : [];
    }),
    refunds.length,
  );
  const payoutWrong = [];
  const stateWrong = [];
  refunds.forEach((r, i) => {
    if (!r.id) return;
    const found = payoutsOf.get(r.id) ?? [];
    const view = inWorker(i);
    if (found.length !== 1) {
      payoutWrong.push(`${r.id}: ${found.length} payouts in the sandbox`);
      return;
    }
    const [payout] = found;
    if (
      !view ||
      !new Decimal(String(payout.transferAmount)).eq(view.amount) ||
      payout.address !== view.address ||
      payout.address !== r.address
    )
      payoutWrong.push(
        `${r.id}: payout ${payout.transferAmount} to ${payout.address}, refund ${view?.amount} to ${view?.address} (asked ${r.address})`,
      );
    const expected = STATE_OF_PAYOUT[payout.status];
    if (
      !view ||
      view.state !== expected ||
      view.payout?.payoutId !== payout.payoutId ||
      (payout.status === "SENT" && view.payout?.transactionId !== payout.transactionId)
    )
      stateWrong.push(
        `${r.id}: Worker ${view?.state} (payout ${view?.payout?.payoutId}), sandbox ${payout.payoutId} ${payout.status}`,
      );
  });
  const created = refunds.filter((r) => r.id).length;
  proof(
    "every refund has exactly one payout in the sandbox (by externalPayoutId), of the refund's amount to its address",
    payoutWrong,
    created,
  );
  proof("every refund's state in the Worker agrees with its payout's in the sandbox", stateWrong, created);
  const strays = payouts.filter((p) => !ids.has(p.externalPayoutId));
  proof(
    "no payout in the sandbox without a refund of this run",
    strays.map((p) => `${p.payoutId} (externalPayoutId ${p.externalPayoutId})`),
    payouts.length,
  );
  proof(
    "the refunds of a payment never exceed what the sandbox accepted for it",
    refunds.flatMap((r, i) => {
      const list = lists[i];
      const accepted = truths.get(r.paymentId)?.acceptedPaidTransferAmount ?? "0";
      if (!list) return [];
      const held = list.refunds
        .filter((view) => !RELEASED.has(view.state))
        .reduce((sum, view) => sum.plus(view.approvedTransferAmount ?? view.amount), new Decimal(0));
      return held.gt(accepted) || new Decimal(list.totals.held).gt(accepted)
        ? [`${r.paymentId}: refunds ${held} (held ${list.totals.held}), accepted ${accepted}`]
        : [];
    }),
    refunds.length,
  );

  // Webhooks: each refund's events in the log, all received, the newest showing its final state.
  const refundEntries = entries.filter((entry) => entry.event.type.startsWith("refund."));
  const eventsOf = new Map();
  for (const entry of refundEntries) {
    const list = eventsOf.get(entry.event.data.refund.id) ?? [];
    list.push(entry.event);
    eventsOf.set(entry.event.data.refund.id, list);
  }
  proof(
    "every refund's refund.* webhooks received (0 lost), the newest showing its state, refund.sent for each sent one",
    refunds.flatMap((r, i) => {
      if (!r.id) return [];
      const events = (eventsOf.get(r.id) ?? []).sort((a, b) => a.data.version - b.data.version);
      const lost = events.filter((event) => !receiver.received.has(event.id));
      const view = inWorker(i);
      const newest = events.at(-1);
      if (!events.some((event) => event.type === "refund.created")) return [`${r.id}: no refund.created`];
      if (lost.length) return [`${r.id}: ${lost.map((e) => e.type).join(", ")} never received`];
      if (newest.data.refund.state !== view?.state)
        return [`${r.id}: webhooks say ${newest.data.refund.state}, Worker ${view?.state}`];
      if (view.state === "sent" && !events.some((event) => event.type === "refund.sent"))
        return [`${r.id}: no refund.sent`];
      return [];
    }),
    created,
  );

  const finalStates = {};
  refunds.forEach((r, i) => {
    const state = inWorker(i)?.state ?? "not created";
    finalStates[state] = (finalStates[state] ?? 0) + 1;
  });
  const approvalAnswers = {};
  for (const r of refunds) for (const a of r.approvalAnswers) approvalAnswers[a] = (approvalAnswers[a] ?? 0) + 1;
  return {
    proofs,
    figures: {
      requested: refunds.length,
      created,
      kinds: Object.fromEntries(
        ["overpaid_excess", "whole_payment"].map((kind) => [kind, refunds.filter((r) => r.kind === kind).length]),
      ),
      createRequests: refunds.reduce((sum, r) => sum + r.createRequests, 0),
      approvalCalls: refunds.reduce((sum, r) => sum + r.approvalCalls, 0),
      approvalRequests: refunds.reduce((sum, r) => sum + r.approvalRequests, 0),
      approvalAnswers,
      approvedAcrossKill: refunds.filter((r) => r.acrossKill).length,
      payouts: payouts.length,
      payoutsForRefunds: payouts.filter((p) => ids.has(p.externalPayoutId)).length,
      duplicatePayouts: [...payoutsOf.values()].filter((list) => list.length > 1).length,
      finalStates,
      events: refundEntries.length,
      eventsReceived: refundEntries.filter((entry) => receiver.received.has(entry.event.id)).length,
    },
  };
}
