/**
 * Rotating the master key without downtime (docs/checkout.md, "Rotating the master key"): add the
 * new key, make it current, rewrap every shop, drop the old key; every shop keeps working at
 * every step. Each step is a new deployment of the secrets, so each starts with an empty cache (a
 * new isolate).
 */
import { describe, expect, it } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import type { RewrapResult } from "../../../../worker/checkout/shops/admin-wire.js";
import { isolateCache } from "../../../../worker/checkout/shops/shop-registry.js";
import type { PaymentView } from "../../../../worker/checkout/wire.js";
import { callWith, errorOf } from "../support/http.js";
import { backend } from "../support/merchant.js";
import { freshOrderId } from "../support/orders.js";
import { addShop, admin, ADMIN_TOKEN, rawAudit, rawRow, registryId, registryShopBody } from "../support/registry.js";
import { useUpstream } from "../support/stubs.js";
import { REGISTRY_SECRETS, TEST_SECRETS } from "../support/test-env.js";

const stubs = useUpstream();

const OLD = TEST_SECRETS.SHOP_MASTER_KEYS; // test1:...
const NEW = `test2:${btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256)))}`;

/** Whether a shop works under these secrets: its settings, a payment with its key, its backend token. */
async function works(id: string, bindings: Partial<Env>): Promise<void> {
  isolateCache.clear();
  expect((await callWith(bindings, `/api/shops/${id}`)).status).toBe(200);
  const create = await callWith(bindings, `/api/shops/${id}/payments`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      orderId: freshOrderId(),
      priceAmount: "10.00",
      priceCurrency: "EUR",
      transferCurrency: "BTC",
    }),
  });
  expect(create.status).toBe(201);
  expect(((await create.json()) as PaymentView).status).toBe("NEW");
  expect(stubs.upstream.calls.at(-1)?.authorization).toBe(
    `Basic ${btoa(`registry_shop:${REGISTRY_SECRETS.apiKeySecret}`)}`,
  );
  expect((await backend(`/api/shops/${id}/events`, {}, REGISTRY_SECRETS.backendToken, bindings)).status).toBe(200);
}

async function rewrapAll(bindings: Partial<Env>): Promise<RewrapResult[]> {
  const answers: RewrapResult[] = [];
  let cursor: string | undefined;
  for (let call = 0; call < 20; call++) {
    const response = await admin(
      "/admin/keys/rewrap",
      { body: cursor ? { cursor, limit: 2 } : { limit: 2 } },
      ADMIN_TOKEN,
      bindings,
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as RewrapResult;
    answers.push(answer);
    if (!answer.next) return answers;
    cursor = answer.next;
  }
  throw new Error("rewrap did not finish");
}

describe("master key rotation", () => {
  it("keeps every shop working while the key is added, made current, rewrapped, and the old one dropped", async () => {
    const shops = [registryId("rot"), registryId("rot"), registryId("rot")];
    for (const id of shops) await addShop(id);
    for (const id of shops) expect((await rawRow(id)).key_id).toBe("test1");

    // 1. The new key is added; the old one still seals.
    const added: Partial<Env> = { SHOP_MASTER_KEYS: `${OLD},${NEW}`, SHOP_MASTER_KEY_ID: "test1" };
    for (const id of shops) await works(id, added);

    // 2. The new key seals from now on: new shops and changes are sealed under it, old rows still open.
    const current: Partial<Env> = { SHOP_MASTER_KEYS: `${OLD},${NEW}`, SHOP_MASTER_KEY_ID: "test2" };
    const later = registryId("rot");
    await addShop(later, {}, current);
    expect((await rawRow(later)).key_id).toBe("test2");
    for (const id of [...shops, later]) await works(id, current);
    const status = await (await admin("/admin/keys", {}, ADMIN_TOKEN, current)).json();
    expect(status).toEqual({ currentKeyId: "test2", keyIds: ["test1", "test2"], shopsByKey: { test1: 3, test2: 1 } });

    // Without the old key, the old rows cannot be read yet: that is why the rewrap comes first.
    isolateCache.clear();
    const tooSoon = await callWith({ SHOP_MASTER_KEYS: NEW, SHOP_MASTER_KEY_ID: undefined }, `/api/shops/${shops[0]}`);
    expect(tooSoon.status).toBe(500);
    expect((await errorOf(tooSoon)).code).toBe("internal_error");

    // 3. Every row is sealed again under the new key, a page at a time.
    const answers = await rewrapAll(current);
    expect(answers.reduce((sum, a) => sum + a.rewrapped, 0)).toBe(3);
    expect(answers.at(-1)).toMatchObject({
      currentKeyId: "test2",
      unreadable: [],
      next: null,
      shopsByKey: { test2: 4 },
    });
    for (const id of shops) expect((await rawRow(id)).key_id).toBe("test2");
    const audit = (await (await admin("/admin/audit?limit=200", {}, ADMIN_TOKEN, current)).json()) as {
      entries: { action: string; shop: string | null; changes: unknown }[];
    };
    expect(audit.entries.filter((e) => e.action === "rewrap").map((e) => e.changes)).toContainEqual([
      { field: "keyId", from: { test1: 2 }, to: "test2", shops: 2 },
    ]);
    expect((await rawAudit(shops[0] ?? "")).map((a) => a.action)).toEqual(["create"]);

    // 4. The old key is dropped: every shop still works.
    const dropped: Partial<Env> = { SHOP_MASTER_KEYS: NEW, SHOP_MASTER_KEY_ID: undefined };
    for (const id of [...shops, later]) await works(id, dropped);
    expect(
      ((await (await admin("/admin/keys/rewrap", { body: {} }, ADMIN_TOKEN, dropped)).json()) as RewrapResult)
        .rewrapped,
    ).toBe(0);
  });

  it("answers 500 without details when the master keys are missing or malformed, and logs the problem", async () => {
    const { shop } = await addShop();
    for (const keys of ["", "test1:short", `${OLD},${NEW}`]) {
      isolateCache.clear();
      const response = await callWith(
        { SHOP_MASTER_KEYS: keys, SHOP_MASTER_KEY_ID: undefined },
        `/api/shops/${shop.id}`,
      );
      expect(response.status).toBe(500);
      expect((await errorOf(response)).message).not.toContain("SHOP_MASTER");
    }
    const id = registryId();
    const refused = await admin("/admin/shops", { body: registryShopBody(id) }, ADMIN_TOKEN, { SHOP_MASTER_KEYS: "" });
    expect(refused.status).toBe(500);
    expect((await admin(`/admin/shops/${id}`)).status).toBe(404); // nothing was written
  });
});
