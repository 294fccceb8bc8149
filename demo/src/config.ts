/**
 * The demo's configuration: which shop, order, amount and currencies the element is shown with.
 * It lives in the page's query string, so a reload keeps the same order (and so the same payment)
 * and a configuration can be shared as a link. Pure functions, no DOM.
 */
import { LANGUAGES } from "../../widget/locales/languages.js";
import { CURRENCY_CODE, DECIMAL_AMOUNT, ORDER_ID, SHOP_ID } from "../../worker/checkout/wire.js";

export type Theme = "auto" | "light" | "dark";

export interface DemoConfig {
  shop: string;
  orderId: string;
  /** Price of the order, a decimal string such as "47.40". */
  amount: string;
  priceCurrency: string;
  /** "" lets the customer pick in the element. */
  transferCurrency: string;
  /** "" uses the page's language. */
  locale: string;
  theme: Theme;
}

export const DEMO_SHOPS = [
  { id: "demo-open", label: "Open pricing (demo-open)" },
  { id: "demo-signed", label: "Signed pricing (demo-signed)" },
] as const;

/** "Page language", then every language of the element, named in itself: "Deutsch (de)", "中文（台灣） (zh-TW)". */
export const LOCALES: readonly { code: string; label: string }[] = [
  { code: "", label: "Page language" },
  ...LANGUAGES.map((code) => ({
    code,
    label: `${new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code} (${code})`,
  })),
];

export const THEMES: readonly Theme[] = ["auto", "light", "dark"];

/** The form's own limits on top of the checkout's amount rule (DECIMAL_AMOUNT): at most 9 digits before the point and 2 after. */
const FORM_AMOUNT = /^\d{1,9}(?:\.\d{1,2})?$/;

export const DEFAULT_AMOUNT = "47.40";
export const DEFAULT_PRICE_CURRENCY = "EUR";

/** A fresh order id such as "NW-7KQ2M9XA" (random, from crypto.getRandomValues). */
export function newOrderId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = random(new Uint8Array(8));
  let id = "NW-";
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}

export function isValidAmount(amount: string): boolean {
  return DECIMAL_AMOUNT.test(amount) && FORM_AMOUNT.test(amount);
}

/** Reads a configuration from a query string; anything missing or malformed gets its default. */
export function configFromQuery(query: string, makeOrderId: () => string = newOrderId): DemoConfig {
  const params = new URLSearchParams(query);
  const pick = (name: string, valid: RegExp | ((value: string) => boolean), fallback: string): string => {
    const value = params.get(name);
    return value !== null && (valid instanceof RegExp ? valid.test(value) : valid(value)) ? value : fallback;
  };
  const theme = params.get("theme");
  const locale = params.get("locale") ?? "";
  const transfer = params.get("transfer") ?? "";
  return {
    shop: pick("shop", SHOP_ID, DEMO_SHOPS[0].id),
    orderId: pick("order", ORDER_ID, "") || makeOrderId(),
    amount: pick("amount", isValidAmount, DEFAULT_AMOUNT),
    priceCurrency: pick("currency", CURRENCY_CODE, DEFAULT_PRICE_CURRENCY),
    transferCurrency: CURRENCY_CODE.test(transfer) ? transfer : "",
    locale: LOCALES.some((l) => l.code === locale) ? locale : "",
    theme: THEMES.includes(theme as Theme) ? (theme as Theme) : "auto",
  };
}

/** The query string of a configuration (inverse of configFromQuery). */
export function configToQuery(config: DemoConfig): string {
  const params = new URLSearchParams({
    shop: config.shop,
    order: config.orderId,
    amount: config.amount,
    currency: config.priceCurrency,
  });
  if (config.transferCurrency) params.set("transfer", config.transferCurrency);
  if (config.locale) params.set("locale", config.locale);
  if (config.theme !== "auto") params.set("theme", config.theme);
  return `?${params.toString()}`;
}

/**
 * Whether going from `before` to `after` changes what the order costs: then it is another order
 * (the Worker refuses another price for a live order with 409 order_conflict).
 */
export function needsNewOrder(before: DemoConfig, after: DemoConfig): boolean {
  return (
    before.shop !== after.shop ||
    before.amount !== after.amount ||
    before.priceCurrency !== after.priceCurrency ||
    before.transferCurrency !== after.transferCurrency
  );
}
