/**
 * Shop secrets at rest: AES-256-GCM through WebCrypto under a master key named by a key id, with
 * additional authenticated data that binds them to the rest of their registry row (the shop id,
 * its environment, a digest of its settings and the row's seal id: `rowBinding`,
 * registry-record.ts), so that a row's ciphertext opens only as the secrets of its own shop with
 * the settings it was sealed with. The stored text is one line:
 *
 *   v2.<key id>.<iv: 12 bytes, base64url>.<ciphertext and tag, base64url>
 *
 * (v1, which bound the shop id alone, is refused: rows written by it are written again through
 * the admin API.) The key id says which master key sealed it (master-keys.ts), so that a rotation
 * can add a key, seal new rows under it, rewrap the old ones, and drop the old key without a
 * moment in which a row cannot be read. No I/O: the keys come in, text goes out. An error never
 * carries key material or plaintext.
 */

export const ENVELOPE_VERSION = "v2";
/** A master key's id: what SHOP_MASTER_KEYS names it, stored beside each row it seals. */
export const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const IV_BYTES = 12;
const B64URL = /^[A-Za-z0-9_-]+$/;

/** The master keys a Worker holds: every id it can open, and the one it seals with. */
export interface Keyring {
  currentId: string;
  keys: ReadonlyMap<string, CryptoKey>;
}

export type EnvelopeProblem = "malformed" | "unknown_key" | "not_authentic";

export class EnvelopeError extends Error {
  override readonly name = "EnvelopeError";
  constructor(
    readonly problem: EnvelopeProblem,
    message: string,
  ) {
    super(message);
  }
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!B64URL.test(text) || text.length % 4 === 1) return undefined;
  const padded = text.replaceAll("-", "+").replaceAll("_", "/") + "=".repeat((4 - (text.length % 4)) % 4);
  try {
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

const additionalData = (aad: string) =>
  new TextEncoder().encode(`crypto-checkout/shop-secrets/${ENVELOPE_VERSION}\n${aad}`);

/** The parts of a stored envelope, or undefined when it is not one. */
export function parseEnvelope(text: string): { keyId: string; iv: Uint8Array; ciphertext: Uint8Array } | undefined {
  const parts = text.split(".");
  if (parts.length !== 4 || parts[0] !== ENVELOPE_VERSION) return undefined;
  const [, keyId = "", ivText = "", ciphertextText = ""] = parts;
  const iv = fromBase64Url(ivText);
  const ciphertext = fromBase64Url(ciphertextText);
  if (!KEY_ID.test(keyId) || iv?.length !== IV_BYTES || !ciphertext || ciphertext.length < 16) return undefined;
  return { keyId, iv, ciphertext };
}

/** Seals `plaintext` under the keyring's current key, bound to `aad` (the row's binding). A fresh random IV each time. */
export async function seal(keyring: Keyring, aad: string, plaintext: string): Promise<string> {
  const key = keyring.keys.get(keyring.currentId);
  if (!key) throw new EnvelopeError("unknown_key", `the current master key ${keyring.currentId} is not in the keyring`);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: additionalData(aad) },
    key,
    new TextEncoder().encode(plaintext),
  );
  return [ENVELOPE_VERSION, keyring.currentId, toBase64Url(iv), toBase64Url(new Uint8Array(ciphertext))].join(".");
}

/** Opens an envelope sealed for `aad` under any key of the keyring; EnvelopeError otherwise. */
export async function open(keyring: Keyring, aad: string, envelope: string): Promise<string> {
  const text = envelope;
  const parts = parseEnvelope(envelope);
  if (!parts)
    throw new EnvelopeError(
      "malformed",
      text.startsWith("v1.")
        ? "the stored secrets were sealed by an earlier release (v1), which did not bind them to the row: write the shop again through the admin API"
        : "the stored secrets are not an envelope of this version",
    );
  const key = keyring.keys.get(parts.keyId);
  if (!key)
    throw new EnvelopeError(
      "unknown_key",
      `the stored secrets are sealed under master key ${parts.keyId}, which SHOP_MASTER_KEYS does not hold`,
    );
  let plaintext: ArrayBuffer;
  try {
    plaintext = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: parts.iv, additionalData: additionalData(aad) },
      key,
      parts.ciphertext,
    );
  } catch {
    throw new EnvelopeError(
      "not_authentic",
      `the stored secrets do not open under master key ${parts.keyId} for this shop's row (secrets of another row or an older copy, or settings changed outside the admin API)`,
    );
  }
  return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(plaintext);
}
