import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import type { AppEnv } from "./app-env.js";
import { errorResponse, SandboxError } from "./errors.js";
import { pageRoutes } from "./page.js";
import { countRequest } from "./request-count.js";
import { controlRoutes } from "./routes-control.js";
import { v3Routes } from "./routes-v3.js";

/** Largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () =>
        errorResponse(new SandboxError(413, "payload_too_large", `the body exceeds ${MAX_BODY_BYTES} bytes`)),
    }),
  );
  app.use("/v3/*", countRequest);
  app.route("/v3", v3Routes());
  app.use(
    "/sandbox/*",
    cors({ origin: "*", allowMethods: ["GET", "PUT", "POST", "OPTIONS"], allowHeaders: ["content-type"] }),
  );
  app.route("/sandbox", controlRoutes());
  app.route("/pay", pageRoutes());
  app.notFound(() => errorResponse(new SandboxError(404, "not_found", "no such endpoint")));
  app.onError((err) => errorResponse(err));
  return app;
}
