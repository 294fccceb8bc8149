/**
 * Payout state machine (pure). CREATED --approve (or autoApprove)--> QUEUED --send delay--> SENT.
 * A CREATED payout whose expirationTime has passed becomes EXPIRED; approving it then is refused
 * (409 payout_expired). Funds leave the balance when the payout is queued.
 */
import Decimal from "decimal.js";
import type { NewPayoutRequest, Payout, PayoutListQuery, PayoutPage } from "../v3/types.js";
import { parseRfc3339 } from "../v3/datetime.js";
import { decimalFromText } from "../v3/decimal.js";
import { isTestnetAddress, newTestnetAddress } from "./address.js";
import { currencyInfo } from "./currencies.js";
import { SandboxError } from "./errors.js";
import { amountIn, Dec, fmt, rateOf } from "./money.js";

export type SandboxPayoutStatus = "CREATED" | "QUEUED" | "SENT" | "EXPIRED";
export type SandboxPayout = Payout &
  Required<
    Pick<
      Payout,
      | "address"
      | "transferAmount"
      | "priceAmount"
      | "priceCurrency"
      | "transferCurrency"
      | "expirationTime"
      | "createdTime"
    >
  > & { status: SandboxPayoutStatus };

const iso = (ms: number): string => new Date(ms).toISOString();

export interface NewPayoutContext {
  rates: Record<string, Decimal>;
  now: number;
  expiryMs: number;
  payoutId: string;
  /** Spendable balance of the transfer currency. */
  available: (currency: string) => Decimal;
}

export function createPayout(req: NewPayoutRequest, ctx: NewPayoutContext): SandboxPayout {
  const transfer = currencyInfo(req.transferCurrency);
  if (!transfer?.payoutTransferEnabled || !transfer.testnet)
    throw new SandboxError(
      400,
      "unsupported_currency",
      `${req.transferCurrency} is not a payout transfer currency`,
      "transferCurrency",
    );
  const price = currencyInfo(req.priceCurrency);
  if (!price?.payoutPriceEnabled)
    throw new SandboxError(
      400,
      "unsupported_currency",
      `${req.priceCurrency} is not a payout price currency`,
      "priceCurrency",
    );
  if (req.address !== undefined && !isTestnetAddress(transfer, req.address))
    throw new SandboxError(
      400,
      "invalid_request",
      `not a valid ${transfer.code} testnet address (${transfer.testnet.hrp}1...)`,
      "address",
    );
  const rate = rateOf(ctx.rates, transfer.code, price.code, "priceCurrency");
  let transferAmount: Decimal;
  let priceAmount: Decimal;
  if (req.transferAmount !== undefined) {
    transferAmount = amountIn(req.transferAmount, transfer, "transferAmount");
    priceAmount = transferAmount.times(rate).toDecimalPlaces(price.decimals, Decimal.ROUND_HALF_UP);
  } else {
    priceAmount = amountIn(req.priceAmount, price, "priceAmount");
    transferAmount = priceAmount.div(rate).toDecimalPlaces(transfer.decimals, Decimal.ROUND_DOWN);
  }
  if (transferAmount.lt(transfer.testnet.minPayout))
    throw new SandboxError(
      422,
      "below_minimum",
      `the minimum payout is ${transfer.testnet.minPayout} ${transfer.code}`,
      req.transferAmount !== undefined ? "transferAmount" : "priceAmount",
    );
  ensureFunds(ctx.available(transfer.code), transferAmount, transfer.code);
  const payout: SandboxPayout = {
    payoutId: ctx.payoutId,
    // Without an address the sandbox pays to a fresh testnet address (the account's payout address).
    address: req.address ?? newTestnetAddress(transfer),
    transferAmount: fmt(transferAmount, transfer),
    priceAmount: fmt(priceAmount, price),
    priceCurrency: price.code,
    transferCurrency: transfer.code,
    expirationTime: iso(ctx.now + ctx.expiryMs),
    createdTime: iso(ctx.now),
    status: "CREATED",
  };
  if (req.comment !== undefined) payout.comment = req.comment;
  if (req.notificationUrl !== undefined) payout.notificationUrl = req.notificationUrl;
  if (req.externalPayoutId !== undefined) payout.externalPayoutId = req.externalPayoutId;
  return payout;
}

