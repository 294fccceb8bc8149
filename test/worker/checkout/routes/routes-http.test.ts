import { afterEach, describe, expect, it, vi } from "vitest";
import { call, callWith, errorOf, postJson } from "../support/http.js";
import { freshOrderId } from "../support/orders.js";
import { useUpstream } from "../support/stubs.js";

const stubs = useUpstream();

const ALLOWED = "http://localhost:8787";
const order = () => ({ orderId: freshOrderId(), priceAmount: "10.00", priceCurrency: "EUR", transferCurrency: "BTC" });

describe("CORS", () => {
  it("answers a preflight from an allowed origin", async () => {
    const response = await call("/api/shops/demo-open/payments", {
      method: "OPTIONS",
      headers: {
        Origin: ALLOWED,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    expect(response.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(response.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("content-type");
    expect(response.headers.get("Vary")).toContain("Origin");
  });

  it("refuses a preflight from another origin (403 origin_not_allowed) without allowing any method or header", async () => {
    const response = await call("/api/shops/demo-open/payments", {
      method: "OPTIONS",
      headers: {
        Origin: "https://evil.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("Access-Control-Allow-Methods")).toBeNull();
    expect(response.headers.get("Access-Control-Allow-Headers")).toBeNull();
    expect((await errorOf(response)).code).toBe("origin_not_allowed");
  });

  it("lets a refused origin read the refusal, and only that: its own origin, the shop, the docs", async () => {
    const response = await call("/api/shops/demo-open", { headers: { Origin: "http://127.0.0.1:9100" } });
    expect(response.status).toBe(403);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("http://127.0.0.1:9100");
    expect(response.headers.get("Vary")).toContain("Origin");
    expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(response.headers.get("Access-Control-Expose-Headers")).toBeNull();
    expect(await errorOf(response)).toEqual({
      code: "origin_not_allowed",
      message:
        "origin http://127.0.0.1:9100 is not in allowedOrigins of shop demo-open — see docs/checkout.md#allowed-origins",
      kind: "origin",
      retryable: false,
    });
  });

  it("makes the errors of every route the element calls readable by the page: settings, create, view, stream", async () => {
    for (const origin of [ALLOWED, "http://127.0.0.1:9100"]) {
      const answers = [
        await call("/api/shops/demo-open", { headers: { Origin: origin } }),
        await postJson("/api/shops/demo-open/payments", { orderId: "x" }, { Origin: origin }),
        await call("/api/shops/demo-open/payments/pay_unknown_x", { headers: { Origin: origin } }),
        await call("/api/shops/demo-open/payments/pay_unknown_x/stream", { headers: { Origin: origin } }),
      ];
      for (const response of answers) {
        if (origin === ALLOWED && response.status < 400) {
          await response.body?.cancel();
          continue;
        }
        expect(response.status, `${origin} ${response.url}`).toBeGreaterThanOrEqual(400);
        expect(response.headers.get("Access-Control-Allow-Origin"), `${origin} ${response.url}`).toBe(origin);
        const error = await errorOf(response);
        if (origin !== ALLOWED) expect(error.code).toBe("origin_not_allowed");
      }
    }
  });

  it("gives an unknown shop's 404 no CORS headers, whatever the origin", async () => {
    for (const origin of [ALLOWED, "http://127.0.0.1:9100"]) {
      const response = await call("/api/shops/no-such-shop", { headers: { Origin: origin } });
      expect(response.status).toBe(404);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
      expect((await errorOf(response)).code).toBe("unknown_shop");
    }
  });

  it("gives an allowed origin the CORS headers, the exposed ETag and request id", async () => {
    const response = await call("/api/shops/demo-open", { headers: { Origin: ALLOWED } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    expect(response.headers.get("Access-Control-Expose-Headers")).toContain("ETag");
  });

  it("puts the CORS headers on error responses too, so the widget can read the error", async () => {
    const response = await postJson("/api/shops/demo-open/payments", { orderId: "x" }, { Origin: ALLOWED });
    expect(response.status).toBe(400);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    expect(response.headers.get("Access-Control-Expose-Headers")).toContain("Retry-After");
    expect((await errorOf(response)).code).toBe("invalid_request");
  });

  it("allows the Worker's own origin without listing it", async () => {
    const response = await call("/api/shops/demo-open", { headers: { Origin: "https://checkout.test" } });
    expect(response.status).toBe(200);
  });

  it("creates from a text/plain body (the element's, a request the browser sends without a preflight)", async () => {
    const body = order();
    const response = await postJson("/api/shops/demo-open/payments", body, {
      Origin: ALLOWED,
      "Content-Type": "text/plain;charset=UTF-8",
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    expect(((await response.json()) as { externalPaymentId: string }).externalPaymentId).toBe(
      `demo-open:${body.orderId}`,
    );
    expect(stubs.upstream.count("POST", "/v3/payments")).toBe(1);
  });

  it("refuses a text/plain create from another origin before anything else happens (no preflight guards it)", async () => {
    const response = await postJson("/api/shops/demo-open/payments", order(), {
      Origin: "https://evil.example",
      "Content-Type": "text/plain",
    });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe("origin_not_allowed");
    expect(stubs.upstream.count()).toBe(0);
  });

  it("refuses a text/plain create that is not JSON (400 invalid_request)", async () => {
    const response = await postJson("/api/shops/demo-open/payments", "{not json", {
      Origin: ALLOWED,
      "Content-Type": "text/plain",
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("invalid_request");
    expect(stubs.upstream.count()).toBe(0);
  });

  it("reads text/plain as JSON for the create only: another JSON route still asks for application/json", async () => {
    const body = { shop: "demo-signed", orderId: freshOrderId(), priceAmount: "12.34", priceCurrency: "EUR" };
    expect((await postJson("/demo/api/order-token", body)).status).toBe(200);
    const plain = await postJson("/demo/api/order-token", body, { "Content-Type": "text/plain" });
    expect(plain.status).toBe(400);
    expect((await errorOf(plain)).code).toBe("invalid_request");
  });

  it("refuses a create from another origin before anything else happens", async () => {
    const response = await postJson("/api/shops/demo-open/payments", order(), { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe("origin_not_allowed");
    expect(stubs.upstream.count()).toBe(0);
  });

  it("refuses the opaque origin null", async () => {
    const response = await call("/api/shops/demo-open", { headers: { Origin: "null" } });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe("origin_not_allowed");
  });

  it("lets requests without an Origin through (server to server)", async () => {
    expect((await postJson("/api/shops/demo-open/payments", order())).status).toBe(201);
  });
});

describe("the access log line of an error", () => {
  const lines: Record<string, unknown>[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    lines.length = 0;
  });
  const logged = async (path: string, init: RequestInit) => {
    vi.spyOn(console, "log").mockImplementation((line: unknown) => {
      lines.push(JSON.parse(String(line)) as Record<string, unknown>);
    });
    const response = await call(path, init);
    await response.body?.cancel();
    return lines.find((line) => line.event === "request");
  };

  it("names the code, the shop and the origin of a refused origin", async () => {
    expect(await logged("/api/shops/demo-open", { headers: { Origin: "http://127.0.0.1:9100" } })).toMatchObject({
      status: 403,
      code: "origin_not_allowed",
      shop: "demo-open",
      origin: "http://127.0.0.1:9100",
    });
  });

  it("names the code and shop of an error inside a route, and of a backend API refusal", async () => {
    expect(
      await logged("/api/shops/demo-open/payments", {
        method: "POST",
        headers: { Origin: ALLOWED, "Content-Type": "application/json" },
        body: "{}",
      }),
    ).toMatchObject({
      status: 400,
      code: "invalid_request",
      shop: "demo-open",
      origin: ALLOWED,
    });
    lines.length = 0;
    expect(await logged("/api/shops/demo-open/orders/NW-1", {})).toMatchObject({
      status: 401,
      code: "unauthorized",
      shop: "demo-open",
    });
  });

  it("names the code of an unknown route, and adds nothing to a success", async () => {
    expect(await logged("/nothing-here", {})).toMatchObject({ status: 404, code: "not_found" });
    lines.length = 0;
    const ok = await logged("/api/shops/demo-open", { headers: { Origin: ALLOWED } });
    expect(ok).toMatchObject({ status: 200 });
    expect(ok).not.toHaveProperty("code");
    expect(ok).not.toHaveProperty("origin");
  });
});

describe("error bodies", () => {
  it("carry the code's kind and whether trying again can help (wire.ts, ERROR_KINDS)", async () => {
    expect(await errorOf(await call("/api/shops/no-such-shop"))).toMatchObject({
      code: "unknown_shop",
      kind: "setup",
      retryable: false,
    });
    expect(await errorOf(await postJson("/api/shops/demo-open/payments", { orderId: "x" }))).toMatchObject({
      code: "invalid_request",
      kind: "setup",
      retryable: false,
    });
    expect(await errorOf(await call("/api/shops/demo-open/orders/NW-1"))).toMatchObject({
      code: "unauthorized",
      kind: "setup",
      retryable: false,
    });
  });
});

describe("routing errors", () => {
  it.each([
    "/",
    "/api",
    "/api/shops",
    "/api/shops/demo-open/orders",
    "/widget",
    "/hooks",
    "/.env",
    "/api/shops/demo-open/payments/p/stream/x",
  ])("answers 404 not_found for %s", async (path) => {
    const response = await call(path);
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect((await errorOf(response)).code).toBe("not_found");
  });

  it.each([
    ["DELETE", "/api/shops/demo-open", "GET"],
    ["PUT", "/api/shops/demo-open/payments", "POST"],
    ["GET", "/api/shops/demo-open/payments", "POST"],
    ["POST", "/api/shops/demo-open/payments/pay_1", "GET"],
    ["GET", "/hooks/demo-open", "POST"],
    ["POST", "/widget.js", "GET"],
  ])("answers 405 method_not_allowed to %s %s with Allow", async (method, path, allowed) => {
    const response = await call(path, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toContain(allowed);
    expect((await errorOf(response)).code).toBe("method_not_allowed");
    expect(stubs.upstream.count()).toBe(0);
  });
});

describe("creation rate limit", () => {
  it("answers 429 rate_limited with Retry-After once one client made too many creates, other clients unaffected", async () => {
    const ip = "203.0.113.77";
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 30 && !limited; i += 1) {
      const response = await postJson("/api/shops/demo-open/payments", { orderId: "o" }, { "CF-Connecting-IP": ip });
      statuses.push(response.status);
      if (response.status === 429) limited = response;
    }
    if (!limited) throw new Error(`never limited: ${statuses.join(",")}`);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect((await errorOf(limited)).code).toBe("rate_limited");
    expect((await postJson("/api/shops/demo-open/payments", order())).status).toBe(201);
  });
});

describe("server errors", () => {
  it("answers 500 internal_error without details for a shop whose configuration is broken", async () => {
    const shops = JSON.stringify([
      {
        id: "broken",
        name: "B",
        environment: "sandbox",
        apiKeyId: "k",
        secrets: { apiKeySecret: "DEMO_API_KEY_SECRET" },
        pricing: "signed",
        priceCurrencies: ["EUR"],
        transferCurrencies: ["BTC"],
      },
    ]);
    const response = await callWith({ SHOPS: shops }, "/api/shops/broken");
    expect(response.status).toBe(500);
    const error = await errorOf(response);
    expect(error.code).toBe("internal_error");
    expect(error.message).not.toMatch(/orderSigningKey|secrets|at \//);
  });

  it("answers 500 internal_error when a shop's API key secret is not set, before calling the upstream", async () => {
    const response = await callWith({ DEMO_API_KEY_SECRET: undefined }, "/api/shops/demo-open/payments/pay_1");
    expect(response.status).toBe(500);
    expect((await errorOf(response)).code).toBe("internal_error");
    expect(stubs.upstream.count()).toBe(0);
  });
});

describe("POST /hooks/{shop} (mounted)", () => {
  it("answers 401 invalid_signature to a forged notification and 404 unknown_shop to an unknown shop", async () => {
    const body = JSON.stringify({ timestamp: new Date().toISOString(), notificationType: "v3/payment", body: {} });
    const forged = await call("/hooks/demo-open", {
      method: "POST",
      headers: { "X-Signature": "ab".repeat(32) },
      body,
    });
    expect(forged.status).toBe(401);
    expect((await errorOf(forged)).code).toBe("invalid_signature");
    const unknown = await call("/hooks/nope", { method: "POST", body });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("unknown_shop");
    expect(stubs.upstream.count()).toBe(0);
  });

  it("refuses a notification body over 256 KB with 413", async () => {
    const response = await call("/hooks/demo-open", { method: "POST", body: "x".repeat(300 * 1024) });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe("invalid_request");
  });
});
