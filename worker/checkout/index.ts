/**
 * The checkout Worker's entry: the hono app for HTTP, and the Durable Object classes its
 * bindings name (wrangler.toml).
 */
import { app } from "./app.js";
import type { Env } from "./env.js";

export { OrderObject } from "./order-object.js";
export { PaymentObject } from "./payment-object.js";

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
