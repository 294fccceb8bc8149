/**
 * The built widget and the demo as a browser gets them: through the asset layer's router (the
 * EDGE binding, vitest.config.ts), which serves the files itself with the headers of
 * public-headers/_headers (linked into fixtures/public/) and runs the Worker only for
 * wrangler.toml's run_worker_first routes and for paths that are not files.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, errorOf, ORIGIN } from "../support/http.js";

const EDGE = (env as unknown as { EDGE: Fetcher }).EDGE;

/** A request from outside, through the asset layer (not the Worker's fetch handler directly). */
function fromEdge(path: string, init: RequestInit = {}): Promise<Response> {
  return EDGE.fetch(new Request(new URL(path, ORIGIN), init));
}

const SHORT = "public, max-age=300, must-revalidate";
const IMMUTABLE = "public, max-age=31536000, immutable";
const DEMO_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const DASHBOARD_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const REFUND_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * A page the Worker hosts for a link with a secret in its fragment (the refund page, the receipt
 * page): HTML under the strict CSP, no Referer, never stored, not for other origins.
 */
function expectHostedPage(response: Response, path: string): void {
  expect(response.status, path).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/text\/html/);
  expect(response.headers.get("Content-Security-Policy")).toBe(REFUND_CSP);
  expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
}

/** The headers every widget file carries: a cross-origin module script, never sniffed. */
function expectWidgetFileHeaders(response: Response, cache: string): void {
  expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
  expect(response.headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("Cache-Control")).toBe(cache);
  expect(response.headers.get("Content-Security-Policy")).toBeNull();
}

/** Whether the checkout Worker answered (its responses carry X-Request-Id; the asset layer's do not). */
const fromWorker = (response: Response) => response.headers.has("X-Request-Id");

