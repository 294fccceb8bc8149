/**
 * Conversion state model (pure). A conversion sells `sellAmount` of one currency to buy another at
 * the rate table's rate (bought amount rounded down to the buy currency's decimals); the trade runs
 * at creation.
 *   create -> COMPLETED (balance sufficient: sell debited, buy credited) or TRADE_FAILED;
 *   TRADE_FAILED --retry-trade--> COMPLETED (or stays TRADE_FAILED: 409 insufficient_balance);
 *   TRADE_FAILED --declare-result {boughtAmount?}--> RESULT_DECLARED (recorded, no balance change);
 *   TRADE_FAILED --cancel--> CANCELLED.
 * COMPLETED, RESULT_DECLARED and CANCELLED are final: every operation on them is 409 invalid_transition.
 */
import Decimal from "decimal.js";
import type { ConversionEstimate, NewConversionRequest } from "../v3/types.js";
import { currencyInfo } from "./currencies.js";
import { SandboxError } from "./errors.js";
import { amountIn, convert, Dec, fmt } from "./money.js";

export type ConversionStatus = "TRADE_FAILED" | "COMPLETED" | "RESULT_DECLARED" | "CANCELLED";

export interface SandboxConversion {
  id: string;
  status: ConversionStatus;
  sellAmount: string;
  sellCurrency: string;
  buyCurrency: string;
  /** Bought amount: from the trade, or as declared. */
  boughtAmount?: string;
  exchangeRate?: string;
  createdTime: string;
  updatedTime: string;
  failureReason?: string;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The buy side of a conversion at the current rate, rounded down to the buy currency's decimals. */
export function estimate(
  req: NewConversionRequest,
  rates: Record<string, Decimal>,
): ConversionEstimate & { exchangeRate: string } {
  const sell = currencyInfo(req.sellCurrency);
  if (!sell)
    throw new SandboxError(400, "unsupported_currency", `unknown currency ${req.sellCurrency}`, "sellCurrency");
  const buy = currencyInfo(req.buyCurrency);
  if (!buy) throw new SandboxError(400, "unsupported_currency", `unknown currency ${req.buyCurrency}`, "buyCurrency");
  if (sell.code === buy.code)
    throw new SandboxError(400, "invalid_request", "buyCurrency must differ from sellCurrency", "buyCurrency");
  const amount = amountIn(req.sellAmount, sell, "sellAmount");
  const bought = convert(rates, amount, sell.code, buy.code, "buyCurrency");
  // The rate is informative (12 significant digits); the amount comes from the exact quotient.
  const rate = convert(rates, new Dec(1), sell.code, buy.code, "buyCurrency").toSignificantDigits(12);
  return {
    currency: buy.code,
    amount: fmt(bought.toDecimalPlaces(buy.decimals, Decimal.ROUND_DOWN), buy),
    exchangeRate: rate.toFixed(),
  };
}

export function newConversion(req: NewConversionRequest, id: string, now: number): SandboxConversion {
  const sell = currencyInfo(req.sellCurrency);
  const sellAmount = sell ? fmt(new Dec(req.sellAmount), sell) : req.sellAmount;
  return {
    id,
    status: "TRADE_FAILED",
    sellAmount,
    sellCurrency: req.sellCurrency,
    buyCurrency: req.buyCurrency,
    createdTime: iso(now),
    updatedTime: iso(now),
    failureReason: "not traded yet",
  };
}

/** Runs the trade; the caller books the balance entries when the result is COMPLETED. */
export function trade(
  c: SandboxConversion,
  rates: Record<string, Decimal>,
  available: Decimal,
  now: number,
): SandboxConversion {
  requireFailed(c, "trade");
  const result = estimate(c, rates);
  if (available.lt(c.sellAmount))
    return {
      ...c,
      status: "TRADE_FAILED",
      failureReason: `insufficient ${c.sellCurrency} balance`,
      updatedTime: iso(now),
    };
  const { failureReason: _dropped, ...rest } = c;
  return {
    ...rest,
    status: "COMPLETED",
    boughtAmount: result.amount,
    exchangeRate: result.exchangeRate,
    updatedTime: iso(now),
  };
}

/**
 * The spec's ConversionDeclarationRequest does not mark `boughtAmount` required: without it the
 * result is declared and no bought amount is recorded. A declared amount may be zero; it is refused
 * (400) with more decimal places than the buy currency has, never rounded.
 */
export function declareResult(c: SandboxConversion, boughtAmount: string | undefined, now: number): SandboxConversion {
  requireFailed(c, "declare a result for");
  const { boughtAmount: _none, ...rest } = c;
  const declared: SandboxConversion = { ...rest, status: "RESULT_DECLARED", updatedTime: iso(now) };
  if (boughtAmount === undefined) return declared;
  const buy = currencyInfo(c.buyCurrency);
  return { ...declared, boughtAmount: buy ? fmt(amountIn(boughtAmount, buy, "boughtAmount"), buy) : boughtAmount };
}

export function cancel(c: SandboxConversion, now: number): SandboxConversion {
  requireFailed(c, "cancel");
  return { ...c, status: "CANCELLED", updatedTime: iso(now) };
}

function requireFailed(c: SandboxConversion, action: string): void {
  if (c.status !== "TRADE_FAILED")
    throw new SandboxError(409, "invalid_transition", `cannot ${action} a ${c.status} conversion`);
}
