/**
 * Ten thousand malformed requests (deterministic seed) to every route: bodies of the wrong
 * shape, type or encoding, unknown shops, malformed ids, forged signatures, refused origins,
 * wrong methods and junk paths, the shop backend's API (orders, events, an event's attempts paged
 * with a malformed cursor or page size, redelivery), the demo
 * proxy to the shop backend's received log, reads and streams of payments that exist with a
 * missing, empty, random, near or malformed client secret, and the merchant's dashboard: sign-in (junk tokens and
 * bodies, refused origins, sign-in links without the right token), the session, and the data API
 * without a session, with a forged one, without or with a wrong CSRF token, with malformed
 * queries, ids and bodies, and for another shop than the session's. Every one must be answered
 * with a 4xx JSON error in the documented shape ({error: {code, message}}, a documented code),
 * never a 5xx; a payment without its secret is the 404 of an unknown one, and nobody counts as
 * its viewer; a dashboard request for another shop answers exactly as a shop that does not
 * exist; none may reach the upstream or any other host. The requests are generated first, in
 * order, from the seed, then sent 8 at a time; a failure names the seed and the request.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { paymentObject } from "../../../../worker/checkout/payments/payment-object.js";
import { clearCurrencyCache } from "../../../../worker/checkout/upstream/currencies.js";
import { ORDER_ID } from "../../../../worker/checkout/rules.js";
import { ERROR_CODES, type ErrorBody } from "../../../../worker/checkout/wire.js";
import { call, freshIp } from "../support/http.js";
import { newPayment } from "../support/payments.js";
import { installWebhookReceiver } from "../support/webhook-receiver.js";
import { Prng } from "../support/prng.js";
import { signedIn, type Signed } from "../support/desk-sign-in.js";
import { ORIGIN } from "../support/http.js";
import { TEST_SECRETS, UPSTREAM_BASE_URL } from "../support/test-env.js";
import { installUpstreamStub, type UpstreamStub } from "../support/upstream-stub.js";

const SEED = 0xc0ffee;
const REQUESTS = 10_000;
/** Requests in flight at once (the generated requests do not depend on the answers). */
const CONCURRENCY = 8;

const PRINTABLE = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~";
const ID_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-_";
const SHOPS = ["demo-open", "demo-signed"] as const;

interface FuzzRequest {
  label: string;
  path: string;
  init: RequestInit;
  /** The status and error code the answer must have, when they are certain. */
  code?: string;
  status?: number;
}

/** Payments of demo-open that exist (stored before the run), with the secret no request sends. */
const HELD = Array.from({ length: 4 }, (_, i) => `fuzz_held_${i}`);
const HELD_SECRET = "fuzzHeldSecret_0123456789abcdefgh";

const rng = new Prng(SEED);

/** A value of a random JSON type, sometimes nested, sometimes huge. */
function junkValue(depth = 0): unknown {
  switch (rng.int(depth > 3 ? 7 : 9)) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return rng.pick([0, -1, 1e308, -1e-308, 25.5, Number.MAX_SAFE_INTEGER + 2]);
    case 3:
      return rng.string(rng.int(40), PRINTABLE);
    case 4:
      return rng.pick([
        "",
        "0",
        "-25",
        "1e3",
        "25.",
        ".5",
        "NaN",
        "Infinity",
        " 25",
        "25 ",
        "２５",
        "25,00",
        "0x19",
        "9".repeat(400),
      ]);
    case 5:
      return rng.pick(["\u0000", "\ud800", "<script>", "' OR 1=1 --", "../../etc/passwd", "%00", "\u202e"]);
    case 6:
      return "x".repeat(rng.pick([1, 100, 5000]));
    case 7:
      return Array.from({ length: rng.int(4) }, () => junkValue(depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: rng.int(4) }, () => [rng.string(1 + rng.int(8), ID_CHARS), junkValue(depth + 1)]),
      );
  }
}

/**
 * A junk value that is never a well-formed order id, and so never a well-formed amount or currency
 * code either (every string those rules take is an order id too).
 */
function notAnOrderId(): unknown {
  const value = junkValue();
  return typeof value === "string" && ORDER_ID.test(value) ? `${value}/!` : value;
}

const CREATE_FIELDS = ["orderId", "transferCurrency", "orderToken", "priceAmount", "priceCurrency"] as const;

