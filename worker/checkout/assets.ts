/**
 * The built widget and the demo, served from the ASSETS binding with this Worker's headers:
 * `/widget.js` (short cache, it changes with every release), the content-hashed twin
 * `/widget.<hash>.js` and hashed chunks (immutable, for Subresource Integrity), the manifest, and
 * `/demo/`. Widget files are cross-origin module scripts, so they carry
 * `Access-Control-Allow-Origin: *`.
 */
import { Hono } from "hono";
import type { Env } from "./env.js";
import { CheckoutError } from "./errors.js";
import type { AppEnv } from "./http.js";

export const WIDGET_CACHE = "public, max-age=300, must-revalidate";
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/** A content-hashed widget file: widget.<hash>.js, or any file under chunks/ (hashed by the build); or its source map. */
const HASHED = /^\/(?:widget\.[A-Za-z0-9_-]{6,}\.js|chunks\/[A-Za-z0-9._-]+\.js)(?:\.map)?$/;

async function fromAssets(env: Env, request: Request, path: string): Promise<Response> {
  const url = new URL(request.url);
  url.pathname = path;
  url.search = "";
  const response = await env.ASSETS.fetch(new Request(url, { method: request.method, headers: request.headers }));
  if (response.status === 404) throw new CheckoutError(404, "not_found", "No such file.");
  return new Response(response.body, response);
}

/** GET/HEAD of a widget file (widget.js, its hashed twin, chunks, widget-manifest.json). */
export async function serveWidgetFile(env: Env, request: Request, path: string): Promise<Response> {
  const response = await fromAssets(env, request, path);
  if (response.status === 200 || response.status === 304) {
    response.headers.set("Cache-Control", HASHED.test(path) ? IMMUTABLE_CACHE : WIDGET_CACHE);
  }
  response.headers.set("Access-Control-Allow-Origin", "*");
  response.headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  response.headers.set("X-Content-Type-Options", "nosniff");
  return response;
}

/** GET/HEAD under /demo/. */
export async function serveDemo(env: Env, request: Request, path: string): Promise<Response> {
  const response = await fromAssets(env, request, path);
  response.headers.set("X-Content-Type-Options", "nosniff");
  return response;
}

/** GET (and HEAD) routes of the static files. */
export const assetsRoutes = new Hono<AppEnv>();

assetsRoutes.get("/:file{widget\\.js(?:\\.map)?}", (c) => serveWidgetFile(c.env, c.req.raw, `/${c.req.param("file")}`));
assetsRoutes.get("/widget-manifest.json", (c) => serveWidgetFile(c.env, c.req.raw, "/widget-manifest.json"));
assetsRoutes.get("/:file{widget\\.[A-Za-z0-9_-]{6,}\\.js(?:\\.map)?}", (c) => serveWidgetFile(c.env, c.req.raw, `/${c.req.param("file")}`));
assetsRoutes.get("/chunks/:file{[A-Za-z0-9._-]+\\.js(?:\\.map)?}", (c) => serveWidgetFile(c.env, c.req.raw, `/chunks/${c.req.param("file")}`));
assetsRoutes.get("/demo", (c) => c.redirect("/demo/", 301));
assetsRoutes.get("/demo/*", (c) => serveDemo(c.env, c.req.raw, new URL(c.req.url).pathname));
