// The checkout Worker with its metrics switched on and off at run time, for `npm run bench` only:
// `wrangler dev test/bench/metrics-switch-worker.mjs -c wrangler.toml` runs it with the production
// configuration (a deployment builds worker/checkout/index.ts, which knows nothing of this file).
// `POST /__bench/metrics?on=0` hides the METRICS binding from the Worker and its objects (as a
// deployment without the dataset has none), `?on=1` gives it back; the Worker and its objects
// share one isolate under `wrangler dev`, so the one flag reaches them all. The code measured is
// the product's, unchanged: only the env the platform hands it is wrapped.
import checkout, * as product from "../../worker/checkout/index.ts";

let metricsOn = true;

/** `env`, without METRICS while the metrics are off. */
const switched = (env) =>
  new Proxy(env, {
    get: (bindings, name) => (name === "METRICS" && !metricsOn ? undefined : Reflect.get(bindings, name, bindings)),
    has: (bindings, name) => (name === "METRICS" && !metricsOn ? false : Reflect.has(bindings, name)),
  });

/** A Durable Object class that sees the switched env. */
const switchedClass = (Base) =>
  class extends Base {
    constructor(ctx, env) {
      super(ctx, switched(env));
    }
  };

export const PaymentObject = switchedClass(product.PaymentObject);
export const OrderObject = switchedClass(product.OrderObject);
export const ShopEventsObject = switchedClass(product.ShopEventsObject);
export const DeskSessionObject = switchedClass(product.DeskSessionObject);
export const RefundsObject = switchedClass(product.RefundsObject);
export const LinksObject = switchedClass(product.LinksObject);

export default {
  fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/__bench/metrics" && request.method === "POST") {
      metricsOn = url.searchParams.get("on") === "1";
      return Response.json({ metrics: metricsOn });
    }
    return checkout.fetch(request, switched(env), ctx);
  },
  queue: (batch, env, ctx) => checkout.queue(batch, switched(env), ctx),
  scheduled: (controller, env, ctx) => checkout.scheduled(controller, switched(env), ctx),
};