describe("static assets, through the asset layer", () => {
  it("serves /widget.js as a cross-origin module script with a short cache, without running the Worker", async () => {
    const response = await fromEdge("/widget.js");
    expect(response.status).toBe(200);
    expect(fromWorker(response)).toBe(false);
    expect(response.headers.get("Content-Type")).toMatch(/javascript/);
    expectWidgetFileHeaders(response, SHORT);
    expect(await response.text()).toContain("widget.0123abcd.js");
  });

  it("serves the content-hashed twin immutable, with CORS for Subresource Integrity", async () => {
    const response = await fromEdge("/widget.0123abcd.js", { headers: { Origin: "https://any-shop.example" } });
    expect(response.status).toBe(200);
    expect(fromWorker(response)).toBe(false);
    expectWidgetFileHeaders(response, IMMUTABLE);
    expect(await response.text()).toContain('fixture = "widget"');
  });

  it("serves hashed chunks immutable and the manifest with a short cache", async () => {
    const chunk = await fromEdge("/chunks/locale-de.0a1b2c3d.js");
    expect(chunk.status).toBe(200);
    expectWidgetFileHeaders(chunk, IMMUTABLE);
    const manifest = await fromEdge("/widget-manifest.json");
    expect(manifest.status).toBe(200);
    expectWidgetFileHeaders(manifest, SHORT);
    expect(await manifest.json()).toEqual({ file: "widget.0123abcd.js", integrity: "sha384-fixture" });
  });

  it("serves the source map of widget.js with CORS", async () => {
    const response = await fromEdge("/widget.js.map");
    expect(response.status).toBe(200);
    expectWidgetFileHeaders(response, SHORT);
    expect(((await response.json()) as { version: number }).version).toBe(3);
  });

  it("answers HEAD without a body, with the same headers", async () => {
    const response = await fromEdge("/widget.js", { method: "HEAD" });
    expect(response.status).toBe(200);
    expectWidgetFileHeaders(response, SHORT);
    expect(await response.text()).toBe("");
  });

  it("answers 304 to a matching If-None-Match, with the same headers", async () => {
    const etag = (await fromEdge("/widget.0123abcd.js")).headers.get("ETag") ?? "";
    expect(etag).not.toBe("");
    const response = await fromEdge("/widget.0123abcd.js", { headers: { "If-None-Match": etag } });
    expect(response.status).toBe(304);
    expectWidgetFileHeaders(response, IMMUTABLE);
  });

  it("answers 404 not_found (JSON, from the Worker) for a hashed name that does not exist", async () => {
    for (const path of ["/widget.ffffffff.js", "/chunks/locale-xx.00000000.js"]) {
      const response = await fromEdge(path);
      expect(response.status).toBe(404);
      expect(fromWorker(response)).toBe(true);
      expect((await errorOf(response)).code).toBe("not_found");
    }
  });

  it("serves the demo at /demo/ with its Content-Security-Policy and redirects /demo there", async () => {
    const page = await fromEdge("/demo/");
    expect(page.status).toBe(200);
    expect(fromWorker(page)).toBe(false);
    expect(page.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(page.headers.get("Content-Security-Policy")).toBe(DEMO_CSP);
    expect(page.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(page.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(await page.text()).toContain("Demo fixture");
    const redirect = await fromEdge("/demo", { redirect: "manual" });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("Location")).toBe("/demo/");
  });

  it("answers 404 not_found for a file missing under /demo/", async () => {
    const response = await fromEdge("/demo/nothing-here.js");
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("not_found");
  });

  it("serves the dashboard's index.html for every page of the app (deep links), never stored, under its CSP", async () => {
    const home = await fromEdge("/dashboard/");
    expect(fromWorker(home)).toBe(false);
    for (const response of [
      home,
      ...(await Promise.all(
        [
          "/dashboard/sign-in",
          "/dashboard/payments?status=CONFIRMED",
          "/dashboard/payments/pay_1?shop=demo-open",
          "/dashboard/webhooks",
          "/dashboard/settings",
        ].map((path) => fromEdge(path)),
      )),
    ]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/text\/html/);
      expect(response.headers.get("Content-Security-Policy")).toBe(DASHBOARD_CSP);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
      expect(await response.text()).toContain("Dashboard fixture");
    }
    const redirect = await fromEdge("/dashboard", { redirect: "manual" });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("Location")).toBe("/dashboard/");
    const deeper = await fromEdge("/dashboard/payments/pay_1/more");
    expect(deeper.status).toBe(404);
  });

  it("serves the refund page's index.html at /refund/{shop}/ for every shop, never stored, under its CSP, without Referer", async () => {
    for (const path of ["/refund/demo-open/", "/refund/another_shop-2/"]) {
      const response = await fromEdge(path);
      expectHostedPage(response, path);
      expect(await response.text()).toContain("Refund page fixture");
    }
    const redirect = await fromEdge("/refund/demo-open", { redirect: "manual" });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("Location")).toBe("/refund/demo-open/");
  });

  it("serves the refund page's script revalidated under the page's CSP, and 404 for anything else under /refund/", async () => {
    const script = await fromEdge("/refund/refund.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("Content-Type")).toMatch(/javascript/);
    expect(script.headers.get("Cache-Control")).toBe("no-cache");
    expect(script.headers.get("Content-Security-Policy")).toBe(REFUND_CSP);
    expect(await script.text()).toContain("Refund page script fixture");
    for (const path of [
      "/refund/",
      "/refund/Not A Shop/",
      "/refund/demo-open/extra",
      "/refund/index.html",
      "/refund/refund.css",
    ]) {
      const response = await fromEdge(path);
      expect(response.status, path).toBe(404);
      expect((await errorOf(response)).code, path).toBe("not_found");
    }
  });

  it("serves the receipt page's index.html at /receipt/{shop}/{paymentId} for every payment, never stored, under its CSP, without Referer", async () => {
    for (const path of ["/receipt/demo-open/pay_1", "/receipt/another_shop-2/3f9a1c-4/"]) {
      const response = await fromEdge(path);
      expectHostedPage(response, path);
      expect(await response.text()).toContain("Receipt page fixture");
    }
    const script = await fromEdge("/receipt/receipt.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("Cache-Control")).toBe("no-cache");
    expect(script.headers.get("Content-Security-Policy")).toBe(REFUND_CSP);
    expect(await script.text()).toContain("Receipt page script fixture");
    for (const path of [
      "/receipt/",
      "/receipt/demo-open",
      "/receipt/Not A Shop/pay_1",
      "/receipt/demo-open/a.b",
      "/receipt/demo-open/pay_1/x",
    ]) {
      const response = await fromEdge(path);
      expect(response.status, path).toBe(404);
      expect((await errorOf(response)).code, path).toBe("not_found");
    }
  });

  it("runs the Worker first for its own routes: /api/*, /hooks/*, /demo/api/*", async () => {
    const unknownShop = await fromEdge("/api/shops/no-such-shop");
    expect(fromWorker(unknownShop)).toBe(true);
    expect((await errorOf(unknownShop)).code).toBe("unknown_shop");
    const hook = await fromEdge("/hooks/demo-open", { method: "GET" });
    expect(hook.status).toBe(405);
    expect((await errorOf(hook)).code).toBe("method_not_allowed");
    const demoApi = await fromEdge("/demo/api/order-token", { method: "GET" });
    expect(fromWorker(demoApi)).toBe(true);
    expect(demoApi.headers.get("Content-Security-Policy")).toBeNull();
  });
});

describe("static assets, the Worker's own routes (a request that reaches it)", () => {
  it("serves a file from the ASSETS binding, whose responses carry the same headers", async () => {
    const response = await call("/widget.0123abcd.js");
    expect(response.status).toBe(200);
    expectWidgetFileHeaders(response, IMMUTABLE);
    expect(await response.text()).toContain('fixture = "widget"');
  });

  it("answers 404 not_found (JSON) for a hashed name that does not exist", async () => {
    const response = await call("/widget.ffffffff.js");
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("not_found");
  });
});
