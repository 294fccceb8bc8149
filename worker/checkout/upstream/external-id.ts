/**
 * The `externalPaymentId` sent upstream: it names the shop and the order, because shops may
 * share one upstream account and each shop chooses its own order ids. `{shop}:{orderId}` (a shop
 * id cannot hold ":"), or, when that would pass MAX_EXTERNAL_ID_LENGTH characters (the spec
 * gives no limit; 100 is the smallest plausible one), `{shop}:#{first 32 hex digits of
 * SHA-256(orderId)}`. Shops should not reconcile by it: the order API and the webhooks name the
 * order directly.
 */
export const MAX_EXTERNAL_ID_LENGTH = 100;

export async function externalPaymentIdFor(shopId: string, orderId: string): Promise<string> {
  const plain = `${shopId}:${orderId}`;
  if (plain.length <= MAX_EXTERNAL_ID_LENGTH) return plain;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(orderId)));
  const hex = Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${shopId}:#${hex}`;
}
