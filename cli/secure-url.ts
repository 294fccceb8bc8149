/**
 * Where the console may send a secret (a merchant key, a backend or admin token): over https, or
 * over plain http only to this machine (a local Worker or sandbox). A key sent over plain http to
 * another host can be read by anyone on the way.
 */
import { UsageError } from "./errors.js";

/** Whether the URL names this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || /^127(?:\.\d{1,3}){3}$/.test(host) || host === "::1";
}

/** `url` when a secret may be sent to it; a UsageError naming `what` and the fix otherwise. */
export function requireSecretSafe(url: string, what: string): string {
  const parsed = new URL(url);
  if (parsed.protocol === "https:" || isLoopback(parsed)) return url;
  throw new UsageError(
    `${what} is ${url}: the console sends secrets over plain http only to this machine (localhost, 127.0.0.1, ::1); use https://${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`,
  );
}