/** A create body that is invalid by construction: at least one field of the wrong shape, or no object at all. */
function invalidCreateBody(): string {
  const kind = rng.int(6);
  if (kind === 0) return rng.string(rng.int(200), PRINTABLE); // not JSON, or JSON of the wrong type
  if (kind === 1) return JSON.stringify(junkValue(2));
  if (kind === 2) return `{"orderId":"${rng.string(5, ID_CHARS)}"`; // truncated
  const body: Record<string, unknown> = {
    orderId: `o-${rng.string(6, ID_CHARS)}`,
    priceAmount: "10.00",
    priceCurrency: "EUR",
    transferCurrency: "BTC",
  };
  if (kind === 3)
    body[`x${rng.string(4, ID_CHARS)}`] = junkValue(); // unknown field
  else if (kind === 4) {
    const { orderId, transferCurrency, ...rest } = body;
    return JSON.stringify(rng.chance(0.5) ? { ...rest, orderId } : { ...rest, transferCurrency }); // a required field missing
  } else {
    const field = rng.pick(CREATE_FIELDS.filter((f) => f !== "orderToken"));
    body[field] = notAnOrderId();
  }
  return JSON.stringify(body);
}

function unknownShop(): string {
  const candidate = rng.pick([
    rng.string(1 + rng.int(20), ID_CHARS),
    rng.string(1 + rng.int(10), PRINTABLE),
    "DEMO-OPEN",
    "demo_open",
    "demo-open.",
    "a".repeat(300),
  ]);
  // URLs trim surrounding spaces: a candidate that is a real shop once trimmed is made unknown.
  return (SHOPS as readonly string[]).includes(candidate.trim()) ? `${candidate.trim()}x` : candidate;
}

function malformedPaymentId(): string {
  return rng.pick(["-", "a.b", "a b", "ä", "x".repeat(129), "..", "%2e%2e", "a%2Fb", "a;b", "<id>", "a\u0000b", "_x"]);
}

function randomOrigin(): string {
  return rng.pick([
    "https://evil.example",
    "null",
    "http://127.0.0.1:8788",
    "https://demo-open",
    "file://",
    `https://${rng.string(8, ID_CHARS)}.example`,
  ]);
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  const h: Record<string, string> = { "CF-Connecting-IP": freshIp(), ...extra };
  if (rng.chance(0.3)) h["X-Request-Id"] = rng.string(rng.int(200), PRINTABLE);
  if (rng.chance(0.2)) h["If-None-Match"] = rng.string(rng.int(40), PRINTABLE);
  if (rng.chance(0.3))
    h["Content-Type"] = rng.pick([
      "application/json",
      "text/plain",
      "application/json; charset=utf-16",
      "multipart/form-data; boundary=x",
      "application/x-www-form-urlencoded",
      "",
    ]);
  return h;
}

function segment(value: string): string {
  return rng.chance(0.5) ? encodeURIComponent(value) : value.replaceAll("#", "%23").replaceAll("?", "%3F");
}

/** A request to the shop backend's API: no, a forged or another shop's token, or a valid token with malformed input. */
function backendRequest(shop: string): FuzzRequest {
  const validToken = rng.chance(0.5);
  const auth = validToken
    ? `Bearer ${TEST_SECRETS.DEMO_BACKEND_TOKEN}`
    : rng.pick([
        "",
        "Bearer",
        "Bearer ",
        `Basic ${btoa("a:b")}`,
        `Bearer ${rng.string(1 + rng.int(60), PRINTABLE)}`,
        `bearer ${TEST_SECRETS.DEMO_BACKEND_TOKEN}x`,
        `Bearer ${TEST_SECRETS.DEMO_BACKEND_TOKEN.slice(1)}`,
      ]);
  const h = headers(auth ? { Authorization: auth } : {});
  // Lone surrogates cannot be URL-encoded: they become "?" (still not an order id).
  const badOrder = () =>
    segment(
      String(notAnOrderId())
        .slice(0, 200)
        .replace(/[\ud800-\udfff]/g, "?") || "!",
    );
  const path = validToken
    ? rng.pick([
        `/api/shops/${shop}/orders/${badOrder()}`,
        `/api/shops/${shop}/orders/unknown-${rng.string(8, ID_CHARS)}`,
        `/api/shops/${shop}/events?after=${segment(rng.pick(["-1", "x", "1.5", "9".repeat(30), ""]))}`,
        `/api/shops/${shop}/events?limit=${segment(rng.pick(["0", "201", "-5", "ten", "1e3"]))}`,
        `/api/shops/${shop}/events?${segment(rng.string(1 + rng.int(6), ID_CHARS))}=1`,
        `/api/shops/${shop}/events/${segment(rng.pick(["evt_", "evt_xyz", malformedPaymentId(), `evt_${rng.string(32, "0123456789abcdef")}`]))}`,
        `/api/shops/${segment(unknownShop())}/events`,
        `/api/shops/${segment(unknownShop())}/orders/o-1`,
      ])
    : rng.pick([
        `/api/shops/${shop}/orders/o-1`,
        `/api/shops/${shop}/events`,
        `/api/shops/${shop}/events/evt_${"0".repeat(32)}`,
      ]);
  // An event's attempts, paged (the token is demo-open's): a cursor or a page size the API never
  // makes, refused before the event is looked up.
  if (validToken && shop === "demo-open" && rng.chance(0.2)) {
    const eventId = rng.pick(["evt_", "evt_xyz", `evt_${rng.string(32, "0123456789abcdef")}`]);
    const query = rng.chance(0.5)
      ? `attemptsAfter=${segment(rng.pick(["-1", "x", "1.5", "9".repeat(16), "", " 1", "0x10", `x${rng.string(rng.int(20), PRINTABLE)}`]))}`
      : `attemptsLimit=${segment(rng.pick(["0", "501", "-5", "ten", "1.5", "", `x${rng.string(rng.int(20), PRINTABLE)}`]))}`;
    return {
      label: "backend API: an event's attempts, malformed paging",
      path: `/api/shops/${shop}/events/${eventId}?${query}${rng.chance(0.2) ? `&${rng.string(1 + rng.int(6), ID_CHARS)}x=1` : ""}`,
      init: { method: "GET", headers: h },
      code: "invalid_request",
      status: 400,
    };
  }
  const redeliver = rng.chance(0.3);
  const redeliverPath = validToken
    ? `/api/shops/${shop}/events/${segment(rng.pick(["evt_", "evt_xyz", malformedPaymentId(), `evt_${rng.string(32, "0123456789abcdef")}`]))}/redeliver`
    : `/api/shops/${shop}/events/evt_${"1".repeat(32)}/redeliver`;
  return {
    label: `backend API ${validToken ? "malformed input" : "bad token"}${redeliver ? " (redeliver)" : ""}`,
    path: redeliver ? redeliverPath : path,
    init: { method: redeliver ? "POST" : "GET", headers: h },
  };
}

