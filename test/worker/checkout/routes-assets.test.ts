import { describe, expect, it } from "vitest";
import { call, errorOf } from "./support/http.js";

describe("static assets", () => {
  it("serves /widget.js as a cross-origin module script with a short cache", async () => {
    const response = await call("/widget.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/javascript/);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300, must-revalidate");
    expect(await response.text()).toContain("widget.0123abcd.js");
  });

  it("serves the content-hashed twin immutable, with CORS for Subresource Integrity", async () => {
    const response = await call("/widget.0123abcd.js", { headers: { Origin: "https://any-shop.example" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(await response.text()).toContain('fixture = "widget"');
  });

  it("serves hashed chunks immutable and the manifest with a short cache", async () => {
    const chunk = await call("/chunks/locale-de.0a1b2c3d.js");
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const manifest = await call("/widget-manifest.json");
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("Cache-Control")).toBe("public, max-age=300, must-revalidate");
    expect(await manifest.json()).toEqual({ file: "widget.0123abcd.js", integrity: "sha384-fixture" });
  });

  it("serves the source map of widget.js with CORS", async () => {
    const response = await call("/widget.js.map");
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(((await response.json()) as { version: number }).version).toBe(3);
  });

  it("answers HEAD without a body", async () => {
    const response = await call("/widget.js", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });

  it("answers 404 not_found (JSON) for a hashed name that does not exist", async () => {
    const response = await call("/widget.ffffffff.js");
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("not_found");
  });

  it("serves the demo at /demo/ and redirects /demo there", async () => {
    const page = await call("/demo/");
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(await page.text()).toContain("Demo fixture");
    const redirect = await call("/demo", { redirect: "manual" });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("Location")).toBe("/demo/");
  });

  it("answers 404 not_found for a file missing under /demo/", async () => {
    const response = await call("/demo/nothing-here.js");
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("not_found");
  });
});
