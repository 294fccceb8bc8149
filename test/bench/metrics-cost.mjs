// What the metrics cost the create path, in one run: the same checkout Worker
// (metrics-switch-worker.mjs) driven in turns with its METRICS binding and without it, in blocks
// of `block` creates, so that the machine's other work falls on both alike. A create writes three
// or four data points (its upstream calls, the payment's first status, the checkout). Under
// `wrangler dev` the dataset keeps nothing, so this is the Worker's own share: building the points
// and handing them to the binding, which the platform takes without the Worker waiting.
import { blocksRate, drive } from "./stats.mjs";
import { workerCreate } from "./throughput.mjs";

const round2 = (n) => Math.round(n * 100) / 100;

export async function measureMetricsCost({ checkoutUrl, total = 400, warmUp = 40, block = 50, concurrency = 8 }) {
  const create = workerCreate(checkoutUrl, `metrics-${Date.now().toString(36)}`);
  const switchTo = async (on) => {
    const response = await fetch(`${checkoutUrl}/__bench/metrics?on=${on ? 1 : 0}`, { method: "POST" });
    if (!response.ok) throw new Error(`the metrics switch answered ${response.status}`);
  };
  const ways = { on: true, off: false };
  for (const on of Object.values(ways)) {
    await switchTo(on);
    await drive(warmUp, concurrency, create);
  }
  const blocks = { on: [], off: [] };
  for (let done = 0; done < total; done += block) {
    for (const [name, on] of Object.entries(ways)) {
      await switchTo(on);
      blocks[name].push(await drive(Math.min(block, total - done), concurrency, create));
    }
  }
  await switchTo(true);
  const result = { concurrency, warmUp, block };
  for (const [name, runs] of Object.entries(blocks)) result[name] = blocksRate(total, runs);
  result.ratio = round2(result.on.perSecond / result.off.perSecond);
  return result;
}
