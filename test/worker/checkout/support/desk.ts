/**
 * Helpers of the dashboard API tests: the data API (routes/dashboard-api.ts) mounted at
 * /dashboard/api behind a stand-in of the sign-in middleware that sets the session's identity
 * (the identity is the input here, not what is tested), called in-process with the Worker's
 * bindings (some replaced when asked), and a session of given shops.
 */
import { createExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import type { DeskIdentity } from "../../../../worker/checkout/dashboard-wire.js";
import type { Env } from "../../../../worker/checkout/env.js";
import { toCheckoutError } from "../../../../worker/checkout/http/errors.js";
import { requestContext, type AppEnv } from "../../../../worker/checkout/http/plumbing.js";
import { dashboardApi } from "../../../../worker/checkout/routes/dashboard-api.js";
import { ORIGIN } from "./http.js";
import { testEnv } from "./merchant.js";

/** A session of a merchant who may see `shops` (signed in through Cloudflare Access). */
export function identityOf(...shops: string[]): DeskIdentity {
  return { email: "merchant@shop.example", via: "access", operator: false, shops };
}

function appFor(identity: DeskIdentity | null): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use("*", requestContext);
  app.use("*", async (c, next) => {
    if (identity) c.set("desk", identity);
    await next();
  });
  app.route("/dashboard/api", dashboardApi);
  app.onError((err, c) => toCheckoutError(err).toResponse(c.get("requestId")));
  return app;
}

/**
 * A dashboard API call (`path` after /dashboard/api) as `identity` (null: no session), with a
 * JSON body when one is given.
 */
export async function deskCall(
  identity: DeskIdentity | null,
  path: string,
  init: { method?: string; body?: unknown } = {},
  bindings: Partial<Env> = {},
): Promise<Response> {
  const headers = new Headers();
  const request: RequestInit = { method: init.method ?? "GET", headers };
  if (init.body !== undefined) {
    headers.set("Content-Type", "application/json");
    request.body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  }
  return appFor(identity).fetch(
    new Request(new URL(`/dashboard/api${path}`, ORIGIN), request),
    { ...testEnv, ...bindings },
    createExecutionContext(),
  );
}

/** The JSON of a dashboard API call that must answer `status` (default 200). */
export async function deskJson<T>(
  identity: DeskIdentity,
  path: string,
  init: { method?: string; body?: unknown } = {},
  bindings: Partial<Env> = {},
  status = 200,
): Promise<T> {
  const response = await deskCall(identity, path, init, bindings);
  if (response.status !== status) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
