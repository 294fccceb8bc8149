/** Counting of the /v3 requests per route, which the control API reports (`GET /sandbox/requests`). */
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "./app-env.js";

/** Requests served per route since this Worker instance started ("GET /v3/payments/:id" -> n). */
export const requestCounts = new Map<string, number>();

/** Middleware: counts the request under the route that answered it, once it is answered. */
export const countRequest: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // The first matched route that is not middleware is the one that answered.
  const route = matchedRoutes(c).find((r) => r.method !== "ALL");
  const key = `${c.req.method} ${route?.path ?? "(unmatched)"}`;
  requestCounts.set(key, (requestCounts.get(key) ?? 0) + 1);
};
