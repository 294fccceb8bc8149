// Payment creation throughput, in one run: the sandbox upstream called directly, the checkout
// Worker (validation, the order's idempotency, the upstream call, live state), and the bare
// pass-through bound (pass-through-worker.mjs: a Worker that only forwards the create). The three
// are driven in turn, in blocks of `block` creates, by the same driver, so that the machine's
// other work falls on all three alike; each rate is its creates over the time its blocks took.
import { blocksRate, drive } from "./stats.mjs";

const round2 = (n) => Math.round(n * 100) / 100;

/**
 * One open-pricing create through the checkout Worker per call, each from its own client address
 * (CF-Connecting-IP), as different customers would, so that the per-customer creation rate limit
 * is not what is measured; the call answers whether it was created (201).
 */
export function workerCreate(checkoutUrl, run) {
  let sequence = 0;
  return async () => {
    const i = sequence++;
    const response = await fetch(`${checkoutUrl}/api/shops/demo-open/payments`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "cf-connecting-ip": `198.${51 + Math.floor(i / 62_500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`,
      },
      body: JSON.stringify({
        orderId: `bench-${run}-${i}`,
        priceAmount: "25.00",
        priceCurrency: "EUR",
        transferCurrency: "BTC",
      }),
    });
    await response.arrayBuffer();
    return response.status === 201;
  };
}

/**
 * Creates `total` payments each way with `concurrency` requests in flight, after
 * `warmUp` creates each way. Each Worker request comes from its own client address
 * (CF-Connecting-IP), as different customers would, so the per-customer creation rate limit is
 * not what is measured. Without `boundUrl`, only direct and Worker are driven.
 */
export async function measureCreateThroughput({
  checkoutUrl,
  sandboxUrl,
  boundUrl,
  apiKeyId,
  apiKeySecret,
  total = 400,
  warmUp = 40,
  block = 50,
  concurrency = 8,
}) {
  const run = Date.now().toString(36);
  const auth = `Basic ${Buffer.from(`${apiKeyId}:${apiKeySecret}`).toString("base64")}`;
  let sequence = 0;
  const upstreamCreate = (url) => async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: auth },
      body: JSON.stringify({
        priceAmount: "25.00",
        priceCurrency: "EUR",
        transferCurrency: "BTC",
        externalPaymentId: `bench-direct-${run}-${sequence++}`,
      }),
    });
    await response.arrayBuffer();
    return response.ok;
  };
  const direct = upstreamCreate(`${sandboxUrl}/v3/payments`);
  const bound = boundUrl && upstreamCreate(`${boundUrl}/v3/payments`);
  const worker = workerCreate(checkoutUrl, `worker-${run}`);
  const ways = { direct, worker, ...(bound ? { bound } : {}) };
  for (const call of Object.values(ways)) await drive(warmUp, concurrency, call);
  // Short blocks taken in turn, so that what else the machine does falls on every way alike.
  const blocks = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
  for (let done = 0; done < total; done += block) {
    for (const [name, call] of Object.entries(ways))
      blocks[name].push(await drive(Math.min(block, total - done), concurrency, call));
  }
  const result = { concurrency, warmUp, block };
  for (const [name, runs] of Object.entries(blocks)) result[name] = blocksRate(total, runs);
  result.ratio = round2(result.worker.perSecond / result.direct.perSecond);
  if (result.bound) {
    result.boundRatio = round2(result.bound.perSecond / result.direct.perSecond);
    result.workerOverBound = round2(result.worker.perSecond / result.bound.perSecond);
  }
  return result;
}
