/**
 * The master keys that seal registry shops' secrets (secret-envelope.ts), from two Worker secrets:
 *
 *   SHOP_MASTER_KEYS    comma-separated `<key id>:<base64 of 32 random bytes>`, every key a row
 *                       may be sealed under (`k2:q83v...=,k1:Jx0b...=`)
 *   SHOP_MASTER_KEY_ID  the id that seals from now on; may be left unset while there is one key
 *
 * Reading accepts every listed id, so a rotation adds the new key first, then makes it current,
 * rewraps the rows (POST /admin/keys/rewrap), and only then drops the old one (docs/checkout.md,
 * "Rotating the master key"). `parseMasterKeys` is pure; a problem never carries key material.
 */
import { registerSecret } from "../http/log.js";
import { KEY_ID, type Keyring } from "./secret-envelope.js";

const KEY_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$|^[A-Za-z0-9_-]+$/;

export type ParsedMasterKeys =
  { ok: true; currentId: string; keys: Map<string, Uint8Array> } | { ok: false; problem: string };

function decodeKey(text: string): Uint8Array | undefined {
  if (!BASE64.test(text)) return undefined;
  const standard = text.replaceAll("-", "+").replaceAll("_", "/").replace(/=+$/, "");
  try {
    return Uint8Array.from(atob(standard + "=".repeat((4 - (standard.length % 4)) % 4)), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The keys of SHOP_MASTER_KEYS and the current id, or what is wrong with them. */
export function parseMasterKeys(keysVar: string | undefined, currentVar: string | undefined): ParsedMasterKeys {
  if (!keysVar?.trim()) return { ok: false, problem: "SHOP_MASTER_KEYS is not set" };
  const keys = new Map<string, Uint8Array>();
  for (const [index, item] of keysVar.split(",").entries()) {
    const entry = item.trim();
    const colon = entry.indexOf(":");
    const id = colon > 0 ? entry.slice(0, colon) : "";
    if (!KEY_ID.test(id))
      return {
        ok: false,
        problem: `SHOP_MASTER_KEYS entry ${index + 1} is not <key id>:<base64 key> (ids: 1-32 of A-Z a-z 0-9 _ -)`,
      };
    if (keys.has(id)) return { ok: false, problem: `SHOP_MASTER_KEYS lists the key id ${id} twice` };
    const key = decodeKey(entry.slice(colon + 1));
    if (key?.length !== KEY_BYTES)
      return { ok: false, problem: `SHOP_MASTER_KEYS key ${id} is not the base64 of ${KEY_BYTES} bytes` };
    keys.set(id, key);
  }
  const current = currentVar?.trim() || (keys.size === 1 ? [...keys.keys()][0] : undefined);
  if (current === undefined)
    return { ok: false, problem: "SHOP_MASTER_KEY_ID must name the current key when SHOP_MASTER_KEYS holds several" };
  if (!keys.has(current))
    return { ok: false, problem: `SHOP_MASTER_KEY_ID names ${current}, which SHOP_MASTER_KEYS does not hold` };
  return { ok: true, currentId: current, keys };
}

/** The keyring of parsed keys (WebCrypto AES-GCM keys, not extractable). */
export async function importKeyring(parsed: {
  currentId: string;
  keys: ReadonlyMap<string, Uint8Array>;
}): Promise<Keyring> {
  const keys = new Map<string, CryptoKey>();
  for (const [id, raw] of parsed.keys)
    keys.set(id, await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
  return { currentId: parsed.currentId, keys };
}

/** The keyring last imported in this isolate, by the two values it was made from. */
let imported: { source: string; keyring: Promise<Keyring | { problem: string }> } | undefined;

/** The keyring of this Worker's secrets (imported once per isolate and value), or the problem with them. */
export function keyringOf(env: {
  SHOP_MASTER_KEYS?: string;
  SHOP_MASTER_KEY_ID?: string;
}): Promise<Keyring | { problem: string }> {
  const source = `${env.SHOP_MASTER_KEY_ID ?? ""}\n${env.SHOP_MASTER_KEYS ?? ""}`;
  if (imported?.source !== source) {
    // Scrubbed from every log line: the whole value and each key in it (not the ids).
    const value = env.SHOP_MASTER_KEYS ?? "";
    for (const part of [value, ...value.split(",").map((entry) => entry.slice(entry.indexOf(":") + 1))])
      registerSecret(part.trim());
    const parsed = parseMasterKeys(env.SHOP_MASTER_KEYS, env.SHOP_MASTER_KEY_ID);
    imported = { source, keyring: parsed.ok ? importKeyring(parsed) : Promise.resolve({ problem: parsed.problem }) };
  }
  return imported.keyring;
}
