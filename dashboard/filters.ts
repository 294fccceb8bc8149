/**
 * The payments list's filters, one shape for the three places they live: the page's URL (so a
 * link shares them and Back restores them), the filter form, and the API's query string
 * (dashboard-wire.ts, the ledger's filters). Pure functions.
 */
import { CURRENCY_CODE, DECIMAL_AMOUNT } from "../worker/checkout/wire.js";

export interface PaymentFilters {
  status: string[];
  currency: string[];
  /** Days (YYYY-MM-DD, UTC), both inclusive. */
  from: string;
  to: string;
  minAmount: string;
  maxAmount: string;
  q: string;
}

export const NO_FILTERS: PaymentFilters = {
  status: [],
  currency: [],
  from: "",
  to: "",
  minAmount: "",
  maxAmount: "",
  q: "",
};

const STATUS = /^[A-Z][A-Z_]{0,31}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(day);
}

const list = (value: string | null, valid: RegExp): string[] =>
  [...new Set((value ?? "").split(",").map((v) => v.trim().toUpperCase()))].filter((v) => valid.test(v));

/** The filters of a page URL's query; a value that is not well-formed is left out. */
export function filtersFromQuery(query: URLSearchParams): PaymentFilters {
  const day = (name: string) => {
    const v = query.get(name) ?? "";
    return isDay(v) ? v : "";
  };
  const amount = (name: string) => {
    const v = query.get(name) ?? "";
    return DECIMAL_AMOUNT.test(v) ? v : "";
  };
  return {
    status: list(query.get("status"), STATUS),
    currency: list(query.get("currency"), CURRENCY_CODE),
    from: day("from"),
    to: day("to"),
    minAmount: amount("minAmount"),
    maxAmount: amount("maxAmount"),
    q: (query.get("q") ?? "").trim().slice(0, 128),
  };
}

/** The filters as a page URL's query (only those set, in one order, so equal filters make equal links). */
export function filtersToQuery(filters: PaymentFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.q) query.set("q", filters.q);
  if (filters.status.length) query.set("status", filters.status.join(","));
  if (filters.currency.length) query.set("currency", filters.currency.join(","));
  for (const key of ["from", "to", "minAmount", "maxAmount"] as const) if (filters[key]) query.set(key, filters[key]);
  return query;
}

/** The day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The API's query for these filters: days become RFC 3339 times (the API's `to` is exclusive, the
 * form's inclusive, so `to` is the next day's start), plus the page's cursor.
 */
export function apiQuery(filters: PaymentFilters, cursor?: string): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.status.length) query.set("status", filters.status.join(","));
  if (filters.currency.length) query.set("currency", filters.currency.join(","));
  if (filters.from) query.set("from", `${filters.from}T00:00:00Z`);
  if (filters.to) query.set("to", `${nextDay(filters.to)}T00:00:00Z`);
  if (filters.minAmount) query.set("minAmount", filters.minAmount);
  if (filters.maxAmount) query.set("maxAmount", filters.maxAmount);
  if (filters.q) query.set("q", filters.q);
  if (cursor) query.set("cursor", cursor);
  return query;
}

/** What is wrong with the form's values, by field name: amounts must be decimals, days real days. */
export function invalidFilterFields(filters: PaymentFilters): ("from" | "to" | "minAmount" | "maxAmount")[] {
  const bad: ("from" | "to" | "minAmount" | "maxAmount")[] = [];
  for (const key of ["from", "to"] as const) if (filters[key] && !isDay(filters[key])) bad.push(key);
  for (const key of ["minAmount", "maxAmount"] as const)
    if (filters[key] && !DECIMAL_AMOUNT.test(filters[key])) bad.push(key);
  return bad;
}

/** Whether any filter is set. */
export function hasFilters(filters: PaymentFilters): boolean {
  return filtersToQuery(filters).size > 0;
}
