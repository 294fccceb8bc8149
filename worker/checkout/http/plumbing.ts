/**
 * Request plumbing shared by the routes: the hono environment type, the request id (echoed from
 * `X-Request-Id` when well-formed, else generated) set on every response and log line, one
 * access-log line per request, body size limits that answer 413, and JSON body and query
 * validation with zod that answers 400 invalid_request naming the fields (a text/plain body read
 * as JSON where a route allows it).
 */
import type { DeskIdentity } from "../dashboard-wire.js";
import { zValidator } from "@hono/zod-validator";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ZodType } from "zod";
import type { Env } from "../env.js";
import { CheckoutError, type ErrorCode } from "./errors.js";
import { log } from "./log.js";

/** What the access log line says about a refused or failed request (set where the error response is made). */
export interface Failure {
  code: ErrorCode;
  shop?: string | undefined;
}

export interface AppEnv {
  Bindings: Env;
  Variables: { requestId: string; failure?: Failure; desk?: DeskIdentity };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: Request): string {
  const given = request.headers.get("X-Request-Id");
  return given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/**
 * Sets the request id and writes the access log line; for an error response the line also names
 * its code, the shop and the request's Origin (server errors are logged in detail by the error handler).
 */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const requestId = requestIdOf(c.req.raw);
  c.set("requestId", requestId);
  const started = Date.now();
  await next();
  // A WebSocket upgrade (101) has immutable headers; the id is in the log line only.
  if (c.res.status !== 101) c.res.headers.set("X-Request-Id", requestId);
  const failure = c.get("failure");
  const origin = failure ? c.req.header("Origin") : undefined;
  log("info", "request", {
    requestId,
    method: c.req.method,
    path: new URL(c.req.url).pathname,
    status: c.res.status,
    ms: Date.now() - started,
    ...(failure && { code: failure.code, shop: failure.shop, origin }),
  });
};

/** Refuses a body over `maxSize` bytes with 413 invalid_request, before it is read. */
export function limitBody(maxSize: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new CheckoutError(413, "invalid_request", "The request body is too large.");
    },
  });
}

/** Validates the query against `schema`; a bad query is 400 invalid_request naming each field. */
export function queryParams<T extends ZodType>(schema: T) {
  return zValidator("query", schema, (result) => {
    if (!result.success) {
      const detail = result.error.issues
        .map((issue) => `${issue.path.join(".") || "query"}: ${issue.message}`)
        .join("; ");
      throw new CheckoutError(400, "invalid_request", `Invalid query. ${detail}`);
    }
  });
}

/**
 * Reads a text/plain body as JSON. For the element's create: a cross-origin POST of that type is a
 * simple request, so the browser sends it without a preflight (one round trip fewer before the
 * QR). CORS does not guard such a request, so the route must check the Origin itself, as
 * shopCors (routes/cors.ts) does before the route runs.
 */
export const plainTextAsJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (/^text\/plain\s*(;|$)/i.test(c.req.header("Content-Type") ?? "")) {
    const headers = new Headers(c.req.raw.headers);
    headers.set("Content-Type", "application/json");
    c.req.raw = new Request(c.req.raw, { headers });
  }
  await next();
};

/** Validates the JSON body against `schema`; a bad body is 400 invalid_request naming each field. */
export function jsonBody<T extends ZodType>(schema: T) {
  return zValidator("json", schema, (result) => {
    if (!result.success) {
      const detail = result.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`)
        .join("; ");
      throw new CheckoutError(400, "invalid_request", `Invalid request body. ${detail}`);
    }
  });
}
