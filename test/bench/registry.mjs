// The shop registry at scale: shops registered through the admin API (/admin/shops), then the
// shop settings request (GET /api/shops/{id}) timed with the isolate's cache warm, and in a
// freshly started checkout Worker, where each shop's first request reads D1 and opens its
// secrets. A SHOPS var shop is timed the same way, for comparison.
import { performance } from "node:perf_hooks";
import { drive, percentile } from "./stats.mjs";

/** A registry shop of the bench (the demo's sandbox account and its key). */
function shopBody(id, apiKeySecret) {
  return {
    id,
    name: `Bench shop ${id}`,
    environment: "sandbox",
    apiKeyId: "demo_shop",
    secrets: { apiKeySecret, backendToken: `bench_backend_token_${id.replaceAll("-", "_")}_0123456789` },
    pricing: "open",
    limits: { min: "1.00", max: "500.00" },
    priceCurrencies: ["EUR", "USD"],
    transferCurrencies: ["BTC", "LTC"],
    allowedOrigins: ["https://shop.example"],
    redirectUrls: { confirmed: `https://shop.example/${id}/thanks?order={orderId}` },
  };
}

/** Times `count` sequential settings requests for the ids `pick(i)` gives; p50/p99 in ms. */
async function timeSettings(checkoutUrl, count, pick) {
  const samples = [];
  let failures = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${checkoutUrl}/api/shops/${pick(i)}`);
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    if (response.status !== 200) failures++;
  }
  return {
    samples: count,
    failures,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    max: Math.max(...samples),
  };
}

/**
 * Registers `shops` shops (`concurrency` admin calls in flight), then times the settings request:
 * warm (every shop read once before; `warmRequests` requests over random shops, one at a time),
 * and cold (the checkout Worker restarted: the first request of each of `coldShops` shops, one at
 * a time, after the restart's readiness check, a request of a SHOPS var shop, has started the
 * isolate and cached the upstream's currency list).
 */
export async function measureRegistry({
  servers,
  adminToken,
  apiKeySecret,
  shops = 1000,
  concurrency = 8,
  warmRequests = 2000,
  coldShops = 500,
}) {
  const { checkoutUrl } = servers;
  const run = Date.now().toString(36);
  const ids = Array.from({ length: shops }, (_, i) => `bench-${run}-${String(i).padStart(4, "0")}`);
  const headers = { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" };
  const registered = await drive(shops, concurrency, async (i) => {
    const response = await fetch(`${checkoutUrl}/admin/shops`, {
      method: "POST",
      headers,
      body: JSON.stringify(shopBody(ids[i], apiKeySecret)),
    });
    await response.arrayBuffer();
    return response.status === 201;
  });
  const random = () => ids[Math.floor(Math.random() * ids.length)];
  // Warm: every shop read once, then timed.
  await drive(
    shops,
    concurrency,
    async (i) => await fetch(`${checkoutUrl}/api/shops/${ids[i]}`).then((r) => r.arrayBuffer().then(() => r.ok)),
  );
  const warm = await timeSettings(checkoutUrl, warmRequests, random);
  const configWarm = await timeSettings(checkoutUrl, warmRequests / 4, () => "demo-open");
  // Cold: a new isolate; the first request of each shop reads D1 and opens its secrets.
  await servers.restartCheckout();
  const coldIds = ids.slice(0, coldShops);
  const cold = await timeSettings(checkoutUrl, coldIds.length, (i) => coldIds[i]);
  const listed = await fetch(`${checkoutUrl}/admin/shops?limit=200`, { headers });
  const page = await listed.json();
  return { shops, concurrency, registered, warm, configWarm, cold, listedPage: page.shops?.length ?? 0 };
}
