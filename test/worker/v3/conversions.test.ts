import { connect } from "cloudflare:sockets";
import { describe, expect, inject, it } from "vitest";
import { createV3Client } from "../../../worker/v3/client.js";
import type { Connect } from "../../../worker/v3/http1.js";
import type { SeenRequest } from "./support/estimate-server.js";
import { failure } from "./support/failure.js";
import {
  BASE,
  EXPECTED_AUTH,
  KEY_ID,
  KEY_SECRET,
  clientOn,
  jsonResponse,
  stubUpstream,
} from "./support/stub-upstream.js";

const CONVERSION_ID = "6f1c1c4e-2b1a-4c1e-9a7e-0c8b9d3e2f10";
const REQUEST = { sellAmount: "0.5", sellCurrency: "BTC", buyCurrency: "LTC" };
const ESTIMATE_PATH = "/v3/conversions/v3/estimate-conversion";

describe("conversions: create", () => {
  it("POSTs NewConversionRequestV3 to /v3/conversions/v3/conversions (the repeated segment is the spec's)", async () => {
    const stub = stubUpstream(() => jsonResponse(`{"id":"${CONVERSION_ID}","state":"whatever"}`));
    const conversion = await clientOn(stub).createConversion(REQUEST);
    const [call] = stub.calls;
    expect([call?.method, call?.url.toString()]).toEqual(["POST", `${BASE}/v3/conversions/v3/conversions`]);
    expect(call?.headers.get("authorization")).toBe(EXPECTED_AUTH);
    expect(call?.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(call?.body ?? "")).toEqual(REQUEST);
    expect(conversion).toEqual({ id: CONVERSION_ID });
  });

  it.each([
    [{ ...REQUEST, sellAmount: "0" }, "invalid_amount", "sellAmount"],
    [{ ...REQUEST, sellAmount: "1,5" }, "invalid_amount", "sellAmount"],
    [{ sellAmount: "1", sellCurrency: "BTC" }, "missing_field", "buyCurrency"],
  ])("refuses %j before sending", async (request, code, field) => {
    const stub = stubUpstream(() => jsonResponse("{}"));
    const error = await failure(clientOn(stub).createConversion(request as never));
    expect([error.kind, error.code, error.field]).toEqual(["invalid_request", code, field]);
    expect(stub.calls).toHaveLength(0);
  });

  it("names a missing id in the response", async () => {
    const stub = stubUpstream(() => jsonResponse("{}"));
    const error = await failure(clientOn(stub).createConversion(REQUEST));
    expect([error.kind, error.code, error.field]).toEqual(["invalid_response", "missing_field", "id"]);
  });
});

describe("conversions: retry-trade, declare-result, cancel", () => {
  it.each([
    ["retryConversionTrade", "retry-trade"],
    ["cancelConversion", "cancel"],
  ] as const)("%s PUTs /v3/conversions/{conversionId}/%s with no body", async (method, segment) => {
    const stub = stubUpstream(() => new Response(null, { status: 200 }));
    await expect(clientOn(stub)[method](CONVERSION_ID)).resolves.toBeUndefined();
    const [call] = stub.calls;
    expect([call?.method, call?.url.pathname, call?.body]).toEqual([
      "PUT",
      `/base/v3/conversions/${CONVERSION_ID}/${segment}`,
      "",
    ]);
    expect(call?.headers.get("authorization")).toBe(EXPECTED_AUTH);
  });

  it("declareConversionResult PUTs the ConversionDeclarationRequest body", async () => {
    const stub = stubUpstream(() => new Response("", { status: 200 }));
    await clientOn(stub).declareConversionResult(CONVERSION_ID, { boughtAmount: "12.5" });
    const [call] = stub.calls;
    expect([call?.method, call?.url.pathname]).toEqual(["PUT", `/base/v3/conversions/${CONVERSION_ID}/declare-result`]);
    expect(call?.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(call?.body ?? "")).toEqual({ boughtAmount: "12.5" });
  });

  it("declareConversionResult sends {} when no amount is declared (the body is required)", async () => {
    const stub = stubUpstream(() => new Response(null, { status: 200 }));
    await clientOn(stub).declareConversionResult(CONVERSION_ID, {});
    expect(stub.calls[0]?.body).toBe("{}");
  });

  it.each(["not-a-uuid", "", "6f1c1c4e2b1a4c1e9a7e0c8b9d3e2f10", `${CONVERSION_ID}/../x`])(
    "refuses conversionId %j before sending",
    async (id) => {
      const stub = stubUpstream(() => new Response(null, { status: 200 }));
      const client = clientOn(stub);
      for (const call of [
        client.retryConversionTrade(id),
        client.cancelConversion(id),
        client.declareConversionResult(id, {}),
      ]) {
        const error = await failure(call);
        expect([error.kind, error.code, error.field]).toEqual([
          "invalid_request",
          "invalid_conversion_id",
          "conversionId",
        ]);
      }
      expect(stub.calls).toHaveLength(0);
    },
  );

  it("never retries a PUT on 503", async () => {
    const stub = stubUpstream(() => new Response("busy", { status: 503 }));
    const error = await failure(clientOn(stub).cancelConversion(CONVERSION_ID));
    expect([error.kind, error.status]).toEqual(["http", 503]);
    expect(stub.calls).toHaveLength(1);
  });
});

