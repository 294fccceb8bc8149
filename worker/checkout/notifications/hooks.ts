/**
 * POST /hooks/{shop}: the upstream's notifications for one shop (docs/upstream.md, "Notifications").
 *
 * - Shop with an HMAC key: the signature over the raw body is checked before anything else
 *   (401 invalid_signature, nothing read further, nothing stored). An authentic `v3/payment`
 *   snapshot is handed to the payment's object, which applies it only when newer; the 200 comes
 *   after it is stored, so a failure makes the upstream deliver again.
 * - Shop without an HMAC key: the body cannot be trusted; it only names a payment to re-fetch
 *   from the upstream with the shop's key (in the background: the answer is 202 at once). So a
 *   body the parser refuses (no usable `notificationType`, a bare payment, a field of an odd
 *   shape) is a hint too when it is a JSON object: its ids are read, never a 400 the upstream
 *   would retry for ever.
 * - Shop with an HMAC key and a signature that does not verify: 401, and the payment the body
 *   names is fetched again from the upstream when this Worker holds it (a wrong guess about the
 *   signature scheme delays updates, never loses them; the object spaces the fetches).
 * - Every such hint-driven read is spaced per payment by its object and capped per shop
 *   (upstream/hint-budget.ts): past the shop's budget the read is deferred to a later slot,
 *   never dropped, so a flood of hints delays that shop's updates and no other shop's.
 * - A payment this Worker does not hold (not created through it, never viewed): 200 and a log
 *   line, nothing stored.
 * - `v3/payouts`: authentic and naming this shop's hook URL (or none): stored in the shop's event
 *   log as a `payout.updated` event when newer (ShopEventsObject), then 200. Without an HMAC key
 *   the body cannot be trusted: the payout is fetched from the upstream with the shop's key, and
 *   only when this Worker created it (events/own-payouts.ts); any other costs nothing upstream.
 *   A burst of hints about one own payout costs one read, and one more for those that came once
 *   it began (upstream/hint-budget.ts, nextPayoutRead).
 * - Any other `notificationType` (the spec names two; new versions may add more): after the same
 *   signature check, acknowledged with 202 and never a 400 (which the upstream would retry for
 *   ever). It is only a hint: when its `body.paymentId` names a payment this Worker holds, that
 *   payment is re-fetched from the upstream, as for an unauthenticated notification; otherwise a
 *   log line (`notification_unknown_type`) and nothing else.
 */
import { V3Error } from "../../v3/errors.js";
import { hintOfNotification, parseAnyNotification, verifyNotification } from "../../v3/notification.js";
import type { Notification, Payout, UnrecognizedNotification } from "../../v3/types.js";
import type { Env } from "../env.js";
import { CheckoutError } from "../http/errors.js";
import { log } from "../http/log.js";
import { countRefusedNotification } from "../http/metrics.js";
import { hookPaymentOf, hookShopOf } from "../upstream/hook-url.js";
import { refundsObject } from "../refunds/refund-object.js";
import { PAYMENT_ID } from "../rules.js";
import { paymentObject, type HintOutcome, type NotificationOutcome } from "../payments/payment-object.js";
import { shopEvents } from "../events/shop-events-object.js";
import type { Shop } from "../shops/shop.js";
import { upstreamFor } from "../upstream/shop-client.js";

