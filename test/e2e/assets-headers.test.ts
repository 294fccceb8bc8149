/**
 * The built widget and demo as `wrangler dev` serves them: by the asset layer, without the checkout
 * Worker (wrangler.toml's run_worker_first lists only the Worker's routes), with the headers of
 * dist/public/_headers (public-headers/_headers). The workerd tests (routes-assets.test.ts) check
 * the same rules on fixture files; this checks the real build and the real dev server.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { ROOT } from "../../scripts/servers.mjs";
import { useChromium } from "./support/browser.js";
import { demoUrl, uniqueOrder, violations, waitForPayment } from "./support/checkout-page.js";

const newCustomer = useChromium();
const publicDir = join(ROOT, "dist", "public");
const SHORT = "public, max-age=300, must-revalidate";
const IMMUTABLE = "public, max-age=31536000, immutable";

function get(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${inject("checkoutUrl")}${path}`, { redirect: "manual", ...init });
}

/** The asset layer answered (the Worker's responses carry X-Request-Id). */
function expectAssetLayer(response: Response): void {
  expect(response.headers.get("x-request-id")).toBeNull();
}

function expectWidgetFile(response: Response, cache: string): void {
  expect(response.status).toBe(200);
  expectAssetLayer(response);
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("cache-control")).toBe(cache);
}

describe("static assets under wrangler dev", () => {
  it("widget.js, its map and the manifest: CORS, nosniff, a short cache", async () => {
    const entry = await get("/widget.js");
    expectWidgetFile(entry, SHORT);
    expect(entry.headers.get("content-type")).toMatch(/javascript/);
    expect(Buffer.from(await entry.arrayBuffer()).equals(readFileSync(join(publicDir, "widget.js")))).toBe(true);
    expectWidgetFile(await get("/widget.js.map"), SHORT);
    expectWidgetFile(await get("/widget-manifest.json"), SHORT);
  });

  it("the hashed twin and every chunk: CORS, nosniff, immutable; 304 keeps the headers", async () => {
    const { file } = JSON.parse(readFileSync(join(publicDir, "widget-manifest.json"), "utf8")) as { file: string };
    const twin = await get(`/${file}`, { headers: { Origin: "https://any-shop.example" } });
    expectWidgetFile(twin, IMMUTABLE);
    const revalidated = await get(`/${file}`, { headers: { "If-None-Match": twin.headers.get("etag") ?? "" } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(revalidated.headers.get("access-control-allow-origin")).toBe("*");
    const chunks = readdirSync(join(publicDir, "chunks"));
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expectWidgetFile(await get(`/chunks/${chunk}`), IMMUTABLE);
  });

  it("the demo: its Content-Security-Policy and nosniff on the page and its files, /demo redirected", async () => {
    for (const path of ["/demo/", "/demo/demo.js", "/demo/demo.css"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expectAssetLayer(response);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'none'; script-src 'self';/);
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
    }
    const redirect = await get("/demo");
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toBe("/demo/");
  });

  it("a name that is not a file reaches the Worker: JSON 404 not_found", async () => {
    for (const path of ["/widget.ffffffffffff.js", "/chunks/nothing.js", "/demo/nothing-here.js"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("x-request-id")).not.toBeNull();
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
  });

  it("the demo page works under the policy it is served with: no violation", async () => {
    const context = await newCustomer();
    const page = await context.newPage();
    const url = demoUrl({ order: uniqueOrder("served-csp"), amount: "3.00" });
    const documentResponse = page.waitForResponse(url);
    await page.goto(url);
    expect((await documentResponse).headers()["content-security-policy"]).toMatch(/^default-src 'none';/);
    await waitForPayment(page, "NEW");
    await page.locator("crypto-checkout [part=qr] svg").waitFor();
    await page.locator("#snippet").filter({ hasText: "integrity=" }).waitFor();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