describe("conversions: estimate, a GET with a JSON body over connect(), against a real HTTP server", () => {
  const port = inject("estimateServerPort");
  let counter = 0;

  /** A client whose base path makes the local server answer in `mode`; returns the path it will see. */
  function estimateClient(mode: string, extra: { timeoutMs?: number; retries?: number } = {}) {
    const prefix = `/${mode}-${++counter}`;
    const client = createV3Client({
      environment: "sandbox",
      baseUrl: `http://127.0.0.1:${port}${prefix}`,
      credentials: { environment: "sandbox", keyId: KEY_ID, keySecret: KEY_SECRET },
      retryBaseDelayMs: 1,
      retryMaxDelayMs: 4,
      connect,
      ...extra,
    });
    return { client, path: `${prefix}${ESTIMATE_PATH}` };
  }

  async function seen(path: string): Promise<SeenRequest[]> {
    const response = await fetch(`http://127.0.0.1:${port}/seen?path=${encodeURIComponent(path)}`);
    return response.json();
  }

  it("sends method GET, the path, Basic auth and the JSON body; reads the amount exactly", async () => {
    const { client, path } = estimateClient("ok");
    const estimate = await client.estimateConversion(REQUEST);
    expect(estimate).toEqual({ currency: "LTC", amount: "12345678.123456789012" });
    const [request, ...more] = await seen(path);
    expect(more).toHaveLength(0);
    expect(request?.method).toBe("GET");
    expect(request?.path).toBe(path);
    expect(request?.headers.authorization).toBe(EXPECTED_AUTH);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers.host).toBe(`127.0.0.1:${port}`);
    expect(request?.headers["content-length"]).toBe(String(new TextEncoder().encode(request?.body).length));
    expect(JSON.parse(request?.body ?? "")).toEqual(REQUEST);
  });

  it.each(["chunked", "eof", "continue"])("reads a %s response", async (mode) => {
    const { client } = estimateClient(mode);
    expect(await client.estimateConversion(REQUEST)).toEqual({ currency: "LTC", amount: "12345678.123456789012" });
  });

  it("reports an upstream 422 as kind http with its body, not retried", async () => {
    const { client, path } = estimateClient("error");
    const error = await failure(client.estimateConversion(REQUEST));
    expect([error.kind, error.code, error.status]).toEqual(["http", "upstream_http_422", 422]);
    expect(error.upstreamBody).toBe('{"error":"sellAmount below minimum"}');
    expect(await seen(path)).toHaveLength(1);
  });

  it("reports garbage as invalid_response", async () => {
    const { client } = estimateClient("garbage");
    const error = await failure(client.estimateConversion(REQUEST));
    expect([error.kind, error.code, error.status]).toEqual(["invalid_response", "invalid_json", 200]);
  });

  it("times out a server that never answers, and retries the GET", async () => {
    const { client, path } = estimateClient("silent", { timeoutMs: 100, retries: 1 });
    const error = await failure(client.estimateConversion(REQUEST));
    expect([error.kind, error.code]).toEqual(["timeout", "upstream_timeout"]);
    expect(await seen(path)).toHaveLength(2);
  });

  it("reports a refused connection as kind network", async () => {
    const client = createV3Client({
      environment: "sandbox",
      baseUrl: `http://127.0.0.1:${inject("closedPort")}`,
      credentials: { environment: "sandbox", keyId: KEY_ID, keySecret: KEY_SECRET },
      retries: 0,
      connect,
    });
    const error = await failure(client.estimateConversion(REQUEST));
    expect([error.kind, error.code]).toEqual(["network", "upstream_network"]);
  });

  it("uses TLS (secureTransport on, port 443) for an https base URL", async () => {
    const opened: Parameters<Connect>[] = [];
    // Records what the client asks for, then reaches the local plain-HTTP server instead.
    const recordingConnect: Connect = (address, options) => {
      opened.push([address, options]);
      return connect({ hostname: "127.0.0.1", port }, { secureTransport: "off", allowHalfOpen: options.allowHalfOpen });
    };
    const client = createV3Client({
      environment: "production",
      baseUrl: "https://upstream.example/ok-tls",
      credentials: { environment: "production", keyId: KEY_ID, keySecret: KEY_SECRET },
      connect: recordingConnect,
    });
    expect(await client.estimateConversion(REQUEST)).toEqual({ currency: "LTC", amount: "12345678.123456789012" });
    expect(opened).toEqual([
      [
        { hostname: "upstream.example", port: 443 },
        { secureTransport: "on", allowHalfOpen: false },
      ],
    ]);
    const [request] = await seen(`/ok-tls${ESTIMATE_PATH}`);
    expect(request?.headers.host).toBe("upstream.example");
    expect(request?.method).toBe("GET");
  });

  it("without a connect option, refuses the estimate (the client imports no platform code)", async () => {
    const client = createV3Client({
      environment: "sandbox",
      baseUrl: `http://127.0.0.1:${port}`,
      credentials: { environment: "sandbox", keyId: KEY_ID, keySecret: KEY_SECRET },
    });
    const error = await failure(client.estimateConversion(REQUEST));
    expect([error.kind, error.code]).toEqual(["invalid_request", "no_connect"]);
  });

  it("refuses an invalid request before connecting", async () => {
    const opened: unknown[] = [];
    const client = createV3Client({
      environment: "sandbox",
      baseUrl: "http://127.0.0.1:9",
      credentials: { environment: "sandbox", keyId: KEY_ID, keySecret: KEY_SECRET },
      connect: (...args) => {
        opened.push(args);
        throw new Error("must not connect");
      },
    });
    const error = await failure(client.estimateConversion({ ...REQUEST, sellAmount: "-1" }));
    expect([error.kind, error.code]).toEqual(["invalid_request", "invalid_amount"]);
    expect(opened).toHaveLength(0);
  });
});
