/**
 * Remembers the paymentId of each (endpoint, shop, orderId) in sessionStorage, so that a reload
 * attaches to the payment instead of creating another (the Worker's idempotency backs this up).
 * Storage may be unavailable (privacy settings, sandboxed frames, quota): then nothing is remembered.
 */
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

export function rememberedPaymentId(endpoint: string, shop: string, orderId: string): string | undefined {
  return withStorage(endpoint, shop, orderId, (s, key) => s.getItem(key));
}

export function rememberPaymentId(endpoint: string, shop: string, orderId: string, paymentId: string): void {
  withStorage(endpoint, shop, orderId, (s, key) => {
    s.setItem(key, paymentId);
    return undefined;
  });
}

export function forgetPaymentId(endpoint: string, shop: string, orderId: string): void {
  withStorage(endpoint, shop, orderId, (s, key) => {
    s.removeItem(key);
    return undefined;
  });
}
