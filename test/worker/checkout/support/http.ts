/** Calls the checkout Worker in-process (the `main` Worker of the test project). */
import { exports } from "cloudflare:workers";
import type { ErrorBody } from "../../../../worker/checkout/wire.js";

export const ORIGIN = "https://checkout.test";

let ipCounter = 0;

/** A client IP no other test uses, so the creation rate limit of one test never touches another. */
export function freshIp(): string {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

/** The main Worker's default export (typed here: the project declares no global GlobalProps). */
const worker = (exports as unknown as { default: Fetcher }).default;

export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return worker.fetch(new Request(new URL(path, ORIGIN), init));
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp(), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The error body of a response, asserting its shape. */
export async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  const body = (await response.json()) as ErrorBody;
  if (!body || typeof body !== "object" || !body.error || typeof body.error.code !== "string" || typeof body.error.message !== "string") {
    throw new Error(`not an error body: ${JSON.stringify(body)}`);
  }
  return body.error;
}
