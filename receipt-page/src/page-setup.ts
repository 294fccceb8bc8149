/**
 * What the receipt page (receipt-page/index.html) reads from its URL (pure): a receipt link is
 * `{PUBLIC_URL}/receipt/{shop}/{paymentId}#{clientSecret}`, so the shop and the payment are the
 * path's parts and the client secret is the fragment, which never leaves the browser but in the
 * page's own request. Without a fragment (the dashboard's "Open receipt") the page asks the
 * dashboard's route, which the merchant's session cookie opens.
 */

export interface ReceiptSetup {
  shop: string;
  paymentId: string;
  /** The JSON route to read, on the page's own origin (path and query). */
  source: string;
  /** Whether the page reads with the payment's client secret (else: the dashboard's session). */
  withSecret: boolean;
}

/** The page's setup from `location`'s path and fragment; undefined when the path names no payment. */
export function receiptSetup(pathname: string, hash: string): ReceiptSetup | undefined {
  const match = /^\/receipt\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1] || !match[2]) return undefined;
  const shop = decode(match[1]);
  const paymentId = decode(match[2]);
  const secret = decode(hash.replace(/^#/, ""));
  const payment = `/shops/${encodeURIComponent(shop)}/payments/${encodeURIComponent(paymentId)}/receipt`;
  return secret
    ? { shop, paymentId, source: `/api${payment}?clientSecret=${encodeURIComponent(secret)}`, withSecret: true }
    : { shop, paymentId, source: `/dashboard/api${payment}`, withSecret: false };
}

/** A URL part unescaped; a malformed escape is kept as it is (the Worker answers it 404). */
function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
