/**
 * The pure pieces of the registry: how a shop is kept apart from its secrets (registry-record.ts),
 * what an audit entry says (audit.ts: never a secret value), the admin API's cursors (paging.ts)
 * and its changes (shop-patch.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shopChanges } from "../../../../worker/checkout/shops/audit.js";
import { decodeCursor, encodeCursor } from "../../../../worker/checkout/shops/paging.js";
import { joinShop, secretsSet, splitShop } from "../../../../worker/checkout/shops/registry-record.js";
import { applyPatch, secretSlotName, withSecret } from "../../../../worker/checkout/shops/shop-patch.js";
import { SHOP_ID } from "../../../../worker/checkout/rules.js";
import { registryShopSchema, type RegistryShop } from "../../../../worker/checkout/shops/shop-schema.js";

/** A valid registry shop; secrets are test values. */
function shop(over: Partial<RegistryShop> = {}): RegistryShop {
  return registryShopSchema.parse({
    id: "acme",
    name: "Acme",
    environment: "sandbox",
    apiKeyId: "acme_key",
    secrets: {
      apiKeySecret: "sec_api_0123456789abcdef",
      notificationHmacKey: "sec_hmac_0123456789abcdef0123456789abcdef",
    },
    pricing: "open",
    limits: { min: "1.00", max: "100.00" },
    priceCurrencies: ["EUR"],
    transferCurrencies: ["BTC"],
    webhooks: [{ url: "https://shop.example/hooks", secret: "whsec_MM4/+mx602JxJMvmH/dUT47hWNfAXMg7T+l3fsY2b/E=" }],
    ...over,
  });
}

/** Secrets fast-check makes: a prefix no setting has, then letters and digits. */
const secret = fc.stringMatching(/^sec_[A-Za-z0-9]{28,40}$/);
const whsec = fc
  .uint8Array({ minLength: 24, maxLength: 64 })
  .map((bytes) => `whsec_${btoa(String.fromCharCode(...bytes))}`);
const endpointUrl = fc.constantFrom("https://a.example/h", "https://b.example/h", "https://c.example/h");
const arbitraryShop = fc
  .record({
    name: fc.string({ minLength: 1, maxLength: 20 }).filter((n) => n.trim().length > 0),
    apiKeySecret: secret,
    hmac: fc.option(secret, { nil: undefined }),
    signing: fc.option(secret, { nil: undefined }),
    backend: fc.option(secret, { nil: undefined }),
    urls: fc.uniqueArray(endpointUrl, { maxLength: 3 }),
    webhookSecrets: fc.array(whsec, { minLength: 3, maxLength: 3 }),
    max: fc.constantFrom("100.00", "200.00"),
  })
  .map((r) => {
    const secrets: RegistryShop["secrets"] = { apiKeySecret: r.apiKeySecret };
    if (r.hmac) secrets.notificationHmacKey = r.hmac;
    if (r.signing) secrets.orderSigningKey = r.signing;
    if (r.backend) secrets.backendToken = r.backend;
    return shop({
      name: r.name,
      secrets,
      limits: { min: "1.00", max: r.max },
      webhooks: r.urls.map((url, i) => ({ url, secret: r.webhookSecrets[i] ?? "" })),
    });
  });

const secretValues = (s: RegistryShop) => [
  ...Object.values(s.secrets).filter((v): v is string => v !== undefined),
  ...s.webhooks.map((e) => e.secret),
];

describe("splitShop and joinShop", () => {
  it("keep settings and secrets apart, and put them back together as the same shop", () => {
    fc.assert(
      fc.property(arbitraryShop, (s) => {
        const { settings, secrets } = splitShop(s);
        const text = JSON.stringify(settings);
        for (const value of secretValues(s)) expect(text).not.toContain(value);
        expect(joinShop(settings, secrets)).toEqual(s);
      }),
    );
  });

  it("list which secrets a shop has, by field", () => {
    const s = shop({ secrets: { apiKeySecret: "sec_api_0123456789abcdef", backendToken: "b".repeat(40) } });
    const { settings, secrets } = splitShop(s);
    expect(secretsSet(settings, secrets)).toEqual([
      "secrets.apiKeySecret",
      "secrets.backendToken",
      "webhooks.0.secret",
    ]);
  });
});

