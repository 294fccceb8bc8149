// Payment creation throughput: through the checkout Worker (validation, order idempotency object,
// upstream call, payment object) against the sandbox upstream called directly, in one run.
import { drive } from "./stats.mjs";

/**
 * Creates `total` payments each way with `concurrency` requests in flight. Each Worker request
 * comes from its own client address (CF-Connecting-IP), as different customers would, so the
 * per-customer creation rate limit is not what is measured.
 */
export async function measureCreateThroughput({
  checkoutUrl,
  sandboxUrl,
  apiKeyId,
  apiKeySecret,
  total = 60,
  concurrency = 8,
}) {
  const run = Date.now().toString(36);
  const auth = `Basic ${Buffer.from(`${apiKeyId}:${apiKeySecret}`).toString("base64")}`;
  const direct = await drive(total, concurrency, async (i) => {
    const response = await fetch(`${sandboxUrl}/v3/payments`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: auth },
      body: JSON.stringify({
        priceAmount: "25.00",
        priceCurrency: "EUR",
        transferCurrency: "BTC",
        externalPaymentId: `bench-direct-${run}-${i}`,
      }),
    });
    await response.arrayBuffer();
    return response.ok;
  });
  const worker = await drive(total, concurrency, async (i) => {
    const response = await fetch(`${checkoutUrl}/api/shops/demo-open/payments`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "cf-connecting-ip": `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      },
      body: JSON.stringify({
        orderId: `bench-worker-${run}-${i}`,
        priceAmount: "25.00",
        priceCurrency: "EUR",
        transferCurrency: "BTC",
      }),
    });
    await response.arrayBuffer();
    return response.status === 201;
  });
  return { concurrency, direct, worker, ratio: Math.round((worker.perSecond / direct.perSecond) * 100) / 100 };
}
