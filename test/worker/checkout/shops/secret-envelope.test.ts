/**
 * Shop secrets at rest (secret-envelope.ts) and the master keys they are sealed under
 * (master-keys.ts): what opens, what does not, and that no error or envelope carries a plaintext
 * or a key.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importKeyring, parseMasterKeys } from "../../../../worker/checkout/shops/master-keys.js";
import {
  EnvelopeError,
  open,
  parseEnvelope,
  seal,
  toBase64Url,
  type Keyring,
} from "../../../../worker/checkout/shops/secret-envelope.js";

const rawKey = (fill: number) => Uint8Array.from({ length: 32 }, (_, i) => (fill * 31 + i * 7) % 256);
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const K1 = b64(rawKey(1));
const K2 = b64(rawKey(2));

async function ring(keys: string, current?: string): Promise<Keyring> {
  const parsed = parseMasterKeys(keys, current);
  if (!parsed.ok) throw new Error(parsed.problem);
  return importKeyring(parsed);
}

const problemOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(EnvelopeError);
    return (err as EnvelopeError).problem;
  }
  throw new Error("it opened");
};

describe("seal and open", () => {
  it("opens what it sealed, for every text and shop id, and the envelope never shows the text", async () => {
    const keyring = await ring(`k1:${K1}`);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.string({ minLength: 1, maxLength: 64 }),
        async (text, shop) => {
          const envelope = await seal(keyring, shop, text);
          expect(await open(keyring, shop, envelope)).toBe(text);
          expect(parseEnvelope(envelope)?.keyId).toBe("k1");
          if (text.length >= 8) expect(envelope).not.toContain(text);
        },
      ),
      { numRuns: 200 },
    );
    // 400 WebCrypto calls: seconds on a loaded machine.
  }, 30_000);

  it("seals the same text differently each time (a fresh IV)", async () => {
    const keyring = await ring(`k1:${K1}`);
    const a = await seal(keyring, "acme", "same secret");
    const b = await seal(keyring, "acme", "same secret");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v2\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
  });

  it("opens only for the shop it was sealed for: another shop's row does not open as this one's", async () => {
    const keyring = await ring(`k1:${K1}`);
    const envelope = await seal(keyring, "acme", '{"apiKeySecret":"s"}');
    expect(await problemOf(open(keyring, "other", envelope))).toBe("not_authentic");
  });

  it("refuses a changed envelope: any bit flipped in the IV or the ciphertext", async () => {
    const keyring = await ring(`k1:${K1}`);
    const envelope = await seal(keyring, "acme", "a secret of some length");
    const parts = parseEnvelope(envelope);
    if (!parts) throw new Error("not an envelope");
    const bytes = [...parts.iv, ...parts.ciphertext];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: bytes.length - 1 }),
        fc.integer({ min: 0, max: 7 }),
        async (at, bit) => {
          const changed = Uint8Array.from(bytes, (byte, i) => (i === at ? byte ^ (1 << bit) : byte));
          const tampered = ["v2", "k1", toBase64Url(changed.slice(0, 12)), toBase64Url(changed.slice(12))].join(".");
          expect(await problemOf(open(keyring, "acme", tampered))).toBe("not_authentic");
        },
      ),
      { numRuns: 80 },
    );
  });

  it("names an unknown key id, and a text that is no envelope", async () => {
    const sealedUnderK2 = await seal(await ring(`k2:${K2}`), "acme", "x");
    const onlyK1 = await ring(`k1:${K1}`);
    expect(await problemOf(open(onlyK1, "acme", sealedUnderK2))).toBe("unknown_key");
    for (const junk of [
      "",
      "v1",
      "v3.k1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA",
      "v1.k1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA",
      "v1.k1.short.AAAA",
      `v1.k!.${toBase64Url(new Uint8Array(12))}.${toBase64Url(new Uint8Array(20))}`,
    ]) {
      expect(await problemOf(open(onlyK1, "acme", junk))).toBe("malformed");
    }
  });

  it("reads under every key of the ring and seals under the current one (a rotation step)", async () => {
    const old = await seal(await ring(`k1:${K1}`), "acme", "secret-under-k1");
    const both = await ring(`k1:${K1},k2:${K2}`, "k2");
    expect(await open(both, "acme", old)).toBe("secret-under-k1");
    const resealed = await seal(both, "acme", await open(both, "acme", old));
    expect(parseEnvelope(resealed)?.keyId).toBe("k2");
    expect(await open(await ring(`k2:${K2}`), "acme", resealed)).toBe("secret-under-k1");
  });
});

describe("parseMasterKeys", () => {
  it("takes one key (current by itself) or several with the current one named", () => {
    expect(parseMasterKeys(`k1:${K1}`, undefined)).toMatchObject({ ok: true, currentId: "k1" });
    const two = parseMasterKeys(
      ` k1:${K1} , k2:${K2.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")}`,
      "k2",
    );
    expect(two).toMatchObject({ ok: true, currentId: "k2" });
    expect(two.ok && [...two.keys.keys()]).toEqual(["k1", "k2"]);
  });

  it.each<[string, string | undefined, string | undefined, string]>([
    ["unset", undefined, undefined, "SHOP_MASTER_KEYS is not set"],
    ["an entry without an id", K1, undefined, "SHOP_MASTER_KEYS entry 1 is not <key id>:<base64 key>"],
    ["a bad id", `k 1:${K1}`, undefined, "SHOP_MASTER_KEYS entry 1 is not <key id>:<base64 key>"],
    [
      "a key that is not 32 bytes",
      `k1:${btoa("short")}`,
      undefined,
      "SHOP_MASTER_KEYS key k1 is not the base64 of 32 bytes",
    ],
    ["an id twice", `k1:${K1},k1:${K2}`, "k1", "SHOP_MASTER_KEYS lists the key id k1 twice"],
    [
      "several keys and no current id",
      `k1:${K1},k2:${K2}`,
      undefined,
      "SHOP_MASTER_KEY_ID must name the current key when SHOP_MASTER_KEYS holds several",
    ],
    [
      "a current id it does not hold",
      `k1:${K1}`,
      "k9",
      "SHOP_MASTER_KEY_ID names k9, which SHOP_MASTER_KEYS does not hold",
    ],
  ])("refuses %s, saying why", (_label, keys, current, problem) => {
    const parsed = parseMasterKeys(keys, current);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problem).toContain(problem);
  });

  it("never repeats key material in a problem", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 48 }),
        fc.constantFrom("", "k1:", "k 1:", "k1:x,"),
        (bytes, prefix) => {
          const key = b64(bytes);
          const parsed = parseMasterKeys(`${prefix}${key}`, undefined);
          if (!parsed.ok && key.length >= 6) expect(parsed.problem).not.toContain(key);
        },
      ),
    );
  });
});