/** The demo proxy to the shop backend's received log, with a cursor that is never a valid one (a valid one would be forwarded). */
function demoReceivedRequest(): FuzzRequest {
  const after = rng.pick([
    "",
    "-1",
    "x",
    "1.5",
    "9".repeat(16),
    " 1",
    "1 ",
    "1e3",
    "0x1",
    "%00",
    "１",
    "+1",
    "1\n",
    "1&after=2",
    rng.string(1 + rng.int(20), PRINTABLE).replace(/^\d{1,15}$/, "x"),
  ]);
  // Always encoded: a raw "&" or "#" could cut the value down to a valid cursor.
  const path = `/demo/api/backend/received?after=${encodeURIComponent(after)}`;
  const method = rng.pick(["GET", "GET", "GET", "POST", "PUT", "DELETE"]);
  return {
    label: `demo received: bad cursor (${method})`,
    path,
    init: { method, headers: headers(rng.chance(0.5) ? { Origin: randomOrigin() } : {}) },
  };
}

/** The health routes refused: another method on either, or the upstream's without the admin token or with a wrong one. */
function healthRequest(): FuzzRequest {
  if (rng.chance(0.4)) {
    const method = rng.pick(["POST", "PUT", "DELETE", "PATCH"]);
    return {
      label: "health: wrong method",
      path: rng.pick(["/healthz", "/healthz/upstream"]),
      init: {
        method,
        headers: headers(),
        ...(method === "DELETE" ? {} : { body: rng.string(rng.int(50), PRINTABLE) }),
      },
      code: "method_not_allowed",
      status: 405,
    };
  }
  const authorization = rng.pick([
    null,
    "",
    "Bearer",
    `Bearer ${rng.string(1 + rng.int(64), ID_CHARS)}`,
    `Bearer ${TEST_SECRETS.ADMIN_TOKEN.slice(0, -1)}x`,
    `Basic ${btoa(`admin:${TEST_SECRETS.ADMIN_TOKEN}`)}`,
    `Bearer ${TEST_SECRETS.DEMO_BACKEND_TOKEN}`,
    rng.string(rng.int(80), PRINTABLE),
  ]);
  return {
    label: "health: upstream without the admin token",
    path: `/healthz/upstream${rng.chance(0.3) ? `?${rng.string(rng.int(30), ID_CHARS)}=1` : ""}`,
    init: { method: "GET", headers: headers(authorization === null ? {} : { Authorization: authorization }) },
    code: "unauthorized",
    status: 401,
  };
}

/** The dashboard session the data API requests use (signed in for demo-open before the run). */
let desk: Signed;
const DESK_SHOP = "demo-open";

/** A cookie that is not a session: junk, a forged signature, or the real one tampered with. */
function forgedCookie(): string {
  const real = desk.cookie;
  return rng.pick([
    "",
    `desk_session=${rng.string(1 + rng.int(60), ID_CHARS)}`,
    `desk_session=${rng.string(20, ID_CHARS)}.${rng.string(43, ID_CHARS)}`,
    `${real.slice(0, -1)}${real.endsWith("A") ? "B" : "A"}`,
    `__Host-desk_session=${rng.string(30, PRINTABLE).replaceAll(";", "")}`,
    real.replace("desk_session=", "desk_session=x"),
  ]);
}

