/**
 * The checkout Worker's entry: the hono app for HTTP, the webhook queues' consumer (with the
 * payment links' step, which the events room may not import), the daily
 * cron (the ledger's retention), and the Durable Object classes its bindings name (wrangler.toml).
 */
import { env } from "cloudflare:workers";
import { app } from "./routes/app.js";
import { loadShops } from "./shops/config.js";
import { reportDemoMode } from "./demo/demo-routes.js";
import type { Env } from "./env.js";
import { consumeWebhooks } from "./events/webhook-consumer.js";
import { pruneLedger } from "./ledger/retention.js";
import { markConfirmedLinks } from "./links/link-confirmations.js";

export { OrderObject } from "./payments/order-object.js";
export { PaymentObject } from "./payments/payment-object.js";
export { ShopEventsObject } from "./events/shop-events-object.js";
export { DeskSessionObject } from "./desk/desk-session-object.js";
export { RefundsObject } from "./refunds/refund-object.js";
export { LinksObject } from "./links/links-object.js";

// Validate the shop configuration as the Worker starts, so that `wrangler dev` and the deployment's
// logs name a broken entry (shop and field) before any request; requests re-use the result.
loadShops(env as unknown as Env);
// DEMO_MODE "true" beside a production shop: the demo routes stay off, and the log says why.
reportDemoMode(env as unknown as Env);

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  // A confirmed payment marks its single-use link used, before its webhooks go out.
  queue: (batch, env) => consumeWebhooks(batch, env, Math.random, [markConfirmedLinks]),
  scheduled: async (controller, env) => {
    await pruneLedger(env, controller.scheduledTime);
  },
} satisfies ExportedHandler<Env>;