function ensureFunds(available: Decimal, amount: Decimal, currency: string): void {
  if (available.lt(amount))
    throw new SandboxError(
      409,
      "insufficient_balance",
      `insufficient ${currency} balance: ${available.toFixed()} available`,
    );
}

/** CREATED past its expirationTime -> EXPIRED. */
export function expirePayoutIfDue(p: SandboxPayout, now: number): SandboxPayout {
  return p.status === "CREATED" && now >= Date.parse(p.expirationTime) ? { ...p, status: "EXPIRED" } : p;
}

export function approvePayout(p: SandboxPayout, now: number, available: Decimal): SandboxPayout {
  const current = expirePayoutIfDue(p, now);
  if (current.status === "EXPIRED")
    throw new SandboxError(409, "payout_expired", `approval refused: the payout expired at ${p.expirationTime}`);
  if (current.status !== "CREATED")
    throw new SandboxError(
      409,
      "invalid_transition",
      `payout is ${current.status}; only a CREATED payout can be approved`,
    );
  ensureFunds(available, new Dec(current.transferAmount), current.transferCurrency);
  return { ...current, status: "QUEUED" };
}

export function sendPayout(p: SandboxPayout, now: number, transactionId: string): SandboxPayout {
  if (p.status !== "QUEUED") throw new SandboxError(409, "invalid_transition", `payout is ${p.status}, not QUEUED`);
  return { ...p, status: "SENT", transactionId, sentTime: iso(now) };
}

/**
 * The spec's time format for the payout-list bounds, yyyy-MM-ddTHH:mm:ss.SSSXXX (XXX: Z or
 * +HH:mm / -HH:mm). Deliberately narrower than RFC 3339, which parseRfc3339 reads: the upstream
 * states this one form for the query, so the sandbox refuses the others ("...59Z" without
 * milliseconds, "+0100", a lower-case "t" or "z").
 */
const TIME_FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Milliseconds since the epoch of a time in the spec's format; anything else is a 400 naming
 * `field`. The calendar (no Feb 31, no 24:00, offsets within range) and the instant are the v3
 * client's RFC 3339 reading (worker/v3/datetime.ts).
 */
export function parseSpecTime(value: string, field: string): number {
  const ms = TIME_FORMAT.test(value) ? parseRfc3339(value) : undefined;
  if (ms === undefined)
    throw new SandboxError(
      400,
      "invalid_request",
      "expected yyyy-MM-ddTHH:mm:ss.SSSXXX, e.g. 2026-01-31T23:59:59.000+01:00",
      field,
    );
  return ms;
}

/**
 * One page of payouts, newest first. Filters are exact matches of any text (amounts compared as
 * decimals when the filter is a number, "0.00020" and "2e-4" included);
 * timeFrom/timeTo bound createdTime inclusively; merchantId matches the account's merchant id.
 * itemCount is the number of payouts matching the filters (all pages).
 */
export function pageOf(
  all: readonly SandboxPayout[],
  q: Required<Pick<PayoutListQuery, "limit" | "offset">> & PayoutListQuery,
  merchantId: string,
): PayoutPage {
  const from = q.timeFrom === undefined ? -Infinity : parseSpecTime(q.timeFrom, "timeFrom");
  const to = q.timeTo === undefined ? Infinity : parseSpecTime(q.timeTo, "timeTo");
  const eqAmount = (a: string, b: string | undefined) => {
    if (b === undefined) return true;
    const number = decimalFromText(b);
    return number === undefined ? a === b : new Dec(a).eq(number);
  };
  const matches = all
    .filter((p) => {
      const t = Date.parse(p.createdTime);
      return (
        t >= from &&
        t <= to &&
        (q.merchantId === undefined || q.merchantId === merchantId) &&
        (q.address === undefined || q.address === p.address) &&
        (q.transferCurrency === undefined || q.transferCurrency === p.transferCurrency) &&
        (q.priceCurrency === undefined || q.priceCurrency === p.priceCurrency) &&
        eqAmount(p.transferAmount, q.transferAmount) &&
        eqAmount(p.priceAmount, q.priceAmount)
      );
    })
    .sort((a, b) => Date.parse(b.createdTime) - Date.parse(a.createdTime) || (a.payoutId < b.payoutId ? 1 : -1));
  return {
    limit: q.limit,
    offset: q.offset,
    itemCount: matches.length,
    items: matches.slice(q.offset, q.offset + q.limit),
  };
}
