/**
 * The point of sale's page as a browser gets it, through the asset layer's router (the EDGE
 * binding): /pos/ and /pos/{shop}/ are its index.html, never stored, under its strict CSP and
 * without Referer; its script is revalidated; anything else under /pos/ is the Worker's JSON 404.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { errorOf, ORIGIN } from "../support/http.js";

const EDGE = (env as unknown as { EDGE: Fetcher }).EDGE;
const fromEdge = (path: string, init: RequestInit = {}) => EDGE.fetch(new Request(new URL(path, ORIGIN), init));

const POS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

describe("the point of sale's page", () => {
  it("serves its index.html at /pos/ and /pos/{shop}/, never stored, under its CSP, without Referer", async () => {
    for (const path of ["/pos/", "/pos/demo-open/", "/pos/another_shop-2/"]) {
      const response = await fromEdge(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/text\/html/);
      expect(response.headers.get("Content-Security-Policy")).toBe(POS_CSP);
      expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(await response.text()).toContain("Point of sale fixture");
    }
    for (const [from, to] of [
      ["/pos", "/pos/"],
      ["/pos/demo-open", "/pos/demo-open/"],
    ]) {
      const redirect = await fromEdge(from ?? "", { redirect: "manual" });
      expect(redirect.status).toBe(301);
      expect(redirect.headers.get("Location")).toBe(to);
    }
  });

  it("serves its script revalidated under the page's CSP, and 404 for anything else under /pos/", async () => {
    const script = await fromEdge("/pos/pos.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("Content-Type")).toMatch(/javascript/);
    expect(script.headers.get("Cache-Control")).toBe("no-cache");
    expect(script.headers.get("Content-Security-Policy")).toBe(POS_CSP);
    expect(await script.text()).toContain("Point of sale script fixture");
    for (const path of ["/pos/Not A Shop/", "/pos/demo-open/extra", "/pos/index.html", "/pos/pos.css"]) {
      const response = await fromEdge(path);
      expect(response.status, path).toBe(404);
      expect((await errorOf(response)).code, path).toBe("not_found");
    }
  });
});