describe("shopChanges (the audit log's entries)", () => {
  it("never contain a secret value, whatever changed", () => {
    fc.assert(
      fc.property(fc.option(arbitraryShop, { nil: undefined }), arbitraryShop, (before, after) => {
        const text = JSON.stringify(shopChanges(before, after));
        for (const value of [...(before ? secretValues(before) : []), ...secretValues(after)])
          expect(text).not.toContain(value);
      }),
    );
  });

  it("name every setting of a new shop and each secret it was given, as set", () => {
    const changes = shopChanges(undefined, shop());
    expect(changes).toContainEqual({ field: "name", to: "Acme" });
    expect(changes).toContainEqual({ field: "secrets.apiKeySecret", secret: "set" });
    expect(changes).toContainEqual({ field: "webhooks.0.secret", secret: "set" });
    expect(changes.some((c) => c.field === "secrets.orderSigningKey")).toBe(false);
  });

  it("name only what changed, a secret as replaced or removed", () => {
    const before = shop();
    const after = shop({ name: "Acme Coffee", secrets: { apiKeySecret: "sec_api_fedcba9876543210" } });
    expect(shopChanges(before, after)).toEqual([
      { field: "name", from: "Acme", to: "Acme Coffee" },
      { field: "secrets.apiKeySecret", secret: "replaced" },
      { field: "secrets.notificationHmacKey", secret: "removed" },
    ]);
    expect(shopChanges(before, shop())).toEqual([]);
  });
});

describe("cursors", () => {
  it("give back the position they were made from, for every shop id and entry number", () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(SHOP_ID), fc.nat().map(String)), (position) => {
        const cursor = encodeCursor(position);
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeCursor(cursor, () => true)).toBe(position);
      }),
    );
  });

  it("refuse anything this API did not make, and positions the list does not take", () => {
    const takes = (p: string) => SHOP_ID.test(p);
    const shopId = fc.stringMatching(SHOP_ID);
    const base64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replaceAll("+", "-")
        .replaceAll("/", "_")
        .replace(/=+$/, "");
    const utf8 = (text: string) => new TextEncoder().encode(text);
    const alphabet = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_");
    /** What the cursor says, read independently: base64url (unpadded) of UTF-8 text, else undefined. */
    const textOf = (cursor: string): string | undefined => {
      if (!/^[A-Za-z0-9_-]*$/.test(cursor)) return undefined;
      try {
        const binary = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
        return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(
          Uint8Array.from(binary, (c) => c.charCodeAt(0)),
        );
      } catch {
        return undefined;
      }
    };
    const realCursor = fc
      .oneof(shopId, fc.string({ maxLength: 20 }), fc.string({ unit: "grapheme", maxLength: 8 }))
      .map(encodeCursor);
    const cursors = fc.oneof(
      // This API's cursors, of positions the list takes (most runs) and of others.
      { arbitrary: shopId.map(encodeCursor), weight: 4 },
      realCursor,
      // The same position under another prefix, or none.
      fc
        .tuple(fc.constantFrom("", "after", "after;", "before:", "After:", " after:", "after:after:"), shopId)
        .map(([prefix, id]) => base64url(utf8(prefix + id))),
      // The prefix, then bytes that are not all UTF-8 text.
      fc
        .uint8Array({ minLength: 1, maxLength: 12 })
        .map((bytes) => base64url(new Uint8Array([...utf8("after:"), ...bytes]))),
      // A real cursor with one character changed, dropped or added.
      fc
        .tuple(realCursor, fc.nat(), alphabet, fc.constantFrom("change", "drop", "add"))
        .map(([cursor, at, c, edit]) => {
          const i = at % cursor.length;
          return cursor.slice(0, i) + (edit === "drop" ? "" : c) + cursor.slice(edit === "change" ? i + 1 : i);
        }),
      // Anything else.
      fc.string({ maxLength: 40 }),
    );
    let accepted = 0;
    let runs = 0;
    fc.assert(
      fc.property(cursors, (cursor) => {
        runs += 1;
        const text = textOf(cursor);
        const expected = text?.startsWith("after:") && takes(text.slice(6)) ? text.slice(6) : undefined;
        const position = decodeCursor(cursor, takes);
        expect(position, cursor).toBe(expected);
        if (position !== undefined) accepted += 1;
      }),
      { numRuns: 1000 },
    );
    // The runs above did draw cursors that decode (a property over undecodable strings checks nothing).
    expect(accepted / runs).toBeGreaterThan(0.25);
    expect(decodeCursor(encodeCursor("Not An Id"), takes)).toBeUndefined();
    expect(decodeCursor("%%%", () => true)).toBeUndefined();
  });
});

