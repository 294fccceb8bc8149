/**
 * Upstream notifications (docs/upstream.md, "Notifications"): signature check over the raw body bytes, then the
 * envelope `{timestamp, notificationType, body}` parsed with the same tolerance as responses.
 *
 * Signature (the spec leaves it unstated; this is the documented default a shop can adjust):
 * HMAC-SHA256 over the exact raw request body bytes, keyed with the UTF-8 bytes of the shop's HMAC
 * key, carried in one header (default "X-Signature") as lowercase hex (default) or base64.
 * Verified with crypto.subtle.verify (constant time) before the body is parsed.
 */
import { canonicalDateTime } from "./datetime.js";
import { V3Error } from "./errors.js";
import { check, parseJsonText, parsePayment, parsePayout } from "./parse.js";
import { z } from "zod";
import type { Notification, UnrecognizedNotification } from "./types.js";

export interface SignatureOptions {
  /** The shop's HMAC key, as set in the upstream's client panel. */
  key: string;
  /** Header carrying the signature; default "X-Signature". */
  header?: string;
  /** Encoding of the signature; default "hex". */
  encoding?: "hex" | "base64";
  /**
   * Text before the signature in the header, as some services write it (`sha256=`, GitHub's
   * form); the spec does not show one. Compared without regard to case, and tolerated when absent.
   */
  prefix?: string;
}

/** Largest notification body accepted, in bytes. */
export const MAX_NOTIFICATION_BYTES = 1024 * 1024;

const SIGNATURE_BYTES = 32;

function hmacKey(key: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  if (typeof key !== "string" || key.length === 0) {
    throw new V3Error("invalid_request", "invalid_hmac_key", "the HMAC key must be a non-empty string");
  }
  return crypto.subtle.importKey("raw", new TextEncoder().encode(key), { name: "HMAC", hash: "SHA-256" }, false, [
    usage,
  ]);
}

function toBytes(raw: Uint8Array | ArrayBuffer | string): Uint8Array {
  if (typeof raw === "string") return new TextEncoder().encode(raw);
  return raw instanceof Uint8Array ? raw : new Uint8Array(raw);
}

function encode(bytes: Uint8Array, encoding: "hex" | "base64"): string {
  if (encoding === "hex") return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The signature bytes, or undefined when the text is not a 32-byte value in that encoding. */
function decode(text: string, encoding: "hex" | "base64"): Uint8Array | undefined {
  if (encoding === "hex") {
    if (!/^[0-9a-fA-F]{64}$/.test(text)) return undefined;
    return Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  }
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(text)) return undefined;
  try {
    const binary = atob(text.endsWith("=") ? text : `${text}=`);
    return binary.length === SIGNATURE_BYTES ? Uint8Array.from(binary, (c) => c.charCodeAt(0)) : undefined;
  } catch {
    return undefined;
  }
}

/** Signs a body as the upstream does (the sandbox uses this); hex or base64 per `opts.encoding`. */
export async function signBody(raw: Uint8Array | ArrayBuffer | string, opts: SignatureOptions): Promise<string> {
  const key = await hmacKey(opts.key, "sign");
  const mac = await crypto.subtle.sign("HMAC", key, toBytes(raw));
  return `${opts.prefix ?? ""}${encode(new Uint8Array(mac), opts.encoding ?? "hex")}`;
}

/** The header's value without the shop's prefix, when it carries it. */
function withoutPrefix(value: string, prefix: string | undefined): string {
  return prefix && value.toLowerCase().startsWith(prefix.toLowerCase()) ? value.slice(prefix.length).trim() : value;
}

function signatureError(code: "missing_signature" | "malformed_signature" | "bad_signature", message: string): V3Error {
  return new V3Error("invalid_signature", code, message);
}

/**
 * Reads the request's raw body and checks its signature before anything parses it. Returns the
 * body as text (UTF-8) for parseNotification. Errors: kind "invalid_signature" with code
 * "missing_signature", "malformed_signature" or "bad_signature"; kind "invalid_notification" with
 * code "body_too_large" or "invalid_encoding".
 */
export async function verifyNotification(request: Request, opts: SignatureOptions): Promise<{ raw: string }> {
  const header = opts.header ?? "X-Signature";
  const encoding = opts.encoding ?? "hex";
  const key = await hmacKey(opts.key, "verify");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_NOTIFICATION_BYTES) {
    throw new V3Error(
      "invalid_notification",
      "body_too_large",
      `notification body exceeds ${MAX_NOTIFICATION_BYTES} bytes`,
    );
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length > MAX_NOTIFICATION_BYTES) {
    throw new V3Error(
      "invalid_notification",
      "body_too_large",
      `notification body exceeds ${MAX_NOTIFICATION_BYTES} bytes`,
    );
  }
  const value = withoutPrefix(request.headers.get(header)?.trim() ?? "", opts.prefix);
  if (!value) throw signatureError("missing_signature", `notification without a ${header} header`);
  const signature = decode(value, encoding);
  if (!signature) throw signatureError("malformed_signature", `${header} is not a ${encoding} HMAC-SHA256 value`);
  if (!(await crypto.subtle.verify("HMAC", key, signature, bytes))) {
    throw signatureError("bad_signature", `${header} does not match the body`);
  }
  try {
    return { raw: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    throw new V3Error("invalid_notification", "invalid_encoding", "notification body is not UTF-8");
  }
}

