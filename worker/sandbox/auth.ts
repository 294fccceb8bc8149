import type { Account, SandboxConfig } from "./config.js";
import { SandboxError } from "./errors.js";

const unauthorized = (): SandboxError =>
  new SandboxError(401, "unauthorized", "missing or invalid API key (HTTP Basic: key id and secret)");

async function sha256(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
}

/** The account whose key id and secret the request's `Authorization: Basic ...` header carries. */
export async function authenticate(header: string | undefined, config: SandboxConfig): Promise<Account> {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) throw unauthorized();
  let decoded: string;
  try {
    decoded = new TextDecoder().decode(Uint8Array.from(atob(match[1]), (ch) => ch.charCodeAt(0)));
  } catch {
    throw unauthorized();
  }
  const colon = decoded.indexOf(":");
  if (colon < 1) throw unauthorized();
  const keyId = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  const account = config.accounts.find((a) => a.keyId === keyId);
  // Compare digests in constant time; an unknown key id still pays for one comparison.
  const [given, expected] = await Promise.all([sha256(secret), sha256(account?.keySecret ?? "\u0000no-account")]);
  const same = crypto.subtle.timingSafeEqual(given, expected);
  if (!account || !same) throw unauthorized();
  return account;
}