const DESK_ROUTES: [string, string][] = [
  ["GET", "/overview"],
  ["GET", "/payments"],
  ["GET", "/payments.csv"],
  ["GET", "/payments/pay_1"],
  ["POST", "/events/evt_0123456789abcdef0123456789abcdef/redeliver"],
  ["GET", "/webhooks"],
  ["POST", "/webhooks/ping"],
  ["GET", "/settings"],
  ["PATCH", "/settings"],
];

/** A junk query for the list and CSV routes: an unknown parameter, or a known one out of its rules. */
function badListQuery(): string {
  return rng.pick([
    `${rng.string(1 + rng.int(6), "abcdefghijklmnopqrstuvwxyz")}x=1`,
    `status=${segment(rng.pick(["confirmed", "1", "", "A".repeat(40), "CONFIRMED,", ",", "C-D"]))}`,
    `currency=${segment(rng.pick(["eur", "E UR", "", "€", "EUR;"]))}`,
    `from=${segment(rng.pick(["yesterday", "2026-13-01", "1", "", "2026-01-01T25:00:00Z"]))}`,
    `minAmount=${segment(rng.pick(["-1", "1e3", "ten", "", "1,5"]))}`,
    `limit=${segment(rng.pick(["0", "-1", "x", "100000", "1.5"]))}`,
    `cursor=${segment(rng.pick(["x", "Zm9v", "9".repeat(20), "%%", "eyJ4IjoxfQ"]))}`,
    `q=${encodeURIComponent(rng.pick(["\u0001x", "x".repeat(129), "a\nb"]))}`,
  ]);
}

/**
 * A request of the dashboard's data API (/dashboard/api/shops/{shop}/…) that must be refused:
 * no session or a forged one; the session's own shop with a malformed query, id or body, or a
 * state-changing request without the right Origin and CSRF token; another shop than the session's.
 */
function dashboardDataRequest(): FuzzRequest {
  const kind = rng.int(5);
  const [method, route] = rng.pick(DESK_ROUTES);
  if (kind === 0) {
    const cookie = forgedCookie();
    return {
      label: "dashboard data: no or forged session",
      path: `/dashboard/api/shops/${rng.pick([DESK_SHOP, "demo-signed"])}${route}`,
      init: {
        method,
        headers: headers({
          ...(cookie ? { Cookie: cookie } : {}),
          ...(method === "GET" ? {} : { Origin: ORIGIN, "X-CSRF-Token": desk.session.csrfToken }),
        }),
        ...(method === "PATCH" ? { body: "{}" } : {}),
      },
    };
  }
  if (kind === 1) {
    // Another shop than the session's: a real one, or one that does not exist. The answer must
    // be the very one of a shop that does not exist (checked after the run).
    const other = rng.chance(0.6) ? "demo-signed" : segment(unknownShop()).replaceAll("/", "%2F");
    return {
      label: "dashboard data: another shop",
      path: `/dashboard/api/shops/${other}${route}`,
      init: {
        method,
        headers: headers({
          Cookie: desk.cookie,
          ...(method === "GET" ? {} : { Origin: ORIGIN, "X-CSRF-Token": desk.session.csrfToken }),
          "Content-Type": "application/json",
        }),
        ...(method === "PATCH" ? { body: JSON.stringify({ allowedOrigins: [] }) } : {}),
      },
    };
  }
  if (kind === 2) {
    // A state-changing request of the session's own shop without a valid Origin and CSRF token.
    const [writeMethod, writeRoute] = rng.pick(DESK_ROUTES.filter(([m]) => m !== "GET"));
    // Either the real token with no or a foreign Origin, or the own Origin (or none) with a wrong or no token.
    const h: Record<string, string> = { Cookie: desk.cookie };
    if (rng.chance(0.5)) {
      h["X-CSRF-Token"] = desk.session.csrfToken;
      if (rng.chance(0.7)) h.Origin = randomOrigin();
    } else {
      const csrf = rng.pick([
        "none",
        "",
        rng.string(1 + rng.int(60), PRINTABLE),
        `${desk.session.csrfToken}x`,
        desk.session.csrfToken.slice(1),
      ]);
      if (csrf !== "none") h["X-CSRF-Token"] = csrf;
      const origin = rng.pick(["none", ORIGIN, randomOrigin()]);
      if (origin !== "none") h.Origin = origin;
    }
    return {
      label: "dashboard data: write without Origin and CSRF",
      path: `/dashboard/api/shops/${DESK_SHOP}${writeRoute}`,
      init: {
        method: writeMethod,
        headers: headers(h),
        ...(writeMethod === "PATCH" ? { body: JSON.stringify({ allowedOrigins: [] }) } : {}),
      },
    };
  }
  // The session's own shop, signed in, with malformed input.
  const write = { Cookie: desk.cookie, Origin: ORIGIN, "X-CSRF-Token": desk.session.csrfToken };
  interface DeskInput {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
  }
  const input = rng.pick<() => DeskInput>([
    () => ({ method: "GET", path: `/overview?days=${segment(rng.pick(["0", "91", "-1", "x", "1.5", "", "1e9"]))}` }),
    () => ({ method: "GET", path: `/overview?${rng.string(1 + rng.int(5), "abcdefghijklmnopqrstuvwxyz")}z=1` }),
    () => ({ method: "GET", path: `/payments?${badListQuery()}` }),
    () => ({ method: "GET", path: `/payments.csv?${badListQuery().replace(/^(limit|cursor)=/, "x$1=")}` }),
    () => ({ method: "GET", path: `/payments/${segment(malformedPaymentId())}` }),
    () => ({ method: "GET", path: `/payments/pay_unknown_${rng.string(12, ID_CHARS)}` }),
    () => ({
      method: "POST",
      path: `/events/${segment(rng.pick(["evt_", "evt_xyz", malformedPaymentId(), `evt_${rng.string(32, "0123456789abcdef")}`]))}/redeliver`,
      headers: write,
    }),
    () => ({
      method: "PATCH",
      path: "/settings",
      headers: { ...write, "Content-Type": "application/json" },
      body: rng.chance(0.5) ? JSON.stringify(junkValue(1)) : rng.string(rng.int(200), PRINTABLE),
    }),
    () => ({
      method: rng.pick(["PUT", "DELETE", "PATCH", "POST"]),
      path: rng.pick(["/overview", "/payments", "/webhooks", "/payments.csv"]),
      headers: write,
    }),
    () => ({ method: "GET", path: `/${segment(rng.string(1 + rng.int(12), PRINTABLE))}` }),
  ])();
  return {
    label: "dashboard data: malformed input",
    path: `/dashboard/api/shops/${DESK_SHOP}${input.path}`,
    init: {
      method: input.method,
      headers: headers({ Cookie: desk.cookie, ...input.headers }),
      ...(input.body === undefined ? {} : { body: input.body }),
    },
  };
}

