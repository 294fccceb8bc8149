/**
 * Remembers the payment of each (endpoint, shop, orderId) in sessionStorage, with the client
 * secret that every read of it needs, so that a reload attaches to the payment instead of creating
 * another. A record without a secret (kept by an earlier version of the element) is forgotten: the
 * payment cannot be read without it. Storage may be unavailable (privacy settings, sandboxed
 * frames, quota): then nothing is remembered.
 */

/** A remembered payment: its id and its client secret. */
export type RememberedPayment = [paymentId: string, clientSecret: string];

type Op = (storage: Storage, key: string) => string | null | undefined;

function withStorage(endpoint: string, shop: string, orderId: string, op: Op): string | undefined {
  try {
    return (
      op(window.sessionStorage, `crypto-checkout:payment:${JSON.stringify([endpoint, shop, orderId])}`) ?? undefined
    );
  } catch {
    return undefined;
  }
}

export function rememberedPayment(endpoint: string, shop: string, orderId: string): RememberedPayment | undefined {
  // Stored as "id secret": a payment id has no space, a secret is base64url.
  const [id, secret] = withStorage(endpoint, shop, orderId, (s, key) => s.getItem(key))?.split(" ") ?? [];
  if (id && secret) return [id, secret];
  if (id) forgetPayment(endpoint, shop, orderId);
  return undefined;
}

export function rememberPayment(
  endpoint: string,
  shop: string,
  orderId: string,
  [id, secret]: RememberedPayment,
): void {
  withStorage(endpoint, shop, orderId, (s, key) => {
    s.setItem(key, `${id} ${secret}`);
    return undefined;
  });
}

export function forgetPayment(endpoint: string, shop: string, orderId: string): void {
  withStorage(endpoint, shop, orderId, (s, key) => {
    s.removeItem(key);
    return undefined;
  });
}
