/** Payment URI helpers (pure): the wallet link for the remainder of an underpaid payment. */
import type { DecimalString } from "../../worker/checkout/wire.js";

/**
 * The same URI with its `amount` query parameter set to `amount` (BIP 21 style), other
 * parameters kept byte for byte. Without a paymentUri there is nothing to adjust.
 */
export function uriWithAmount(paymentUri: string | undefined, amount: DecimalString): string | undefined {
  if (!paymentUri) return undefined;
  const [base = "", query] = splitOnce(paymentUri, "?");
  const params = query ? query.split("&").filter((p) => p.length > 0) : [];
  const kept = params.filter((p) => splitOnce(p, "=")[0].toLowerCase() !== "amount");
  return `${base}?${[`amount=${amount}`, ...kept].join("&")}`;
}

function splitOnce(value: string, separator: string): [string, string | undefined] {
  const at = value.indexOf(separator);
  return at < 0 ? [value, undefined] : [value.slice(0, at), value.slice(at + 1)];
}

/** Schemes that would run code or read local data if a link to them were followed. */
const UNSAFE_SCHEMES = new Set(["javascript:", "vbscript:", "data:", "file:", "blob:"]);

/**
 * The URI as a link target for "open in wallet": an absolute URI of a wallet scheme (bitcoin:,
 * litecoin:...) or http(s); undefined for anything that could run script in the page.
 */
export function safeWalletUri(uri: string | undefined): string | undefined {
  if (!uri) return undefined;
  try {
    return UNSAFE_SCHEMES.has(new URL(uri).protocol) ? undefined : uri;
  } catch {
    return undefined;
  }
}