/** A sign-in that must be refused: a token that is no link's, a malformed body, a refused Origin; and the session routes without a session. */
function dashboardSignInRequest(): FuzzRequest {
  switch (rng.int(6)) {
    case 0:
      return {
        label: "dashboard sign-in: not a link's token",
        path: "/dashboard/api/session",
        init: {
          method: "POST",
          headers: headers({ "Content-Type": "application/json", Origin: ORIGIN }),
          body: JSON.stringify({
            token: rng.pick([
              rng.string(43, `${ID_CHARS}ABCDEFGHIJKLMNOPQRSTUVWXYZ`),
              rng.string(1 + rng.int(80), PRINTABLE),
              "",
            ]),
          }),
        },
      };
    case 1:
      return {
        label: "dashboard sign-in: malformed body",
        path: "/dashboard/api/session",
        init: {
          method: "POST",
          headers: headers({ "Content-Type": "application/json", Origin: ORIGIN }),
          body: rng.chance(0.5) ? JSON.stringify(junkValue()) : rng.string(rng.int(300), PRINTABLE),
        },
      };
    case 2:
      return {
        label: "dashboard sign-in: refused origin",
        path: "/dashboard/api/session",
        init: {
          method: "POST",
          headers: headers({
            "Content-Type": "application/json",
            ...(rng.chance(0.8) ? { Origin: randomOrigin() } : {}),
          }),
          body: JSON.stringify({ token: rng.string(43, ID_CHARS) }),
        },
      };
    case 3: {
      const cookie = forgedCookie();
      return {
        label: "dashboard session: none or forged",
        path: "/dashboard/api/session",
        init: { method: "GET", headers: headers(cookie ? { Cookie: cookie } : {}) },
      };
    }
    case 4: {
      // Sign-in links are made server to server: without the shop's backend token or the admin token.
      const admin = rng.chance(0.5);
      const auth = rng.pick([
        "",
        `Bearer ${rng.string(1 + rng.int(60), ID_CHARS)}`,
        `Bearer ${admin ? TEST_SECRETS.DEMO_BACKEND_TOKEN : TEST_SECRETS.ADMIN_TOKEN}`,
        `Bearer ${rng.pick(SHOPS) === "demo-open" ? TEST_SECRETS.DEMO_SIGNED_BACKEND_TOKEN : `${TEST_SECRETS.DEMO_BACKEND_TOKEN}x`}`,
      ]);
      return {
        label: "dashboard sign-in link: wrong token",
        path: admin ? "/admin/dashboard/sign-in-links" : `/api/shops/${DESK_SHOP}/dashboard/sign-in-links`,
        init: {
          method: "POST",
          headers: headers({ "Content-Type": "application/json", ...(auth ? { Authorization: auth } : {}) }),
          body: JSON.stringify({ shop: DESK_SHOP }),
        },
      };
    }
    default:
      return {
        label: "dashboard sign-in link: admin, malformed body",
        path: "/admin/dashboard/sign-in-links",
        init: {
          method: "POST",
          headers: headers({ "Content-Type": "application/json", Authorization: `Bearer ${TEST_SECRETS.ADMIN_TOKEN}` }),
          body: rng.chance(0.5)
            ? JSON.stringify(
                rng.pick([junkValue(), { shop: unknownShop() }, { operator: false }, { shop: DESK_SHOP, x: 1 }]),
              )
            : rng.string(rng.int(200), PRINTABLE),
        },
      };
  }
}

