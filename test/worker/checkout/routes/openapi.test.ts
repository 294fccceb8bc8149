import { Validator } from "@cfworker/json-schema";
import { describe, expect, it } from "vitest";
import { app } from "../../../../worker/checkout/routes/app.js";
import { NOT_IN_THE_API, openApiDocument } from "../../../../worker/checkout/routes/openapi/document.js";
import { openApiPath } from "../../../../worker/checkout/routes/openapi/operation.js";
import { EVENT_TYPES } from "../../../../worker/checkout/backend-wire.js";
import { ERROR_CODES } from "../../../../worker/checkout/wire.js";
import { call } from "../support/http.js";
import { checkResponse, webhookProblem } from "../support/openapi-check.js";

type Doc = {
  paths: Record<string, Record<string, unknown>>;
  webhooks: Record<string, unknown>;
  components: {
    schemas: Record<string, { properties?: Record<string, { properties?: Record<string, { enum?: string[] }> }> }>;
  };
};
const document = openApiDocument() as Doc;

/** The app's routes as method and path, without its middleware (hono lists those as ALL). */
const appRoutes = [
  ...new Set(app.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`)),
].map((key) => {
  const [method = "", path = ""] = key.split(" ");
  return { method, path };
});

describe("the OpenAPI document", () => {
  it("describes every route of the app that is part of the API", () => {
    const missing = appRoutes
      .filter(({ path }) => !NOT_IN_THE_API.some((excluded) => excluded.path.test(path)))
      .filter(({ method, path }) => !document.paths[openApiPath(path)]?.[method.toLowerCase()])
      .map(({ method, path }) => `${method} ${path}`);
    expect(missing, "add each to its area's file in worker/checkout/routes/openapi/").toEqual([]);
  });

  it("describes no route the app does not have", () => {
    const served = new Set(appRoutes.map(({ method, path }) => `${method.toLowerCase()} ${openApiPath(path)}`));
    const phantom = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .map((method) => `${method} ${path}`)
        .filter((key) => !served.has(key)),
    );
    expect(phantom).toEqual([]);
  });

  it("leaves out only files, pages (the dashboard's, the refund page, the point of sale, the receipt page, the payment link page) and the demo's helpers", () => {
    const excluded = appRoutes.filter(({ path }) => NOT_IN_THE_API.some((e) => e.path.test(path)));
    expect(excluded.length).toBeGreaterThan(0);
    for (const { path } of excluded)
      expect(path).toMatch(/^\/(demo|dashboard|refund|pos|receipt|pay|chunks|:file|widget-manifest)/);
  });

  it("has a webhook of every event type and the error body's every code", () => {
    expect(Object.keys(document.webhooks)).toEqual([...EVENT_TYPES]);
    expect(document.components.schemas.ErrorBody?.properties?.error?.properties?.code?.enum).toEqual([...ERROR_CODES]);
  });

  it("has examples that its own schemas take", () => {
    const schemas = document.components.schemas as Record<string, { examples?: unknown[] }>;
    const withExamples = Object.entries(schemas).filter(([, schema]) => schema.examples?.length);
    expect(withExamples.map(([name]) => name)).toEqual(
      expect.arrayContaining(["PaymentView", "CreatedPayment", "ShopSettings", "OrderStatus", "ErrorBody"]),
    );
    for (const [name, schema] of withExamples) {
      const validator = new Validator(
        { $ref: `#/components/schemas/${name}`, components: document.components },
        "2020-12",
        false,
      );
      for (const example of schema.examples ?? []) expect(validator.validate(example).errors, name).toEqual([]);
    }
  });

  it("is served at /api/openapi.json, readable from any origin", async () => {
    const response = await call("/api/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(await response.json()).toEqual(document);
  });
});

describe("the response check of the route tests", () => {
  const request = new Request("https://checkout.test/api/shops/demo");
  const settings = {
    shop: "demo",
    name: "Demo",
    environment: "sandbox",
    pricing: "open",
    priceCurrencies: ["EUR"],
    transferCurrencies: [{ code: "BTC", name: "Bitcoin" }],
  };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });

  it("takes an answer the document describes", async () => {
    await expect(checkResponse(request, json(settings))).resolves.toBeUndefined();
  });

  it("refuses a field the document does not declare", async () => {
    await expect(checkResponse(request, json({ ...settings, apiKeySecret: "x" }))).rejects.toThrow(
      /does not match the OpenAPI document/,
    );
  });

  it("refuses an answer without a required field", async () => {
    const { name: _, ...withoutName } = settings;
    await expect(checkResponse(request, json(withoutName))).rejects.toThrow(/does not match the OpenAPI document/);
  });

  it("refuses a status the operation does not list", async () => {
    await expect(checkResponse(request, json(settings, 202))).rejects.toThrow(/lists no 202/);
  });

  it("refuses an error body of another shape", async () => {
    await expect(checkResponse(request, json({ error: "unknown_shop" }, 404))).rejects.toThrow(
      /does not match the OpenAPI document/,
    );
  });
});

describe("the webhook check of the checkout tests", () => {
  const headers = {
    "webhook-id": "evt_0123456789abcdef0123456789abcdef",
    "webhook-timestamp": "1",
    "webhook-signature": "v1,x",
  };
  const ping = {
    id: "evt_0123456789abcdef0123456789abcdef",
    type: "ping",
    timestamp: "2026-11-27T10:00:00.000Z",
    shop: "demo",
    data: { message: "A test event." },
  };

  it("takes an event the document describes", () => {
    expect(webhookProblem(headers, JSON.stringify(ping))).toBeUndefined();
  });

  it("refuses a field the document does not declare, a type it does not list, a missing header", () => {
    expect(webhookProblem(headers, JSON.stringify({ ...ping, data: { message: "x", secret: "y" } }))).toMatch(
      /does not match the OpenAPI document/,
    );
    expect(webhookProblem(headers, JSON.stringify({ ...ping, type: "refund.issued" }))).toMatch(/do not list/);
    expect(webhookProblem({ "webhook-id": "x" }, JSON.stringify(ping))).toMatch(
      /without webhook-timestamp, webhook-signature/,
    );
  });
});
