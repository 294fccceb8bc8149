/**
 * Payment URI helper (pure). The wallet link for the remainder of an underpaid payment comes
 * from the Worker (remainderPaymentUri); the element only checks that a link is safe to follow.
 */

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