/** The query of a read that lacks the payment's client secret: none, empty, random, near, malformed, repeated. */
function wrongSecretQuery(): string {
  const near = HELD_SECRET.slice(0, -1) + rng.pick(["x", "", "hh", "="]);
  return rng.pick([
    "",
    "?clientSecret=",
    `?clientSecret=${rng.string(32, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")}`,
    `?clientSecret=${encodeURIComponent(near)}`,
    `?clientSecret=${encodeURIComponent(rng.string(rng.int(300), PRINTABLE))}`,
    `?clientSecret=${rng.string(1 + rng.int(40), PRINTABLE).replaceAll("#", "%23")}`,
    `?clientSecret=%E0%A4%A&x=1`,
    `?clientSecret=${"A".repeat(4000)}`,
    `?clientsecret=${HELD_SECRET}`,
    `?clientSecret[]=${HELD_SECRET}`,
    `?clientSecret=${encodeURIComponent(` ${HELD_SECRET}`)}`,
  ]);
}

/** A read or a stream of a payment that exists, without its client secret. */
function secretlessRequest(): FuzzRequest {
  const id = rng.pick(HELD);
  const stream = rng.chance(0.5);
  return {
    label: stream ? "stream: missing or wrong client secret" : "payment: missing or wrong client secret",
    path: `/api/shops/demo-open/payments/${id}${stream ? "/stream" : ""}${wrongSecretQuery()}`,
    init: {
      method: "GET",
      headers: headers(
        stream ? { Upgrade: "websocket" } : rng.chance(0.5) ? { "If-None-Match": rng.pick([`W/"${id}-1"`, "*"]) } : {},
      ),
    },
    code: "payment_not_found",
    status: 404,
  };
}

/** One malformed request for a route chosen at random. */
function nextRequest(): FuzzRequest {
  const shop = rng.pick(SHOPS);
  switch (rng.int(18)) {
    case 17:
      return healthRequest();
    case 16:
      return secretlessRequest();
    case 13:
    case 14:
      return dashboardDataRequest();
    case 15:
      return dashboardSignInRequest();
    case 0:
      return {
        label: "create: malformed body",
        path: `/api/shops/${shop}/payments`,
        init: { method: "POST", headers: headers({ "Content-Type": "application/json" }), body: invalidCreateBody() },
      };
    case 1:
      return {
        label: "create: unknown shop",
        path: `/api/shops/${segment(unknownShop())}/payments`,
        init: {
          method: "POST",
          headers: headers({ "Content-Type": "application/json" }),
          body: JSON.stringify({ orderId: "o-1", priceAmount: "10.00", priceCurrency: "EUR", transferCurrency: "BTC" }),
        },
      };
    case 2:
      return {
        label: "create: refused origin",
        path: `/api/shops/${shop}/payments`,
        init: {
          method: "POST",
          headers: headers({ "Content-Type": "application/json", Origin: randomOrigin() }),
          body: JSON.stringify({ orderId: "o-1", priceAmount: "10.00", priceCurrency: "EUR", transferCurrency: "BTC" }),
        },
      };
    case 3:
      return {
        label: "shop: unknown",
        path: `/api/shops/${segment(unknownShop())}`,
        init: { method: "GET", headers: headers() },
      };
    case 4:
      return {
        label: "payment: malformed id",
        path: `/api/shops/${shop}/payments/${segment(malformedPaymentId())}`,
        init: { method: "GET", headers: headers() },
      };
    case 5:
      return {
        label: "stream: malformed id or origin",
        path: `/api/shops/${shop}/payments/${rng.chance(0.5) ? segment(malformedPaymentId()) : "pay_1"}/stream`,
        init: {
          method: "GET",
          headers: headers(
            rng.chance(0.5)
              ? { Upgrade: "websocket", Origin: randomOrigin() }
              : { Upgrade: "websocket", Origin: "https://evil.example" },
          ),
        },
      };
    case 6: {
      const body = rng.chance(0.5)
        ? JSON.stringify({ timestamp: "2026-01-01T00:00:00Z", notificationType: "v3/payment", body: junkValue() })
        : rng.string(rng.int(300), PRINTABLE);
      const sig: Record<string, string> = rng.chance(0.7)
        ? {
            "X-Signature": rng.pick([
              rng.string(64, "0123456789abcdef"),
              rng.string(rng.int(100), PRINTABLE),
              "",
              "00",
            ]),
          }
        : {};
      return {
        label: "hook: forged or missing signature",
        path: `/hooks/${rng.chance(0.8) ? shop : segment(unknownShop())}`,
        init: { method: "POST", headers: headers({ "Content-Type": "application/json", ...sig }), body },
      };
    }
    case 7: {
      const path = rng.pick([
        `/api/shops/${shop}`,
        `/api/shops/${shop}/payments`,
        `/api/shops/${shop}/payments/pay_1`,
        `/hooks/${shop}`,
        "/widget.js",
        "/demo/api/order-token",
      ]);
      const method = rng.pick(["PUT", "DELETE", "PATCH", "post"]);
      return { label: `method ${method}`, path, init: { method, headers: headers() } };
    }
    case 8:
      // The first segment is encoded, so that the path never starts with "//" (another host).
      return {
        label: "junk path",
        path: `/${encodeURIComponent(rng.string(1 + rng.int(12), PRINTABLE))}/${Array.from({ length: rng.int(5) }, () => segment(rng.string(1 + rng.int(12), PRINTABLE))).join("/")}`,
        init: { method: rng.pick(["GET", "POST"]), headers: headers() },
      };
    case 9:
      return {
        label: "demo order-token: malformed body",
        path: "/demo/api/order-token",
        init: {
          method: "POST",
          headers: headers({ "Content-Type": "application/json" }),
          body: rng.chance(0.5)
            ? JSON.stringify(junkValue())
            : JSON.stringify({
                shop: rng.pick([...SHOPS, unknownShop()]),
                orderId: notAnOrderId(),
                priceAmount: "1.00",
                priceCurrency: "EUR",
              }),
        },
      };
    case 10:
      return backendRequest(shop);
    case 11:
      return demoReceivedRequest();
    default:
      return {
        label: "widget: unknown hashed file",
        path: rng.pick([
          `/widget.${rng.string(8, "0123456789abcdef")}.js`,
          `/chunks/${rng.string(10, ID_CHARS)}.js`,
          `/widget.${rng.string(3, ID_CHARS)}.js`,
        ]),
        init: { method: "GET", headers: headers() },
      };
  }
}