function received(status: 200 | 202, outcome: string): Response {
  return new Response(JSON.stringify({ received: true, outcome }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The verified raw body (throws 401 invalid_signature / 400 / 413 otherwise). A notification whose
 * signature does not verify is still a hint: the payment it names, when this Worker holds it, is
 * fetched again from the service (the object spaces its fetches, so forged ones cannot multiply
 * them), and nothing of its body is applied. A wrong guess about the service's signature scheme
 * then delays updates instead of losing them.
 */
async function readAuthentic(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  shop: Shop,
  key: string,
): Promise<string> {
  const copy = request.clone();
  try {
    const { raw } = await verifyNotification(request, {
      key,
      header: shop.notificationSignature.header,
      encoding: shop.notificationSignature.encoding,
      ...(shop.notificationSignature.prefix === undefined ? {} : { prefix: shop.notificationSignature.prefix }),
    });
    return raw;
  } catch (err) {
    if (!(err instanceof V3Error)) throw err;
    log("warn", "hook_rejected", { shop: shop.id, code: err.code });
    if (err.kind === "invalid_signature") {
      const paymentId = hintOfNotification(await copy.text())?.paymentId;
      if (paymentId !== undefined) ctx.waitUntil(refetchPayment(env, shop, paymentId, "unverified"));
      throw new CheckoutError(401, "invalid_signature", "The notification signature is missing or does not match.");
    }
    // The route's body limit (app.ts) is below the client's own, so what is left is a body that is not UTF-8.
    throw new CheckoutError(400, "invalid_request", "The notification body is not valid UTF-8.");
  }
}

function parse(raw: string, shop: Shop, authentic: boolean): Notification | UnrecognizedNotification {
  try {
    return parseAnyNotification(raw);
  } catch (err) {
    if (!(err instanceof V3Error)) throw err;
    // Without a key nothing of the body is applied anyway: the ids it names are enough to fetch
    // from the service, so a notification the parser refuses (no or no usable notificationType,
    // a bare payment, a field of an odd shape) is still a hint rather than a 400 the service would retry.
    const hint = authentic ? undefined : hintOfNotification(raw);
    if (hint) {
      log("info", "hook_taken_as_hint", { shop: shop.id, code: err.code, field: err.field });
      return hint;
    }
    log("warn", "hook_invalid", { shop: shop.id, code: err.code, field: err.field });
    throw new CheckoutError(400, "invalid_request", `Not a v3 notification: ${err.message}.`);
  }
}

function logOutcome(
  shop: Shop,
  paymentId: string,
  authentic: boolean,
  outcome: NotificationOutcome | HintOutcome,
  why?: "hint" | "unverified",
): void {
  if (outcome === "unknown") {
    log("info", "notification_unknown_payment", { shop: shop.id, paymentId, authentic, why });
  } else {
    log("info", "notification_handled", { shop: shop.id, paymentId, authentic, outcome, why });
  }
}

/**
 * A notification of a type this Worker does not know: 202, and a re-fetch of the payment it names
 * when this Worker holds that payment (the PaymentObject answers "unknown" otherwise and stores
 * nothing). Nothing in its body is applied, authentic or not.
 */
function unknownType(
  notification: UnrecognizedNotification,
  env: Env,
  ctx: ExecutionContext,
  shop: Shop,
  authentic: boolean,
): Response {
  const { notificationType, paymentId } = notification;
  log("info", "notification_unknown_type", {
    shop: shop.id,
    notificationType,
    paymentId,
    payoutId: notification.payoutId,
    authentic,
  });
  if (paymentId === undefined) {
    // A payout it names is fetched only when the body cannot be trusted anyway (no key), as a
    // v3/payouts notification without a key is.
    if (!authentic && notification.payoutId !== undefined) return refetchPayout(env, ctx, shop, notification.payoutId);
    return received(202, "ignored");
  }
  ctx.waitUntil(refetchPayment(env, shop, paymentId, "hint"));
  return received(202, "refetch");
}

/**
 * Only the id is read: the payment's object checks it holds the payment, then schedules a
 * re-fetch no sooner than its poll policy allows.
 */
function refetchPayment(env: Env, shop: Shop, paymentId: string, why: "hint" | "unverified"): Promise<void> {
  return paymentObject(env, shop.id, paymentId)
    .hint()
    .then(
      (outcome) => logOutcome(shop, paymentId, false, outcome, why),
      (err: unknown) => log("error", "notification_hint_failed", { shop: shop.id, paymentId, why, error: err }),
    );
}

/**
 * A payout named by a notification that cannot be trusted: fetched from the service with the
 * shop's key (in the background: 202 at once, whatever the payout) and recorded when it names
 * this shop's hook, but only when this Worker created the payout (the shop's record of its own
 * payouts, events/own-payouts.ts): anyone can post a payout id, and one this shop did not
 * create here costs no upstream request. An own payout is read at most once per
 * PAYOUT_READ_SPACING_MS however many hints name it (upstream/hint-budget.ts): a hint that a read
 * still to come answers is "coalesced", one after a read began waits for the next.
 */
function refetchPayout(env: Env, ctx: ExecutionContext, shop: Shop, payoutId: string): Response {
  const events = shopEvents(env, shop.id);
  ctx.waitUntil(
    events
      .payoutHintRead(payoutId)
      .then(async (read) => {
        if (read === "not_own_payout" || read === "coalesced") return read;
        const wait = read - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const fetched = await upstreamFor(env, shop).getPayout(payoutId);
        // The fetched payout must name this shop's hook: an unauthenticated body could name another
        // shop's payout on a shared upstream account.
        if (hookShopOf(fetched.notificationUrl) !== shop.id) return "ignored";
        const timestamp = new Date().toISOString();
        await toRefund(env, shop, timestamp, fetched);
        return events.applyPayout(timestamp, fetched);
      })
      .then(
        (outcome) => log("info", "payout_notification", { shop: shop.id, payoutId, outcome, authentic: false }),
        (err: unknown) => log("error", "payout_hint_failed", { shop: shop.id, payoutId, error: err }),
      ),
  );
  return received(202, "refetch");
}

/**
 * A payout of a refund (its notification URL names the payment, upstream/hook-url.ts) moves the
 * refund on: handed to the payment's refunds (refunds/refund-object.ts) before the shop's event log.
 */
async function toRefund(env: Env, shop: Shop, timestamp: string, payout: Payout): Promise<void> {
  const paymentId = hookPaymentOf(payout.notificationUrl);
  if (paymentId === undefined || !PAYMENT_ID.test(paymentId) || payout.externalPayoutId === undefined) return;
  const outcome = await refundsObject(env, shop.id, paymentId).applyPayout(timestamp, payout);
  log("info", "refund_payout_notification", { shop: shop.id, paymentId, payoutId: payout.payoutId, outcome });
}

/** The answer to a notification; one refused (4xx) is counted in the metrics (http/metrics.ts). */
export function handleHook(request: Request, env: Env, ctx: ExecutionContext, shop: Shop): Promise<Response> {
  return answerHook(request, env, ctx, shop).catch(countRefusedNotification(env, shop.id));
}

async function answerHook(request: Request, env: Env, ctx: ExecutionContext, shop: Shop): Promise<Response> {
  const key = shop.secret("notificationHmacKey");
  // Past the route's body limit (app.ts) already; without a key the body is only a hint.
  const raw = key === undefined ? await request.text() : await readAuthentic(request, env, ctx, shop, key);
  const authentic = key !== undefined;
  const notification = parse(raw, shop, authentic);

  if ("recognized" in notification) return unknownType(notification, env, ctx, shop, authentic);

  if (notification.notificationType === "v3/payouts") {
    const payout = notification.body;
    const owner = payout.notificationUrl === undefined ? shop.id : hookShopOf(payout.notificationUrl);
    if (owner !== shop.id) {
      log("warn", "payout_of_another_shop", { shop: shop.id, payoutId: payout.payoutId, owner });
      return received(200, "ignored");
    }
    const events = shopEvents(env, shop.id);
    if (authentic) {
      await toRefund(env, shop, notification.timestamp, payout);
      const outcome = await events.applyPayout(notification.timestamp, payout);
      if (outcome === "invalid_timestamp")
        throw new CheckoutError(400, "invalid_request", "The notification timestamp is not a date-time.");
      log("info", "payout_notification", { shop: shop.id, payoutId: payout.payoutId, status: payout.status, outcome });
      return received(200, outcome);
    }
    return refetchPayout(env, ctx, shop, payout.payoutId);
  }

  const payment = notification.body;
  if (authentic) {
    const outcome = await paymentObject(env, shop.id, payment.paymentId).applyNotification(
      notification.timestamp,
      payment,
    );
    logOutcome(shop, payment.paymentId, true, outcome);
    return received(200, outcome);
  }
  ctx.waitUntil(refetchPayment(env, shop, payment.paymentId, "hint"));
  return received(202, "refetch");
}