const envelopeSchema = z.object({
  timestamp: z.unknown().transform((value, ctx) => {
    const timestamp = canonicalDateTime(value);
    if (timestamp === undefined) {
      ctx.addIssue({ code: "custom", message: "expected an ISO 8601 date-time" });
      return z.NEVER;
    }
    return timestamp;
  }),
  notificationType: z.string(),
  body: z.record(z.string(), z.unknown()),
});

const KNOWN_TYPES: readonly string[] = ["v3/payment", "v3/payouts"];

function hintId(body: unknown, key: "paymentId" | "payoutId"): string | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const id = (body as Record<string, unknown>)[key];
  return typeof id === "string" && id.length > 0 && id.length <= 256 ? id : undefined;
}

function unrecognized(record: Record<string, unknown>, notificationType: string): UnrecognizedNotification {
  const out: UnrecognizedNotification = { recognized: false, notificationType: notificationType.slice(0, 100) };
  const timestamp = canonicalDateTime(record.timestamp);
  if (timestamp !== undefined) out.timestamp = timestamp;
  const paymentId = hintId(record.body, "paymentId");
  if (paymentId !== undefined) out.paymentId = paymentId;
  const payoutId = hintId(record.body, "payoutId");
  if (payoutId !== undefined) out.payoutId = payoutId;
  return out;
}

/**
 * Like parseNotification, but an envelope whose `notificationType` is a string other than
 * `v3/payment` and `v3/payouts` is returned as an UnrecognizedNotification (its timestamp and
 * body unchecked, only the ids it names kept) instead of being refused. Every other error is the
 * same as parseNotification's.
 */
export function parseAnyNotification(rawText: string): Notification | UnrecognizedNotification {
  const value = parseJsonText(rawText, "invalid_notification");
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new V3Error("invalid_notification", "invalid_envelope", "notification is not a JSON object");
  }
  const record = value as Record<string, unknown>;
  if (!("notificationType" in record) && !("body" in record) && ("paymentId" in record || "payoutId" in record)) {
    throw new V3Error(
      "invalid_notification",
      "unwrapped_notification",
      "notification is a bare payment or payout, not a v3 envelope",
    );
  }
  if (typeof record.notificationType === "string" && !KNOWN_TYPES.includes(record.notificationType)) {
    return unrecognized(record, record.notificationType);
  }
  const envelope = check(envelopeSchema, value, "notification", { kind: "invalid_notification" });
  const ctx = { kind: "invalid_notification" as const, prefix: "body" };
  if (envelope.notificationType === "v3/payouts") {
    return { timestamp: envelope.timestamp, notificationType: "v3/payouts", body: parsePayout(envelope.body, ctx) };
  }
  return { timestamp: envelope.timestamp, notificationType: "v3/payment", body: parsePayment(envelope.body, ctx) };
}

/**
 * The ids a notification names, read as leniently as a hint allows: the envelope's `body` or, for
 * a bare payment or payout (the format before the envelope), the object itself; its
 * `notificationType`, `timestamp` and everything else unchecked. For a notification that cannot
 * be trusted (no HMAC key) and that parseAnyNotification refuses: its ids still say what to fetch.
 * undefined when the text is not a JSON object.
 */
export function hintOfNotification(rawText: string): UnrecognizedNotification | undefined {
  let value: unknown;
  try {
    value = JSON.parse(rawText);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const inner = typeof record.body === "object" && record.body !== null ? record.body : record;
  const type = typeof record.notificationType === "string" ? record.notificationType : "(none)";
  return unrecognized({ ...record, body: inner }, type);
}

/**
 * Parses a notification envelope (docs/upstream.md, "Notifications"). Errors, all kind "invalid_notification": "invalid_json",
 * "invalid_envelope" (not an object), "unwrapped_notification" (a bare payment or payout, the
 * format before the envelope), "missing_field" / "invalid_field" with `field` ("timestamp" when it
 * is not an RFC 3339 date-time, "body.paymentId", ...), "unknown_notification_type" (see
 * parseAnyNotification for a parser that returns those instead).
 */
export function parseNotification(rawText: string): Notification {
  const parsed = parseAnyNotification(rawText);
  if ("recognized" in parsed) {
    throw new V3Error(
      "invalid_notification",
      "unknown_notification_type",
      `unknown notificationType "${parsed.notificationType.slice(0, 40)}"`,
      { field: "notificationType" },
    );
  }
  return parsed;
}