/** A failing request as it can be replayed: seed, index, method, path, headers and body. */
function describeRequest(index: number, request: FuzzRequest): string {
  const body = typeof request.init.body === "string" ? request.init.body : "";
  return `[seed ${SEED} #${index}] ${request.label}: ${request.init.method} ${request.path} headers=${JSON.stringify(request.init.headers)} body=${JSON.stringify(body.slice(0, 300))}${body.length > 300 ? `...(${body.length} chars)` : ""}`;
}

let upstream: UpstreamStub;
let stubFetch: typeof fetch;
/** Requests the Worker sent to any host other than the upstream (the stub counts those). */
const otherHosts: string[] = [];
/** Log lines of the run, kept in memory: printing thousands of lines costs more than the requests. */
const logLines: string[] = [];
const originalLog = console.log;
const testEnv = env as unknown as Env;
const heldObjects = () => HELD.map((id) => paymentObject(testEnv, "demo-open", id));

beforeAll(async () => {
  // The payments that exist, stored with their secret; their payment.created webhooks delivered
  // before the run, so that nothing of theirs is still under way when it ends.
  const receiver = installWebhookReceiver();
  for (const [i, object] of heldObjects().entries())
    await object.init(newPayment({ paymentId: HELD[i] }), undefined, `fuzz-order-${i}`, HELD_SECRET);
  await receiver.until((r) => HELD.every((id) => r.eventsOf(id).length === 1));
  receiver.restore();
  // Signed in before the run, through the real sign-in link and session routes.
  desk = await signedIn(DESK_SHOP);
  clearCurrencyCache();
  upstream = installUpstreamStub();
  stubFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url).origin !== new URL(UPSTREAM_BASE_URL).origin) otherHosts.push(url);
    return stubFetch(input, init);
  };
  console.log = (line: unknown) => void logLines.push(String(line));
});
afterAll(async () => {
  for (const object of heldObjects()) await runInDurableObject(object.stub, (_i, state) => state.storage.deleteAlarm());
  console.log = originalLog;
  globalThis.fetch = stubFetch;
  upstream.restore();
});

