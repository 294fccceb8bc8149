/**
 * How one route is described (`Operation`), and its OpenAPI form. Each API area lists its routes
 * as Operations in its own file of this folder (public.ts, backend.ts, ...); document.ts puts the
 * areas together. Paths are written as hono registers them (`/api/shops/:shop`), so that the test
 * that compares the document with the app's routes (test/worker/checkout/routes/openapi.test.ts)
 * matches them as they are. Request schemas are the zod schemas the routes validate with (their
 * input side); answers are the pinned schemas of the *-shapes.ts files.
 */
import { z } from "zod";
import { ERROR_KINDS, isRetryable, type ErrorCode } from "../../wire.js";
import { ORDER_ID, PAYMENT_ID, SHOP_ID } from "../../rules.js";
import { components } from "./components.js";

export type Method = "get" | "post" | "put" | "patch" | "delete";

/** The security schemes of components.securitySchemes (document.ts). */
export type Scheme =
  "backendToken" | "adminToken" | "dashboardSession" | "dashboardCsrf" | "cloudflareAccess" | "notificationSignature";

export interface Answer {
  description: string;
  /** The body's schema; none for an empty body. */
  schema?: z.ZodType;
  /** application/json unless said. */
  contentType?: string;
  example?: unknown;
  headers?: Record<string, { description: string; schema?: z.ZodType }>;
}

export interface Operation {
  method: Method;
  /** As hono registers it: `/api/shops/:shop/orders/:orderId`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** Each entry is one way in (its schemes all needed); none: public. */
  security?: Scheme[][];
  query?: z.ZodType;
  headers?: { name: string; description: string; required?: boolean; schema?: z.ZodType }[];
  body?: { schema: z.ZodType; description?: string; contentTypes?: string[]; example?: unknown };
  /** The answers on success, by status. */
  answers: Record<number, Answer>;
  /** The error answers, by status: the codes each may carry (every one is an ErrorBody). */
  errors: Record<number, readonly ErrorCode[]>;
}

/** The path parameters every route shares, by name. */
const PATH_PARAMETERS: Record<string, { description: string; schema: z.ZodType; example: string }> = {
  shop: { description: "The shop's id.", schema: z.string().regex(SHOP_ID), example: "demo" },
  orderId: { description: "The shop's order id.", schema: z.string().regex(ORDER_ID), example: "order-1042" },
  paymentId: {
    description: "The payment service's payment id.",
    schema: z.string().regex(PAYMENT_ID),
    example: "pay_3f9a1c",
  },
  eventId: {
    description: "An event's id.",
    schema: z.string().regex(/^evt_[0-9a-f]{32}$/),
    example: "evt_0123456789abcdef0123456789abcdef",
  },
  refundId: {
    description: "A refund's id.",
    schema: z.string().regex(/^rf_[0-9a-f]+$/),
    example: "rf_0123456789abcdef0123456789abcdef",
  },
  token: {
    description: "A refund link's token (the part of the link after `#`).",
    schema: z.string(),
    example: "pay_3f9a1c.rf_0123456789abcdef0123456789abcdef.secret",
  },
  linkId: {
    description: "A payment link's id.",
    schema: z.string().regex(/^lnk_[0-9a-f]{32}$/),
    example: "lnk_0123456789abcdef0123456789abcdef",
  },
  id: { description: "The registry shop's id.", schema: z.string().regex(SHOP_ID), example: "acme" },
  name: {
    description:
      "The secret's field: apiKeySecret, notificationHmacKey, orderSigningKey, backendToken or webhooks.<n>.secret.",
    schema: z.string(),
    example: "backendToken",
  },
};

/** `/api/shops/:shop` as OpenAPI writes it: `/api/shops/{shop}`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z]+)/g, "{$1}");

type Json = Record<string, unknown>;

/** A zod schema as the document's JSON Schema: named schemas referenced from components. */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const {
    $schema: _,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    metadata: components,
    unrepresentable: "any",
  }) as Json;
  void _;
  void $defs;
  return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', '"#/components/schemas/')) as Json;
}

