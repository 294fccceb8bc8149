/**
 * Every answer the route tests receive, checked against the Worker's OpenAPI document
 * (worker/checkout/routes/openapi/): the route and method must be documented, the status must be
 * one of the operation's, and a JSON body must validate against the answer's schema (fields the
 * document does not declare are refused, as are missing required ones). `call` and `callWith`
 * (http.ts) run it on every response, so the document cannot say less or other than the Worker
 * does. JSON Schema validation by @cfworker/json-schema, which runs in workerd (no code generation).
 */
import { Validator } from "@cfworker/json-schema";
import { openApiDocument } from "../../../../worker/checkout/routes/openapi/document.js";

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
type OperationObject = { responses: Record<string, ResponseObject> };

const document = openApiDocument() as { paths: Record<string, Record<string, OperationObject>>; components: Json };

/** The documented paths as patterns, literal ones first (`/payments.csv` before `/payments/{paymentId}`). */
const routes = Object.entries(document.paths)
  .map(([path, item]) => ({
    path,
    item,
    params: (path.match(/\{/g) ?? []).length,
    pattern: new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
  }))
  .sort((a, b) => a.params - b.params);

const validators = new Map<string, Validator>();

function validatorOf(key: string, schema: Json): Validator {
  let validator = validators.get(key);
  if (!validator) {
    validator = new Validator({ ...schema, components: document.components }, "2020-12", false);
    validators.set(key, validator);
  }
  return validator;
}

const errorBodySchema = { $ref: "#/components/schemas/ErrorBody" };
/** The paths under which every route is the API's. */
const API_PREFIXES = /^\/(api|admin|dashboard\/api|hooks|healthz)(\/|$)/;

async function validateJson(where: string, key: string, schema: Json, response: Response): Promise<void> {
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${where}: the body is not JSON: ${text.slice(0, 200)}`);
  }
  const result = validatorOf(key, schema).validate(body);
  if (!result.valid) {
    const errors = result.errors
      .filter((error) => error.keyword !== "properties" && error.keyword !== "$ref" && error.keyword !== "anyOf")
      .slice(0, 6)
      .map((error) => `${error.instanceLocation}: ${error.error}`);
    throw new Error(
      `${where}: the answer does not match the OpenAPI document:\n  ${(errors.length ? errors : result.errors.slice(0, 6).map((e) => `${e.instanceLocation}: ${e.error}`)).join("\n  ")}\nbody: ${text.slice(0, 400)}`,
    );
  }
}

const mediaTypeOf = (response: Response) => (response.headers.get("Content-Type") ?? "").split(";")[0]?.trim() ?? "";

/** Throws when `response` to `request` is not what the OpenAPI document says. */
export async function checkResponse(request: Request, response: Response): Promise<void> {
  const url = new URL(request.url);
  const method = request.method === "HEAD" ? "get" : request.method.toLowerCase();
  const route = routes.find((r) => r.pattern.test(url.pathname));
  const where = `${request.method} ${url.pathname} → ${response.status}`;
  const isJson = mediaTypeOf(response) === "application/json";
  if (!route || !route.item[method]) {
    // Another method (405) or no such route under the API's prefixes: an ErrorBody. Files, pages and
    // the demo's helpers (which pass the sandbox's own answers on) are not the API's.
    if (response.status >= 400 && isJson && API_PREFIXES.test(url.pathname))
      await validateJson(where, "ErrorBody", errorBodySchema, response);
    return;
  }
  const operation = route.item[method];
  const documented = operation.responses[String(response.status)];
  if (!documented)
    throw new Error(
      `${where}: the OpenAPI document lists no ${response.status} for ${method.toUpperCase()} ${route.path} (it lists ${Object.keys(operation.responses).join(", ")})`,
    );
  if (response.status === 101 || response.status === 204 || response.status === 304 || request.method === "HEAD")
    return;
  const type = mediaTypeOf(response);
  const media = documented.content?.[type];
  if (!media)
    throw new Error(
      `${where}: answered ${type || "no Content-Type"}, the document says ${Object.keys(documented.content ?? {}).join(", ") || "no body"}`,
    );
  if (type === "application/json" && media.schema)
    await validateJson(where, `${method} ${route.path} ${response.status}`, media.schema, response);
}

interface WebhookItem {
  post: { parameters: { name: string; required?: boolean }[]; requestBody: { content: Record<string, MediaType> } };
}
const webhooks = (openApiDocument() as { webhooks: Record<string, WebhookItem> }).webhooks;

/**
 * What is wrong with one webhook delivery by the OpenAPI document's `webhooks` (its event type
 * listed, its body valid, its required headers sent), or undefined when nothing is.
 */
export function webhookProblem(headers: Record<string, string>, body: string): string | undefined {
  let type: unknown;
  try {
    type = (JSON.parse(body) as { type?: unknown }).type;
  } catch {
    return `a webhook body that is not JSON: ${body.slice(0, 200)}`;
  }
  const item = typeof type === "string" ? webhooks[type] : undefined;
  if (!item) return `a webhook of type ${String(type)}, which the OpenAPI document's webhooks do not list`;
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const missing = item.post.parameters.filter((p) => p.required && !lower[p.name.toLowerCase()]).map((p) => p.name);
  if (missing.length) return `a ${type} webhook without ${missing.join(", ")}`;
  const schema = item.post.requestBody.content["application/json"]?.schema ?? {};
  const result = validatorOf(`webhook ${type}`, schema).validate(JSON.parse(body));
  if (result.valid) return undefined;
  const errors = result.errors
    .filter((error) => !["properties", "$ref", "anyOf"].includes(error.keyword))
    .slice(0, 6)
    .map((error) => `${error.instanceLocation}: ${error.error}`);
  return `a ${type} webhook does not match the OpenAPI document:\n  ${errors.join("\n  ")}\nbody: ${body.slice(0, 400)}`;
}