describe("fuzz", () => {
  it(
    `answers ${REQUESTS} malformed requests with 4xx JSON errors and never calls the upstream (seed ${SEED})`,
    { timeout: 300_000 },
    async () => {
      // Generated before any is sent, so the requests depend on the seed alone (not on timing).
      const requests = Array.from({ length: REQUESTS }, () => nextRequest());
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      const upstreamCallsAfter: string[] = [];
      /** The answers to the dashboard's requests for another shop (each must be a missing shop's). */
      const otherShopAnswers = new Set<string>();
      let sent = 0;

      async function send(index: number, request: FuzzRequest): Promise<void> {
        const callsBefore = upstream.calls.length;
        let response: Response;
        try {
          response = await call(request.path, request.init);
        } catch (err) {
          failures.push(`threw ${String(err)} for ${describeRequest(index, request)}`);
          return;
        }
        sent += 1;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const text = await response.text();
        // With requests in flight together, a call may belong to a neighbour: this names candidates.
        if (upstream.calls.length > callsBefore) upstreamCallsAfter.push(describeRequest(index, request));
        if (response.status < 400 || response.status >= 500) {
          failures.push(`${response.status} ${describeRequest(index, request)}: ${text.slice(0, 200)}`);
          return;
        }
        let body: ErrorBody | undefined;
        try {
          body = JSON.parse(text) as ErrorBody;
        } catch {
          failures.push(`not JSON: ${describeRequest(index, request)}: ${text.slice(0, 80)}`);
        }
        if (body && !(ERROR_CODES as readonly string[]).includes(body.error?.code))
          failures.push(`unknown code ${JSON.stringify(body)} for ${describeRequest(index, request)}`);
        else if (
          body &&
          request.code !== undefined &&
          (response.status !== request.status || body.error.code !== request.code)
        )
          failures.push(
            `${response.status} ${body.error.code}, not ${request.status} ${request.code}: ${describeRequest(index, request)}`,
          );
        if (body && (typeof body.error?.message !== "string" || body.error.message.length === 0))
          failures.push(`no message ${JSON.stringify(body)} for ${describeRequest(index, request)}`);
        if (request.label === "dashboard data: another shop") {
          otherShopAnswers.add(`${response.status} ${body?.error.code ?? ""} ${body?.error.message ?? ""}`);
        }
      }

      const started = Date.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < requests.length) {
            const index = next;
            next += 1;
            const request = requests[index];
            if (request) await send(index, request);
          }
        }),
      );
      const elapsed = Date.now() - started;

      expect(failures.slice(0, 20), `seed ${SEED}: ${failures.length} failing requests`).toEqual([]);
      expect(sent, `seed ${SEED}`).toBe(REQUESTS);
      expect(
        upstream.calls.map((c) => `${c.method} ${c.path}`),
        `seed ${SEED}: upstream calls, during ${upstreamCallsAfter.slice(0, 10).join(" | ")}`,
      ).toEqual([]);
      expect(otherHosts, `seed ${SEED}: requests to other hosts`).toEqual([]);
      // One access-log line per request, none of them an error.
      expect(
        logLines.filter((l) => l.includes('"event":"request"')),
        `seed ${SEED}`,
      ).toHaveLength(REQUESTS);
      expect(
        logLines.filter((l) => l.includes('"level":"error"')),
        `seed ${SEED}`,
      ).toEqual([]);
      // A session's request for another shop is answered as one for a shop that does not exist.
      expect([...otherShopAnswers], `seed ${SEED}`).toEqual(["404 unknown_shop No shop with this id."]);
      // Several kinds of refusal were exercised, not one path over and over.
      for (const status of [400, 401, 403, 404, 405])
        expect(statuses.get(status) ?? 0, `seed ${SEED}: answers ${status}`).toBeGreaterThan(20);
      // Every kind of request was sent, the merchant-side routes and the demo proxy included.
      const labels = new Set(requests.map((r) => r.label.replace(/ \(.*\)$/, "")));
      for (const label of [
        "backend API malformed input",
        "backend API bad token",
        "demo received: bad cursor",
        "hook: forged or missing signature",
        "create: malformed body",
        "dashboard data: no or forged session",
        "dashboard data: another shop",
        "dashboard data: write without Origin and CSRF",
        "dashboard data: malformed input",
        "dashboard sign-in: not a link's token",
        "dashboard sign-in: malformed body",
        "dashboard sign-in: refused origin",
        "dashboard session: none or forged",
        "dashboard sign-in link: wrong token",
        "dashboard sign-in link: admin, malformed body",
        "payment: missing or wrong client secret",
        "stream: missing or wrong client secret",
        "health: wrong method",
        "health: upstream without the admin token",
      ])
        expect(labels, label).toContain(label);
      // The payments that exist were never opened: no viewer, no poll asked for.
      for (const object of heldObjects()) {
        const held = await runInDurableObject(object.stub, (_i, state) => ({
          sockets: state.getWebSockets().length,
          refetch: state.storage.sql.exec<{ r: number }>("SELECT refetch_requested AS r FROM payment").one().r,
        }));
        expect(held, `seed ${SEED}`).toEqual({ sockets: 0, refetch: 0 });
      }
      originalLog(
        `fuzz: ${REQUESTS} requests, ${CONCURRENCY} at a time, in ${elapsed} ms; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
      );
    },
  );
});