const errorRef = { $ref: "#/components/schemas/ErrorBody" };
const requestIdHeader = { "X-Request-Id": { $ref: "#/components/headers/RequestId" } };

function errorAnswer(codes: readonly ErrorCode[]): Json {
  const [code = "internal_error"] = codes;
  const kind = ERROR_KINDS[code];
  return {
    description: `An error: ${codes.map((c) => `\`${c}\``).join(", ")}.`,
    headers: requestIdHeader,
    content: {
      "application/json": {
        schema: errorRef,
        example: { error: { code, message: "What went wrong, and the fix.", kind, retryable: isRetryable(kind) } },
      },
    },
  };
}

function answer(a: Answer): Json {
  const headers: Json = { ...requestIdHeader };
  for (const [name, header] of Object.entries(a.headers ?? {}))
    headers[name] = { description: header.description, schema: jsonSchema(header.schema ?? z.string(), "output") };
  const out: Json = { description: a.description, headers };
  if (a.schema) {
    const media: Json = { schema: jsonSchema(a.schema, "output") };
    if (a.example !== undefined) media.example = a.example;
    out.content = { [a.contentType ?? "application/json"]: media };
  }
  return out;
}

/** The parameters of a query schema (a zod object): one per field. */
function queryParameters(query: z.ZodType): Json[] {
  const schema = jsonSchema(query, "input") as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: "query",
      required: schema.required?.includes(name) ?? false,
      ...(description === undefined ? {} : { description }),
      schema: rest,
    };
  });
}

/** The routes that read a shop or the registry: 503 service_unavailable while the registry cannot be read. */
const READS_SHOPS = /:shop\b|:id\b|^\/admin\/|^\/dashboard\/api\//;

/** Every error answer an operation may give besides its own: the Worker's unexpected failure. */
const ALWAYS: Record<number, readonly ErrorCode[]> = { 500: ["internal_error"] };

/** The OpenAPI operation object of one route. */
export function operationObject(op: Operation): Json {
  const pathParameters = [...op.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => {
    const parameter = name === undefined ? undefined : PATH_PARAMETERS[name];
    if (!parameter || !name) throw new Error(`${op.path}: no description of the path parameter ${name}`);
    return {
      name,
      in: "path",
      required: true,
      description: parameter.description,
      schema: jsonSchema(parameter.schema, "input"),
      example: parameter.example,
    };
  });
  const headerParameters = (op.headers ?? []).map((header) => ({
    name: header.name,
    in: "header",
    required: header.required ?? false,
    description: header.description,
    schema: jsonSchema(header.schema ?? z.string(), "input"),
  }));
  const parameters = [...pathParameters, ...(op.query ? queryParameters(op.query) : []), ...headerParameters];
  const responses: Json = {};
  for (const [status, a] of Object.entries(op.answers)) responses[status] = answer(a);
  const errors = { ...ALWAYS, ...op.errors };
  // A shop is looked up in the registry (D1), which may be out of reach for a moment.
  if (READS_SHOPS.test(op.path) && !op.answers[503])
    errors[503] = [...new Set([...(errors[503] ?? []), "service_unavailable" as const])];
  for (const [status, codes] of Object.entries(errors)) responses[status] = errorAnswer(codes);
  const out: Json = {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: (op.security ?? []).map((way) => Object.fromEntries(way.map((scheme) => [scheme, []]))),
    ...(parameters.length ? { parameters } : {}),
  };
  if (op.body) {
    const media: Json = { schema: jsonSchema(op.body.schema, "input") };
    if (op.body.example !== undefined) media.example = op.body.example;
    out.requestBody = {
      required: true,
      ...(op.body.description ? { description: op.body.description } : {}),
      content: Object.fromEntries((op.body.contentTypes ?? ["application/json"]).map((type) => [type, media])),
    };
  }
  out.responses = responses;
  return out;
}
