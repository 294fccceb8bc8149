import { describe, expect, it } from "vitest";
import { createV3Client } from "../../../worker/v3/client.js";
import { backoffDelay } from "../../../worker/v3/transport.js";
import { failure, thrown } from "./support/failure.js";
import {
  KEY_ID,
  KEY_SECRET,
  PAYMENT_ID,
  PAYMENT_WITH_STRINGS,
  clientOn,
  hang,
  jsonResponse,
  stubUpstream,
} from "./support/stub-upstream.js";

describe("retries of idempotent GETs", () => {
  it("retries a GET on 503 and 502, then succeeds", async () => {
    const stub = stubUpstream((_req, n) =>
      n < 3 ? jsonResponse("{}", n === 1 ? 503 : 502) : jsonResponse(PAYMENT_WITH_STRINGS),
    );
    const payment = await clientOn(stub).getPayment(PAYMENT_ID);
    expect(payment.paymentId).toBe(PAYMENT_ID);
    expect(stub.calls).toHaveLength(3);
    expect(stub.calls.every((c) => c.method === "GET" && c.url.pathname.endsWith(`/v3/payments/${PAYMENT_ID}`))).toBe(
      true,
    );
  });

  it("retries a GET on 429", async () => {
    const stub = stubUpstream((_req, n) =>
      n === 1 ? jsonResponse('{"error":"slow down"}', 429) : jsonResponse(PAYMENT_WITH_STRINGS),
    );
    await clientOn(stub).getPayment(PAYMENT_ID);
    expect(stub.calls).toHaveLength(2);
  });

  it("gives up after 1 + retries attempts with the last error", async () => {
    const stub = stubUpstream(() => jsonResponse('{"error":"down"}', 500));
    const error = await failure(clientOn(stub, { retries: 3 }).getPayment(PAYMENT_ID));
    expect([error.kind, error.code, error.status, error.retryable]).toEqual(["http", "upstream_http_500", 500, true]);
    expect(stub.calls).toHaveLength(4);
  });

  it("does not retry a 4xx other than 429", async () => {
    const stub = stubUpstream(() => jsonResponse('{"error":"bad"}', 400));
    const error = await failure(clientOn(stub).getPayment(PAYMENT_ID));
    expect(error.retryable).toBe(false);
    expect(stub.calls).toHaveLength(1);
  });

  it("does not retry garbage JSON (the upstream answered)", async () => {
    const stub = stubUpstream(() => jsonResponse("{not json"));
    const error = await failure(clientOn(stub).getPayment(PAYMENT_ID));
    expect(error.code).toBe("invalid_json");
    expect(stub.calls).toHaveLength(1);
  });

  it("backoff is full jitter below an exponentially growing, bounded ceiling", () => {
    const policy = { timeoutMs: 1, retries: 5, baseDelayMs: 100, maxDelayMs: 1000, secrets: [] };
    expect(backoffDelay(1, { ...policy, random: () => 0.999 })).toBe(99);
    expect(backoffDelay(2, { ...policy, random: () => 0.999 })).toBe(199);
    expect(backoffDelay(3, { ...policy, random: () => 0.5 })).toBe(200);
    expect(backoffDelay(10, { ...policy, random: () => 0.999 })).toBe(999);
    expect(backoffDelay(4, { ...policy, random: () => 0 })).toBe(0);
  });
});

describe("timeouts and network failures", () => {
  it("times out an upstream that does not answer, as kind timeout, and retries the GET", async () => {
    const stub = stubUpstream((_req, _n, signal) => hang(signal));
    const error = await failure(clientOn(stub, { timeoutMs: 30, retries: 1 }).getPayment(PAYMENT_ID));
    expect([error.kind, error.code, error.retryable]).toEqual(["timeout", "upstream_timeout", true]);
    expect(stub.calls).toHaveLength(2);
  });

  it("times out even when the fetch implementation ignores the abort signal", async () => {
    const stub = stubUpstream(() => new Promise<Response>(() => undefined));
    const error = await failure(clientOn(stub, { timeoutMs: 30, retries: 0 }).getPayment(PAYMENT_ID));
    expect(error.kind).toBe("timeout");
    expect(stub.calls).toHaveLength(1);
  });

  it("times out a body that never finishes", async () => {
    const stub = stubUpstream(
      () =>
        new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode("{")) }), { status: 200 }),
    );
    const error = await failure(clientOn(stub, { timeoutMs: 30, retries: 0 }).getPayment(PAYMENT_ID));
    expect(error.kind).toBe("timeout");
  });

  it("does not retry a POST that timed out (it may have been applied)", async () => {
    const stub = stubUpstream((_req, _n, signal) => hang(signal));
    const error = await failure(
      clientOn(stub, { timeoutMs: 30 }).createPayment({
        priceAmount: "1",
        priceCurrency: "EUR",
        transferCurrency: "BTC",
      }),
    );
    expect(error.kind).toBe("timeout");
    expect(stub.calls).toHaveLength(1);
  });

  it("reports a network failure as kind network, retried for GETs", async () => {
    const stub = stubUpstream(() => {
      throw new TypeError("Network connection lost.");
    });
    const error = await failure(clientOn(stub).getPayment(PAYMENT_ID));
    expect([error.kind, error.code, error.retryable]).toEqual(["network", "upstream_network", true]);
    expect(error.message).toContain("Network connection lost.");
    expect(stub.calls).toHaveLength(3);
  });

  it("keeps the key secret and the Authorization value out of a network error's message", async () => {
    const stub = stubUpstream((req) => {
      throw new TypeError(`connect failed for ${req.headers.get("authorization") ?? ""} with ${KEY_SECRET}`);
    });
    const error = await failure(clientOn(stub, { retries: 0 }).getPayment(PAYMENT_ID));
    expect(error.kind).toBe("network");
    expect(error.message).toContain("[redacted]");
    expect(error.message).not.toContain(KEY_SECRET);
    expect(error.message).not.toContain(btoa(`${KEY_ID}:${KEY_SECRET}`));
  });

  it("a caller's abort ends the call with the caller's reason and no retry", async () => {
    const controller = new AbortController();
    const stub = stubUpstream((_req, _n, signal) => {
      controller.abort(new Error("customer left"));
      return hang(signal);
    });
    const error = await clientOn(stub)
      .getPayment(PAYMENT_ID, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toEqual(new Error("customer left"));
    expect(stub.calls).toHaveLength(1);
  });
});

