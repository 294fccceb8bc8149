/**
 * Refund links (docs/refunds.md, "Refund links"): `{PUBLIC_URL}/refund/{shop}/#{token}`. The token
 * is `{paymentId}.{refundId}.{secret}`: the ids find the refunds' object, the secret (256 random
 * bits, base64url) is what makes it unforgeable; the object keeps only its SHA-256 with the
 * link's expiry, so a new link (a new secret) replaces the old one, and a token with a wrong
 * secret, another shop's, or a replaced one are all the same 404.
 */
import { PAYMENT_ID } from "../rules.js";

export const REFUND_ID = /^rf_[0-9a-f]{32}$/;

/** Default lifetime of a refund link when the shop sets none (`refundLinkTtlMinutes`). */
export const DEFAULT_LINK_TTL_MINUTES = 7 * 24 * 60;

const SECRET = /^[A-Za-z0-9_-]{43}$/;

export function newRefundId(): string {
  return `rf_${crypto.randomUUID().replaceAll("-", "")}`;
}

export interface LinkToken {
  paymentId: string;
  refundId: string;
  secret: string;
}

function base64url(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** A new token for a refund, with the hash its object keeps. */
export async function newLinkToken(
  paymentId: string,
  refundId: string,
): Promise<{ token: string; secret: string; hash: string }> {
  const secret = base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { token: `${paymentId}.${refundId}.${secret}`, secret, hash: await secretHash(secret) };
}

/** The parts of a token, or undefined when it is not one. */
export function parseLinkToken(token: string): LinkToken | undefined {
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  const [paymentId = "", refundId = "", secret = ""] = parts;
  if (!PAYMENT_ID.test(paymentId) || !REFUND_ID.test(refundId) || !SECRET.test(secret)) return undefined;
  return { paymentId, refundId, secret };
}

export async function secretHash(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether `secret` is the one whose hash is `hash` (constant time over the hashes). */
export async function secretMatches(secret: string, hash: string | null): Promise<boolean> {
  if (hash === null) return false;
  const given = new TextEncoder().encode(await secretHash(secret));
  const kept = new TextEncoder().encode(hash);
  if (given.length !== kept.length) return false;
  return crypto.subtle.timingSafeEqual(given, kept);
}

/** The link a customer opens. */
export function refundLinkUrl(origin: string, shopId: string, token: string): string {
  return `${origin}/refund/${encodeURIComponent(shopId)}/#${token}`;
}
