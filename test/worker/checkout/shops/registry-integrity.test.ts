/**
 * A registry row's secrets are bound to the rest of the row (secret-envelope.ts v2, rowBinding in
 * registry-record.ts): whoever can write to the registry's D1 but does not hold the master key
 * cannot point a shop's webhooks or environment elsewhere, move secrets between shops, or bring
 * back an older copy of a row (a rotated-away secret) without the shop refusing to serve (500,
 * and a log line that says which).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isolateCache } from "../../../../worker/checkout/shops/shop-registry.js";
import { call } from "../support/http.js";
import { testEnv } from "../support/merchant.js";
import { addShop, admin, rawRow } from "../support/registry.js";
import { useUpstream } from "../support/stubs.js";

useUpstream();

let logs: { event: string; shop?: string; problem?: string }[];
beforeEach(() => {
  logs = [];
  vi.spyOn(console, "log").mockImplementation((line: unknown) => {
    logs.push(JSON.parse(String(line)) as { event: string });
  });
});
afterEach(() => vi.restoreAllMocks());

const db = () => {
  if (!testEnv.DB) throw new Error("no DB binding");
  return testEnv.DB;
};

/** Writes columns of a row straight into D1, as someone with the database but not the master key would. */
async function tamper(id: string, set: Record<string, string | null>): Promise<void> {
  const columns = Object.keys(set);
  await db()
    .prepare(`UPDATE shops SET ${columns.map((c, i) => `${c} = ?${i + 2}`).join(", ")} WHERE id = ?1`)
    .bind(id, ...columns.map((c) => set[c] ?? null))
    .run();
  isolateCache.clear();
}

async function refusal(id: string): Promise<string | undefined> {
  const response = await call(`/api/shops/${id}`);
  expect(response.status).toBe(500);
  return logs.find((line) => line.event === "registry_secrets_unreadable" && line.shop === id)?.problem;
}

describe("a registry row's secrets", () => {
  it("serve the shop as the admin API wrote it", async () => {
    const { shop } = await addShop();
    expect((await call(`/api/shops/${shop.id}`)).status).toBe(200);
  });

  it("do not open once the settings were changed outside the admin API (a webhook pointed elsewhere)", async () => {
    const { shop } = await addShop();
    const row = await rawRow(shop.id);
    const settings = JSON.parse(row.settings) as { webhooks: { url: string }[] };
    settings.webhooks = [{ url: "https://attacker.example/collect" }];
    await tamper(shop.id, { settings: JSON.stringify(settings) });
    expect(await refusal(shop.id)).toMatch(/do not open .* for this shop's row/);
  });

  it("do not open once the environment was changed outside the admin API", async () => {
    const { shop } = await addShop();
    await tamper(shop.id, { environment: "production" });
    expect(await refusal(shop.id)).toMatch(/do not open/);
  });

  it("do not open in another shop's row", async () => {
    const [a, b] = [await addShop(), await addShop()];
    await tamper(b.shop.id, { secrets: (await rawRow(a.shop.id)).secrets });
    expect(await refusal(b.shop.id)).toMatch(/do not open/);
  });

  it("cannot be rolled back to an older copy: neither the secrets alone nor the whole row", async () => {
    const { shop } = await addShop();
    const before = await rawRow(shop.id);
    const rotated = await admin(`/admin/shops/${shop.id}`, {
      method: "PATCH",
      body: { secrets: { apiKeySecret: "a_rotated_api_key_secret_000000000" } },
    });
    expect(rotated.status).toBe(200);
    expect((await rawRow(shop.id)).seal_id).not.toBe(before.seal_id);

    await tamper(shop.id, { secrets: before.secrets });
    expect(await refusal(shop.id)).toMatch(/do not open/);

    logs = [];
    await tamper(shop.id, { secrets: before.secrets, seal_id: before.seal_id, settings: before.settings });
    expect(await refusal(shop.id)).toMatch(/not the one its audit log last sealed/);
  });

  it("stay bound through a disable and an enable, which do not seal them again", async () => {
    const { shop } = await addShop();
    const sealed = await rawRow(shop.id);
    for (const action of ["disable", "enable"])
      expect((await admin(`/admin/shops/${shop.id}/${action}`, { method: "POST" })).status).toBe(200);
    const row = await rawRow(shop.id);
    expect([row.secrets, row.seal_id]).toEqual([sealed.secrets, sealed.seal_id]);
    isolateCache.clear();
    expect((await call(`/api/shops/${shop.id}`)).status).toBe(200);
  });

  it("of a row an earlier release wrote (no seal id) are refused with what to do", async () => {
    const { shop } = await addShop();
    await tamper(shop.id, { seal_id: null });
    expect(await refusal(shop.id)).toMatch(/earlier release: write the shop again/);
  });
});