describe("environments and credentials", () => {
  const sandboxKey = { environment: "sandbox" as const, keyId: KEY_ID, keySecret: KEY_SECRET };

  it("refuses a sandbox key for a production client, before any request", () => {
    const stub = stubUpstream(() => jsonResponse(PAYMENT_WITH_STRINGS));
    const error = thrown(() =>
      createV3Client({
        environment: "production",
        baseUrl: "https://api.example",
        credentials: sandboxKey,
        fetch: stub.fetch,
      }),
    );
    expect([error.kind, error.code, error.field]).toEqual([
      "invalid_request",
      "environment_mismatch",
      "credentials.environment",
    ]);
    expect(stub.calls).toHaveLength(0);
  });

  it("refuses a production key for a sandbox client", () => {
    const error = thrown(() =>
      createV3Client({
        environment: "sandbox",
        baseUrl: "https://sandbox.example",
        credentials: { ...sandboxKey, environment: "production" },
      }),
    );
    expect(error.code).toBe("environment_mismatch");
  });

  it("refuses plain http for production except on loopback", () => {
    const key = { ...sandboxKey, environment: "production" as const };
    expect(
      thrown(() => createV3Client({ environment: "production", baseUrl: "http://api.example", credentials: key })).code,
    ).toBe("invalid_base_url");
    expect(
      createV3Client({ environment: "production", baseUrl: "http://127.0.0.1:9", credentials: key }).environment,
    ).toBe("production");
  });

  it.each([
    [
      "keyId with a colon",
      { baseUrl: "https://s.example", credentials: { ...sandboxKey, keyId: "a:b" } },
      "invalid_credentials",
    ],
    [
      "empty secret",
      { baseUrl: "https://s.example", credentials: { ...sandboxKey, keySecret: "" } },
      "invalid_credentials",
    ],
    ["relative base URL", { baseUrl: "/v3", credentials: sandboxKey }, "invalid_base_url"],
    ["ftp base URL", { baseUrl: "ftp://s.example", credentials: sandboxKey }, "invalid_base_url"],
    ["base URL with user info", { baseUrl: "https://u:p@s.example", credentials: sandboxKey }, "invalid_base_url"],
    ["zero timeout", { baseUrl: "https://s.example", credentials: sandboxKey, timeoutMs: 0 }, "invalid_option"],
    ["more than 10 retries", { baseUrl: "https://s.example", credentials: sandboxKey, retries: 11 }, "invalid_option"],
    [
      "a fractional retry count",
      { baseUrl: "https://s.example", credentials: sandboxKey, retries: 1.5 },
      "invalid_option",
    ],
  ])("refuses %s", (_name, options, code) => {
    expect(thrown(() => createV3Client({ environment: "sandbox", ...options })).code).toBe(code);
  });

  it("encodes Basic credentials from UTF-8", async () => {
    const stub = stubUpstream(() => jsonResponse(PAYMENT_WITH_STRINGS));
    await createV3Client({
      environment: "sandbox",
      baseUrl: "https://s.example",
      credentials: { ...sandboxKey, keySecret: "pässwörd€" },
      fetch: stub.fetch,
    }).getPayment("p");
    const encoded = stub.calls[0]?.headers.get("authorization")?.slice("Basic ".length) ?? "";
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)));
    expect(decoded).toBe(`${KEY_ID}:pässwörd€`);
  });
});
