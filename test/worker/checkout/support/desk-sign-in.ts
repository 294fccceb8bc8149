/**
 * Helpers of the dashboard's sign-in tests: sign-in links made through the Worker's own routes
 * (the shop's backend token, or the admin token), signing in with one as the dashboard's page
 * does, the session cookie of an answer, and calls of /dashboard/api with a cookie, an Origin and
 * a CSRF token. The stored record of a link or session, to move its times (no waiting).
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import type { DeskSession, DeskSignInLink } from "../../../../worker/checkout/dashboard-wire.js";
import { tokenHash } from "../../../../worker/checkout/desk/desk-secrets.js";
import type { StoredRecord } from "../../../../worker/checkout/desk/session-rules.js";
import type { Env } from "../../../../worker/checkout/env.js";
import { callWith, ORIGIN } from "./http.js";
import { testEnv } from "./merchant.js";
import { TEST_SECRETS } from "./test-env.js";

/** The backend token of each demo shop (wrangler.toml's SHOPS names them). */
export const BACKEND_TOKENS: Record<string, string> = {
  "demo-open": TEST_SECRETS.DEMO_BACKEND_TOKEN,
  "demo-signed": TEST_SECRETS.DEMO_SIGNED_BACKEND_TOKEN,
};

/** A sign-in link for one shop, made with its backend token. */
export async function shopLink(shop = "demo-open", bindings: Partial<Env> = {}): Promise<DeskSignInLink> {
  const response = await callWith(bindings, `/api/shops/${shop}/dashboard/sign-in-links`, {
    method: "POST",
    headers: { Authorization: `Bearer ${BACKEND_TOKENS[shop] ?? ""}` },
  });
  if (response.status !== 201) throw new Error(`sign-in link answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as DeskSignInLink;
}

/** An operator's sign-in link, made with the admin token. */
export async function operatorLink(): Promise<DeskSignInLink> {
  const response = await callWith({}, "/admin/dashboard/sign-in-links", {
    method: "POST",
    headers: { Authorization: `Bearer ${TEST_SECRETS.ADMIN_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ operator: true }),
  });
  if (response.status !== 201) throw new Error(`operator link answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as DeskSignInLink;
}

/** The token of a link: its URL's fragment. */
export const tokenOf = (link: DeskSignInLink): string => new URL(link.url).hash.slice(1);

/** POST /dashboard/api/session {token}, as the dashboard's sign-in page sends it. */
export function postSignIn(
  token: string,
  init: { origin?: string | null; ip?: string; bindings?: Partial<Env>; cookie?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (init.origin !== null) headers.Origin = init.origin ?? ORIGIN;
  if (init.ip) headers["CF-Connecting-IP"] = init.ip;
  if (init.cookie) headers.Cookie = init.cookie;
  return callWith(init.bindings ?? {}, "/dashboard/api/session", {
    method: "POST",
    headers,
    body: JSON.stringify({ token }),
  });
}

/** The `name=value` of the session cookie an answer sets (for the next request's Cookie header). */
export function cookieOf(response: Response): string {
  const set = response.headers.getSetCookie().find((line) => /desk_session=/.test(line));
  if (!set) throw new Error(`no session cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return set.split(";")[0] ?? "";
}

export interface Signed {
  cookie: string;
  session: DeskSession;
}

/** Signs in with a fresh link of `shop` (or an operator link): the cookie and the session. */
export async function signedIn(shop: string | "operator" = "demo-open"): Promise<Signed> {
  const link = shop === "operator" ? await operatorLink() : await shopLink(shop);
  const response = await postSignIn(tokenOf(link));
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return { cookie: cookieOf(response), session: (await response.json()) as DeskSession };
}

/** A call of the dashboard's API with a session cookie, and for a state-changing one an Origin and CSRF token. */
export function deskCall(
  path: string,
  init: {
    method?: string;
    cookie?: string;
    csrf?: string;
    origin?: string | null;
    headers?: Record<string, string>;
    bindings?: Partial<Env>;
  } = {},
): Promise<Response> {
  const method = init.method ?? "GET";
  const headers: Record<string, string> = { ...init.headers };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.csrf) headers["X-CSRF-Token"] = init.csrf;
  if (init.origin !== null && (init.origin !== undefined || method !== "GET")) headers.Origin = init.origin ?? ORIGIN;
  return callWith(init.bindings ?? {}, path, { method, headers });
}

/** The Durable Object of a link (by its token) or session (by its cookie's id). */
async function deskStub(kind: "link" | "session", secret: string) {
  return testEnv.DESK_SESSIONS.get(testEnv.DESK_SESSIONS.idFromName(`${kind}:${await tokenHash(secret)}`));
}

/** The session id inside a `name=value` cookie (its value before the signature). */
export function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  return value.slice(0, value.lastIndexOf("."));
}

/** Reads, or rewrites, the stored record of a link or session. */
export async function storedRecord(
  kind: "link" | "session",
  secret: string,
  change?: (record: StoredRecord) => StoredRecord,
): Promise<StoredRecord | undefined> {
  return runInDurableObject(await deskStub(kind, secret), async (_instance, state) => {
    const record = await state.storage.get<StoredRecord>("record");
    if (record && change) await state.storage.put("record", change(record));
    return record && change ? change(record) : record;
  });
}

/** Every key the object of a link or session holds (none once it is deleted). */
export async function storedKeys(kind: "link" | "session", secret: string): Promise<string[]> {
  return runInDurableObject(await deskStub(kind, secret), async (_instance, state) => [
    ...(await state.storage.list()).keys(),
  ]);
}

/** Runs the alarm of a link's or session's object (whether one was due). */
export async function runDeskAlarm(kind: "link" | "session", secret: string): Promise<boolean> {
  return runDurableObjectAlarm(await deskStub(kind, secret));
}
