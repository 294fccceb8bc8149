// Signed v3 payment notifications, posted to the checkout Worker's /hooks/{shop} as the upstream would.
import { createHmac } from "node:crypto";

/**
 * Posts a v3/payment notification whose body is `payment`, signed with HMAC-SHA256 (hex) over the
 * exact bytes sent. Returns the HTTP status.
 */
export async function postPaymentNotification(checkoutUrl, shop, hmacKey, payment, timestamp = new Date()) {
  const body = JSON.stringify({ timestamp: timestamp.toISOString(), notificationType: "v3/payment", body: payment });
  const signature = createHmac("sha256", hmacKey).update(body).digest("hex");
  const response = await fetch(`${checkoutUrl}/hooks/${shop}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-signature": signature },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** The payment as the upstream has it (the sandbox's control API needs no key). */
export async function upstreamPayment(sandboxUrl, paymentId) {
  const response = await fetch(`${sandboxUrl}/sandbox/payments/${paymentId}`);
  if (!response.ok) throw new Error(`sandbox GET payment: HTTP ${response.status}`);
  return response.json();
}
