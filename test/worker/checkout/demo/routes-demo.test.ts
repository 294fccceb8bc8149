import { env } from "cloudflare:workers";
import { jwtVerify } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_DEMO_BODY } from "../../../../worker/checkout/demo/demo-routes.js";
import type { Env } from "../../../../worker/checkout/env.js";
import { call, callWith, errorOf, ORIGIN, postJson } from "../support/http.js";
import { freshOrderId } from "../support/orders.js";
import { TEST_SECRETS } from "../support/test-env.js";
import { useUpstream } from "../support/stubs.js";

const stubs = useUpstream();

describe("POST /demo/api/order-token (DEMO_MODE)", () => {
  it("signs an order token for the signed sandbox shop that the create route accepts", async () => {
    const orderId = freshOrderId();
    const response = await postJson("/demo/api/order-token", {
      shop: "demo-signed",
      orderId,
      priceAmount: "12.34",
      priceCurrency: "EUR",
    });
    expect(response.status).toBe(200);
    const { orderToken } = (await response.json()) as { orderToken: string };
    const { payload, protectedHeader } = await jwtVerify(
      orderToken,
      new TextEncoder().encode(TEST_SECRETS.DEMO_ORDER_SIGNING_KEY),
    );
    expect(protectedHeader.alg).toBe("HS256");
    expect(payload).toMatchObject({ orderId, priceAmount: "12.34", priceCurrency: "EUR", shop: "demo-signed" });
    expect(typeof payload.exp).toBe("number");
    const created = await postJson("/api/shops/demo-signed/payments", { orderId, transferCurrency: "BTC", orderToken });
    expect(created.status).toBe(201);
  });

  it("refuses a shop without signed pricing, an unknown shop, and a bad body", async () => {
    const open = await postJson("/demo/api/order-token", {
      shop: "demo-open",
      orderId: "o-1",
      priceAmount: "1.00",
      priceCurrency: "EUR",
    });
    expect(open.status).toBe(400);
    expect((await errorOf(open)).code).toBe("invalid_request");
    const unknown = await postJson("/demo/api/order-token", {
      shop: "nope",
      orderId: "o-1",
      priceAmount: "1.00",
      priceCurrency: "EUR",
    });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("unknown_shop");
    const bad = await postJson("/demo/api/order-token", { shop: "demo-signed", orderId: "o-1", priceAmount: 1 });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_request");
  });

  it("refuses a page of another origin", async () => {
    const response = await postJson(
      "/demo/api/order-token",
      { shop: "demo-signed", orderId: "o-1", priceAmount: "1.00", priceCurrency: "EUR" },
      { Origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe("origin_not_allowed");
  });

  it("serves this Worker's own pages only: a shop's allowed origin is refused, PUBLIC_URL's origin is this Worker's", async () => {
    const body = { shop: "demo-signed", orderId: freshOrderId(), priceAmount: "1.00", priceCurrency: "EUR" };
    // http://127.0.0.1:8787 is one of demo-signed's allowedOrigins: it may create payments, not sign tokens.
    const shopPage = await postJson("/demo/api/order-token", body, { Origin: "http://127.0.0.1:8787" });
    expect(shopPage.status).toBe(403);
    expect((await errorOf(shopPage)).code).toBe("origin_not_allowed");
    expect((await postJson("/demo/api/order-token", body, { Origin: ORIGIN })).status).toBe(200);
    const init = {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://pay.example.com" },
      body: JSON.stringify(body),
    };
    expect(
      (await callWith({ PUBLIC_URL: "https://pay.example.com/checkout" }, "/demo/api/order-token", init)).status,
    ).toBe(200);
  });

  it("refuses a body over 16 KiB (413 invalid_request)", async () => {
    const response = await postJson("/demo/api/order-token", {
      shop: "demo-signed",
      orderId: "o-1",
      priceAmount: "1.00",
      priceCurrency: "EUR",
      pad: "x".repeat(MAX_DEMO_BODY),
    });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe("invalid_request");
  });
});

describe("/demo/api/sandbox/* (DEMO_MODE)", () => {
  it("forwards to the sandbox control API with method, body and query", async () => {
    const response = await postJson("/demo/api/sandbox/payments/pay_1/transactions?x=1", { amount: "0.001" });
    // The stub knows no /sandbox routes and answers 404 after authentication fails with 401:
    // what matters here is what reached it.
    expect([401, 404]).toContain(response.status);
    const sent = stubs.upstream.calls.at(-1);
    expect(sent).toMatchObject({
      method: "POST",
      path: "/sandbox/payments/pay_1/transactions?x=1",
      body: '{"amount":"0.001"}',
      authorization: null,
    });
  });

  it("answers 502 upstream_unavailable when the sandbox is down", async () => {
    stubs.upstream.fail("GET", "/sandbox/", "network");
    const response = await call("/demo/api/sandbox/health");
    expect(response.status).toBe(502);
    expect((await errorOf(response)).code).toBe("upstream_unavailable");
  });

  it("refuses a page of another origin, before anything reaches the sandbox", async () => {
    for (const origin of ["https://evil.example", "http://127.0.0.1:8787", "null"]) {
      const response = await postJson(
        "/demo/api/sandbox/payments/pay_1/transactions",
        { amount: "0.001" },
        { Origin: origin },
      );
      expect(response.status, origin).toBe(403);
      expect((await errorOf(response)).code).toBe("origin_not_allowed");
    }
    expect(stubs.upstream.count()).toBe(0);
    const own = await postJson(
      "/demo/api/sandbox/payments/pay_1/transactions",
      { amount: "0.001" },
      { Origin: ORIGIN },
    );
    expect(own.status).not.toBe(403);
    expect(stubs.upstream.count()).toBe(1);
  });

  it("forwards a body of up to 16 KiB and refuses a larger one (413 invalid_request) without forwarding it", async () => {
    const largest = `"${"x".repeat(MAX_DEMO_BODY - 2)}"`;
    expect((await postJson("/demo/api/sandbox/payments/pay_1/transactions", largest)).status).not.toBe(413);
    expect(stubs.upstream.count()).toBe(1);
    const response = await postJson("/demo/api/sandbox/payments/pay_1/transactions", `${largest} `);
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe("invalid_request");
    // Without Content-Length (a streamed body) the limit holds too.
    const stream = new Blob([`${largest} `]).stream();
    const streamed = await call("/demo/api/sandbox/payments/pay_1/transactions", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(stubs.upstream.count()).toBe(1);
  });

  it("refuses paths that climb out of /sandbox/", async () => {
    const response = await call("/demo/api/sandbox/%2e%2e/v3/payments");
    expect(response.status).toBe(404);
    expect(stubs.upstream.count()).toBe(0);
  });
});

/** Where the tests pretend the reference shop backend listens (DEMO_BACKEND_URL). */
const BACKEND_URL = "http://shop-backend.test:8789";

interface BackendCall {
  url: string;
  method: string;
  signal: AbortSignal | null;
}

/**
 * The shop backend's /received for one test: replaces `globalThis.fetch` for BACKEND_URL (the
 * Worker and the test share one isolate) and passes every other request to the fetch it replaced,
 * so it chains with the upstream stub: installed after it, restored before it.
 */
function stubBackend(answer: (url: URL) => Response | Promise<Response>): {
  calls: BackendCall[];
  restore: () => void;
} {
  const previous = globalThis.fetch;
  const calls: BackendCall[] = [];
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== new URL(BACKEND_URL).origin) return previous(input, init);
    calls.push({ url: request.url, method: request.method, signal: init?.signal ?? null });
    return Promise.resolve(answer(url));
  };
  return { calls, restore: () => (globalThis.fetch = previous) };
}

const ENTRY = {
  seq: 3,
  at: "2026-05-01T10:00:00.000Z",
  webhookId: "msg_1",
  type: "payment.updated",
  shop: "demo-open",
  orderId: "NW-1234",
  verified: true,
  outcome: "paid",
  message: "order NW-1234 paid (49.90 EUR), signature verified",
};

describe("GET /demo/api/backend/received (DEMO_MODE)", () => {
  let backend: ReturnType<typeof stubBackend> | undefined;
  afterEach(() => {
    backend?.restore();
    backend = undefined;
  });

  it("forwards the cursor to the shop backend and passes its entries through, uncached", async () => {
    backend = stubBackend(() => Response.json({ entries: [ENTRY], next: 3 }));
    const response = await callWith({ DEMO_BACKEND_URL: `${BACKEND_URL}/` }, "/demo/api/backend/received?after=2");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ entries: [ENTRY], next: 3 });
    expect(backend.calls).toHaveLength(1);
    expect(backend.calls[0]).toMatchObject({ url: `${BACKEND_URL}/received?after=2`, method: "GET" });
    expect(backend.calls[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it("asks from the start when no cursor is given", async () => {
    backend = stubBackend(() => Response.json({ entries: [], next: 0 }));
    const response = await callWith({ DEMO_BACKEND_URL: BACKEND_URL }, "/demo/api/backend/received");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ entries: [], next: 0 });
    expect(backend.calls.map((c) => c.url)).toEqual([`${BACKEND_URL}/received?after=0`]);
  });

  it("answers 400 invalid_request for a cursor that is not 1 to 15 digits, without calling the backend", async () => {
    backend = stubBackend(() => Response.json({ entries: [], next: 0 }));
    for (const after of ["", "-1", "1.5", "abc", "1e3", "1234567890123456", "%201", "0x10"]) {
      const response = await callWith({ DEMO_BACKEND_URL: BACKEND_URL }, `/demo/api/backend/received?after=${after}`);
      expect(response.status, `after=${after}`).toBe(400);
      expect((await errorOf(response)).code).toBe("invalid_request");
    }
    expect(backend.calls).toHaveLength(0);
  });

  it("answers 502 upstream_unavailable when DEMO_BACKEND_URL is unset or not an http(s) URL", async () => {
    backend = stubBackend(() => Response.json({ entries: [], next: 0 }));
    for (const value of [undefined, "", "not a url", "ftp://shop-backend.test/", "javascript:alert(1)"]) {
      const response = await callWith({ DEMO_BACKEND_URL: value }, "/demo/api/backend/received?after=0");
      expect(response.status, String(value)).toBe(502);
      expect((await errorOf(response)).code).toBe("upstream_unavailable");
    }
    expect(backend.calls).toHaveLength(0);
  });

  it("answers 502 upstream_unavailable when the backend cannot be reached", async () => {
    backend = stubBackend(() => Promise.reject(new TypeError("Network connection lost.")));
    const response = await callWith({ DEMO_BACKEND_URL: BACKEND_URL }, "/demo/api/backend/received?after=0");
    expect(response.status).toBe(502);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect((await errorOf(response)).code).toBe("upstream_unavailable");
    expect(backend.calls).toHaveLength(1);
  });

  it("answers 502 upstream_error when the backend answers an error or no JSON", async () => {
    backend = stubBackend((url) =>
      url.searchParams.get("after") === "1"
        ? Response.json({ error: "not_found" }, { status: 404 })
        : new Response("<html>oops"),
    );
    for (const after of ["1", "2"]) {
      const response = await callWith({ DEMO_BACKEND_URL: BACKEND_URL }, `/demo/api/backend/received?after=${after}`);
      expect(response.status).toBe(502);
      expect((await errorOf(response)).code).toBe("upstream_error");
    }
  });

  it("is only a GET route", async () => {
    backend = stubBackend(() => Response.json({ entries: [], next: 0 }));
    const response = await callWith({ DEMO_BACKEND_URL: BACKEND_URL }, "/demo/api/backend/received?after=0", {
      method: "POST",
      body: "{}",
    });
    expect(response.status).toBe(405);
    expect((await errorOf(response)).code).toBe("method_not_allowed");
    expect(backend.calls).toHaveLength(0);
  });

  it('does not exist unless DEMO_MODE is "true"', async () => {
    backend = stubBackend(() => Response.json({ entries: [ENTRY], next: 3 }));
    for (const mode of ["false", undefined]) {
      const response = await callWith(
        { DEMO_MODE: mode, DEMO_BACKEND_URL: BACKEND_URL },
        "/demo/api/backend/received?after=0",
      );
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe("not_found");
    }
    expect(backend.calls).toHaveLength(0);
  });
});

describe("demo routes beside a production shop", () => {
  const shops = (extra: unknown) =>
    JSON.stringify([...(JSON.parse((env as unknown as Env).SHOPS ?? "[]") as unknown[]), extra]);
  const production = [
    { id: "acme", environment: "production" },
    {
      id: "acme-full",
      name: "Acme",
      environment: "production",
      apiKeyId: "acme",
      secrets: { apiKeySecret: "DEMO_API_KEY_SECRET" },
      pricing: "open",
      limits: { min: "1.00", max: "10.00" },
      priceCurrencies: ["EUR"],
      transferCurrencies: ["BTC"],
    },
  ];

  it('answers 404 not_found on every demo route even with DEMO_MODE "true", and calls nothing', async () => {
    const backend = stubBackend(() => Response.json({ entries: [], next: 0 }));
    try {
      for (const entry of production) {
        const bindings: Partial<Env> = { DEMO_MODE: "true", SHOPS: shops(entry), DEMO_BACKEND_URL: BACKEND_URL };
        const token = await callWith(bindings, "/demo/api/order-token", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ shop: "demo-signed", orderId: "o-1", priceAmount: "1.00", priceCurrency: "EUR" }),
        });
        const sandbox = await callWith(bindings, "/demo/api/sandbox/health");
        const received = await callWith(bindings, "/demo/api/backend/received?after=0");
        for (const response of [token, sandbox, received]) {
          expect(response.status, entry.id).toBe(404);
          expect((await errorOf(response)).code).toBe("not_found");
        }
      }
      expect(stubs.upstream.count()).toBe(0);
      expect(backend.calls).toHaveLength(0);
      // The same bindings without the production shop serve them.
      expect((await callWith({ DEMO_MODE: "true" }, "/demo/api/sandbox/health")).status).not.toBe(404);
    } finally {
      backend.restore();
    }
  });
});
