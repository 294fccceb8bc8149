// widget.js requests per second: the request every checkout page view makes, served by the asset
// layer of `wrangler dev` (wrangler.toml's run_worker_first does not list it, so the checkout
// Worker does not run). `total` GETs with `concurrency` in flight; every response must be a 200
// with the asset layer's headers (public-headers/_headers), or it counts as a failure.
import { drive } from "./stats.mjs";

/** Runs the GETs; returns {total, concurrency, failures, seconds, perSecond, workerRan}. */
export async function measureWidgetRequests({ checkoutUrl, total = 2000, concurrency = 100, path = "/widget.js" }) {
  const url = `${checkoutUrl}${path}`;
  // One request first: the file is in the asset layer's cache for every timed one, and a response
  // without the _headers of the asset layer stops the run instead of measuring the wrong thing.
  const first = await fetch(url);
  await first.arrayBuffer();
  if (first.status !== 200 || first.headers.get("access-control-allow-origin") !== "*") {
    throw new Error(
      `GET ${path}: ${first.status}, Access-Control-Allow-Origin ${first.headers.get("access-control-allow-origin")}`,
    );
  }
  // The Worker's responses carry X-Request-Id; the asset layer's do not.
  const workerRan = first.headers.has("x-request-id");
  const run = await drive(total, concurrency, async () => {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      return response.status === 200;
    } catch {
      return false;
    }
  });
  return { path, concurrency, workerRan, ...run };
}

// `node test/bench/assets.mjs http://127.0.0.1:8787 [total] [concurrency]`: the figure alone,
// against a checkout Worker already running.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [checkoutUrl = "http://127.0.0.1:8787", total = "2000", concurrency = "100"] = process.argv.slice(2);
  console.log(
    JSON.stringify(
      await measureWidgetRequests({ checkoutUrl, total: Number(total), concurrency: Number(concurrency) }),
    ),
  );
}