describe("applyPatch", () => {
  it("replaces the fields given and removes those set to null", () => {
    const { candidate, issues } = applyPatch(shop(), { name: "New", redirectUrls: null });
    expect(issues).toEqual([]);
    expect(candidate).toMatchObject({ name: "New", apiKeyId: "acme_key" });
    expect("redirectUrls" in candidate).toBe(false);
  });

  it("merges secrets field by field: a value sets one, null removes one", () => {
    const { candidate } = applyPatch(shop(), { secrets: { backendToken: "t".repeat(40), notificationHmacKey: null } });
    expect(candidate.secrets).toEqual({ apiKeySecret: "sec_api_0123456789abcdef", backendToken: "t".repeat(40) });
  });

  it("keeps the secret of an endpoint whose URL stays, and asks one for a new URL", () => {
    const current = shop();
    const kept = applyPatch(current, {
      webhooks: [{ url: "https://shop.example/hooks", events: ["payment.confirmed"] }],
    });
    expect(kept.issues).toEqual([]);
    expect(kept.candidate.webhooks).toEqual([
      { url: "https://shop.example/hooks", events: ["payment.confirmed"], secret: current.webhooks[0]?.secret },
    ]);
    const added = applyPatch(current, { webhooks: [{ url: "https://other.example/h" }] });
    expect(added.issues).toEqual([{ field: "webhooks.0.secret", message: "is required for a new endpoint" }]);
  });

  it("refuses another id and a body that is not an object", () => {
    expect(applyPatch(shop(), { id: "other" }).issues).toEqual([
      { field: "id", message: "cannot be changed (add a shop with the new id instead)" },
    ]);
    expect(applyPatch(shop(), { id: "acme" }).issues).toEqual([]);
    expect(applyPatch(shop(), [1]).issues[0]?.field).toBe("(body)");
  });
});

describe("secretSlotName and withSecret", () => {
  it("name the four secrets and each endpoint's, and nothing else", () => {
    expect(secretSlotName("orderSigningKey")).toEqual({ kind: "secret", field: "orderSigningKey" });
    expect(secretSlotName("webhooks.3.secret")).toEqual({ kind: "webhook", index: 3 });
    for (const name of ["secrets.apiKeySecret", "webhooks.x.secret", "webhooks.0", "name", "__proto__"])
      expect(secretSlotName(name)).toBeUndefined();
  });

  it("set one secret and leave the rest, or find no such endpoint", () => {
    const current = shop();
    expect(withSecret(current, { kind: "secret", field: "backendToken" }, "t".repeat(40))?.secrets).toEqual({
      ...current.secrets,
      backendToken: "t".repeat(40),
    });
    expect(withSecret(current, { kind: "webhook", index: 0 }, "whsec_new")?.webhooks[0]?.secret).toBe("whsec_new");
    expect(withSecret(current, { kind: "webhook", index: 1 }, "whsec_new")).toBeUndefined();
  });
});
