/**
 * The registry's admin API (/admin/*, admin-api.ts): the admin token, creating, reading, listing,
 * changing, disabling and enabling shops, replacing a secret, every refusal with its fields, and
 * the audit log of every change.
 */
import { describe, expect, it } from "vitest";
import type { ShopRecord } from "../../../../worker/checkout/shops/admin-wire.js";
import type { ErrorBody, ShopSettings } from "../../../../worker/checkout/wire.js";
import { call, errorOf } from "../support/http.js";
import { backend } from "../support/merchant.js";
import { addShop, admin, ADMIN_TOKEN, rawAudit, registryId, registryShopBody } from "../support/registry.js";
import { useUpstream } from "../support/stubs.js";
import { REGISTRY_SECRETS } from "../support/test-env.js";

useUpstream();

const fieldsOf = async (response: Response) => ((await response.json()) as ErrorBody).error.fields ?? [];

describe("the admin token", () => {
  it("is required: 401 without it or with another token, with a Bearer challenge", async () => {
    for (const token of [null, `${ADMIN_TOKEN.slice(0, -1)}x`, "short"]) {
      const response = await admin("/admin/shops", {}, token);
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe("unauthorized");
      expect(response.headers.get("WWW-Authenticate")).toBe('Bearer realm="crypto-checkout-admin"');
    }
    const create = await admin("/admin/shops", { body: registryShopBody(registryId()) }, null);
    expect(create.status).toBe(401);
  });

  it("turns the admin API off when it is not set, or too short to be a token: 404 not_found", async () => {
    for (const ADMIN_TOKEN_VALUE of ["", "too-short-to-be-a-token"]) {
      const response = await admin("/admin/shops", {}, ADMIN_TOKEN_VALUE || null, { ADMIN_TOKEN: ADMIN_TOKEN_VALUE });
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe("not_found");
    }
  });

  it("is not another shop's backend token: those do not open the admin API", async () => {
    const response = await admin("/admin/shops", {}, REGISTRY_SECRETS.backendToken);
    expect(response.status).toBe(401);
  });
});

describe("POST /admin/shops", () => {
  it("adds a shop that the checkout serves at once, and answers it without any secret", async () => {
    const id = registryId();
    const response = await admin("/admin/shops", { body: registryShopBody(id) });
    expect(response.status).toBe(201);
    const text = await response.text();
    for (const value of Object.values(REGISTRY_SECRETS)) expect(text).not.toContain(value);
    const record = JSON.parse(text) as ShopRecord;
    expect(record).toMatchObject({
      status: "active",
      keyId: "test1",
      shop: { id, name: `Registry shop ${id}`, notificationSignature: { header: "X-Signature", encoding: "hex" } },
    });
    expect(record.secrets).toEqual([
      "secrets.apiKeySecret",
      "secrets.notificationHmacKey",
      "secrets.orderSigningKey",
      "secrets.backendToken",
      "webhooks.0.secret",
    ]);
    expect(record.shop.webhooks).toEqual([{ url: "http://127.0.0.1:8789/webhooks" }]);
    const settings = (await (await call(`/api/shops/${id}`)).json()) as ShopSettings;
    expect(settings).toMatchObject({
      shop: id,
      pricing: "open",
      limits: { min: "1.00", max: "900.00" },
      transferCurrencies: [
        { code: "BTC", name: "Bitcoin" },
        { code: "LTC", name: "Litecoin" },
      ],
    });
  });

  it("refuses a bad shop with 400 and every field at fault, by the rules of the SHOPS var", async () => {
    const body = registryShopBody(registryId(), {
      pricing: "signed",
      priceCurrencies: ["eur"],
      limits: undefined,
      allowedOrigins: ["https://shop.example/path"],
      secrets: { apiKeySecret: REGISTRY_SECRETS.apiKeySecret },
      extra: 1,
    });
    const response = await admin("/admin/shops", { body });
    expect(response.status).toBe(400);
    const error = await errorOf(response.clone());
    expect(error.code).toBe("invalid_request");
    expect(await fieldsOf(response)).toEqual(
      expect.arrayContaining([
        { field: "priceCurrencies.0", message: "must be an upper-case currency code" },
        { field: "allowedOrigins.0", message: expect.stringContaining("must be an origin") },
        { field: "(body)", message: expect.stringContaining('"extra"') },
      ]),
    );
  });

  it("checks secret values by their kind, and never repeats one in its answer", async () => {
    const shortKey = "short-hmac-key";
    const body = registryShopBody(registryId(), {
      secrets: {
        apiKeySecret: REGISTRY_SECRETS.apiKeySecret,
        notificationHmacKey: shortKey,
        backendToken: "no spaces allowed in a token of this length",
      },
      webhooks: [{ url: "https://hooks.example/h", secret: "not-a-whsec-secret" }],
    });
    const response = await admin("/admin/shops", { body });
    expect(response.status).toBe(400);
    const text = await response.clone().text();
    for (const value of [shortKey, "no spaces allowed", "not-a-whsec-secret"]) expect(text).not.toContain(value);
    expect(await fieldsOf(response)).toEqual([
      { field: "secrets.notificationHmacKey", message: "is shorter than 32 bytes (14)" },
      {
        field: "secrets.backendToken",
        message: "holds characters a Bearer token cannot carry (use A-Z a-z 0-9 - . _ ~ + /)",
      },
      { field: "webhooks.0.secret", message: "is not of the form whsec_<base64>" },
    ]);
  });

  it("refuses a production shop without an https PUBLIC_URL, as SHOPS does", async () => {
    const response = await admin("/admin/shops", {
      body: registryShopBody(registryId(), { environment: "production", webhooks: [] }),
    });
    expect(response.status).toBe(400);
    expect(await fieldsOf(response)).toEqual([
      { field: "environment", message: expect.stringContaining("PUBLIC_URL") },
    ]);
  });

  it("refuses an id the registry or the SHOPS var has already: 409 shop_exists", async () => {
    const { shop } = await addShop();
    const again = await admin("/admin/shops", { body: registryShopBody(shop.id) });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("shop_exists");
    const configured = await admin("/admin/shops", { body: registryShopBody("demo-open") });
    expect(configured.status).toBe(409);
    expect((await errorOf(configured)).message).toContain("SHOPS");
  });

  it("refuses a body that is not JSON, and one over 64 KiB", async () => {
    expect((await admin("/admin/shops", { body: "{nope" })).status).toBe(400);
    const big = await admin("/admin/shops", { body: registryShopBody(registryId(), { name: "x".repeat(70_000) }) });
    expect(big.status).toBe(413);
  });
});

describe("GET /admin/shops and /admin/shops/{id}", () => {
  it("lists shops in id order, one page at a time, and filters by status", async () => {
    const prefix = registryId("page");
    const ids = [`${prefix}-a`, `${prefix}-b`, `${prefix}-c`];
    for (const id of ids) await addShop(id);
    await admin(`/admin/shops/${ids[1]}/disable`, { method: "POST" });
    const seen: string[] = [];
    let cursor = encodeURIComponent(btoa(`after:${prefix}`).replace(/=+$/, ""));
    for (let page = 0; page < 10 && cursor; page++) {
      const body = (await (await admin(`/admin/shops?limit=2&cursor=${cursor}`)).json()) as {
        shops: ShopRecord[];
        next: string | null;
      };
      expect(body.shops.length).toBeLessThanOrEqual(2);
      for (const record of body.shops) expect(record.secrets).toBeUndefined();
      seen.push(...body.shops.map((r) => r.shop.id).filter((id) => id.startsWith(prefix)));
      if (body.shops.some((r) => !r.shop.id.startsWith(prefix))) break;
      cursor = body.next ?? "";
    }
    expect(seen).toEqual(ids);
    const disabled = (await (await admin("/admin/shops?status=disabled&limit=200")).json()) as { shops: ShopRecord[] };
    expect(disabled.shops.map((r) => r.shop.id)).toContain(ids[1]);
    expect(disabled.shops.map((r) => r.shop.id)).not.toContain(ids[0]);
  });

  it("refuses a cursor it did not give, a limit out of range, and an unknown query field", async () => {
    for (const query of ["cursor=bm9wZQ", "limit=0", "limit=201", "status=gone", "sort=id"]) {
      const response = await admin(`/admin/shops?${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it("shows one shop by id, its secrets by field only; 404 unknown_shop for another id", async () => {
    const { shop } = await addShop();
    const record = (await (await admin(`/admin/shops/${shop.id}`)).json()) as ShopRecord;
    expect(record.shop).toEqual(shop);
    expect(record.secrets).toContain("secrets.backendToken");
    const missing = await admin(`/admin/shops/${registryId()}`);
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe("unknown_shop");
    expect((await admin("/admin/shops/Not%20An%20Id")).status).toBe(404);
  });
});

describe("PATCH /admin/shops/{id}", () => {
  it("changes the fields given, served at once by this isolate, and writes the change to the audit log", async () => {
    const { shop } = await addShop();
    const response = await admin(`/admin/shops/${shop.id}`, {
      method: "PATCH",
      body: { name: "Renamed", limits: { min: "2.00", max: "20.00" } },
      headers: { "X-Audit-Actor": "alice" },
    });
    expect(response.status).toBe(200);
    const record = (await response.json()) as ShopRecord;
    expect(record.shop).toMatchObject({ name: "Renamed", limits: { min: "2.00", max: "20.00" } });
    expect(((await (await call(`/api/shops/${shop.id}`)).json()) as ShopSettings).name).toBe("Renamed");
    const audit = await rawAudit(shop.id);
    expect(audit.map((a) => a.action)).toEqual(["create", "update"]);
    expect(audit[1]?.actor).toBe("token (alice)");
    expect(audit[1]?.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(audit[1]?.changes ?? "[]")).toEqual([
      { field: "name", from: `Registry shop ${shop.id}`, to: "Renamed" },
      { field: "limits", from: { min: "1.00", max: "900.00" }, to: { min: "2.00", max: "20.00" } },
    ]);
  });

  it("refuses a change that breaks the shop, with the fields, and changes nothing", async () => {
    const { shop } = await addShop();
    const response = await admin(`/admin/shops/${shop.id}`, {
      method: "PATCH",
      body: { pricing: "signed", secrets: { orderSigningKey: null }, id: "other" },
    });
    expect(response.status).toBe(400);
    expect(await fieldsOf(response)).toEqual([
      { field: "id", message: "cannot be changed (add a shop with the new id instead)" },
    ]);
    const broken = await admin(`/admin/shops/${shop.id}`, {
      method: "PATCH",
      body: { pricing: "signed", secrets: { orderSigningKey: null } },
    });
    expect(await fieldsOf(broken)).toEqual([
      { field: "secrets.orderSigningKey", message: "is required for signed pricing" },
    ]);
    expect(((await (await admin(`/admin/shops/${shop.id}`)).json()) as ShopRecord).shop.pricing).toBe("open");
    expect((await rawAudit(shop.id)).map((a) => a.action)).toEqual(["create"]);
  });

  it("writes nothing for a change that changes nothing, and answers 404 for an unknown shop", async () => {
    const { shop, version } = await addShop();
    const same = (await (
      await admin(`/admin/shops/${shop.id}`, { method: "PATCH", body: { name: shop.name } })
    ).json()) as ShopRecord;
    expect(same.version).toBe(version);
    expect((await rawAudit(shop.id)).length).toBe(1);
    expect((await admin(`/admin/shops/${registryId()}`, { method: "PATCH", body: { name: "x" } })).status).toBe(404);
  });

  it("moves webhook endpoints keeping each URL's secret, and needs a secret for a new URL", async () => {
    const { shop } = await addShop();
    const refused = await admin(`/admin/shops/${shop.id}`, {
      method: "PATCH",
      body: { webhooks: [{ url: "https://new.example/hooks" }] },
    });
    expect(await fieldsOf(refused)).toEqual([
      { field: "webhooks.0.secret", message: "is required for a new endpoint" },
    ]);
    const webhooks = [
      { url: "https://new.example/hooks", secret: REGISTRY_SECRETS.webhookSecret },
      { url: "http://127.0.0.1:8789/webhooks", events: ["payment.confirmed"] },
    ];
    const record = (await (
      await admin(`/admin/shops/${shop.id}`, { method: "PATCH", body: { webhooks } })
    ).json()) as ShopRecord;
    expect(record.secrets).toEqual(expect.arrayContaining(["webhooks.0.secret", "webhooks.1.secret"]));
  });
});

describe("disable and enable", () => {
  it("a disabled shop answers 404 unknown_shop on every route; enabled, it is back", async () => {
    const { shop } = await addShop();
    const bearer = { Authorization: `Bearer ${REGISTRY_SECRETS.backendToken}` };
    expect((await call(`/api/shops/${shop.id}`)).status).toBe(200);
    const disabled = (await (await admin(`/admin/shops/${shop.id}/disable`, { method: "POST" })).json()) as ShopRecord;
    expect(disabled.status).toBe("disabled");
    for (const [path, init] of [
      [`/api/shops/${shop.id}`, {}],
      [
        `/api/shops/${shop.id}/payments`,
        {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ orderId: "o1", priceAmount: "5.00", priceCurrency: "EUR", transferCurrency: "BTC" }),
        },
      ],
      [`/api/shops/${shop.id}/events`, { headers: bearer }],
      [`/hooks/${shop.id}`, { method: "POST", body: "{}" }],
    ] as const) {
      const response = await call(path, init);
      expect(response.status, path).toBe(404);
      expect((await errorOf(response)).code).toBe("unknown_shop");
    }
    expect((await admin(`/admin/shops/${shop.id}/enable`, { method: "POST" })).status).toBe(200);
    expect((await call(`/api/shops/${shop.id}`)).status).toBe(200);
    expect((await backend(`/api/shops/${shop.id}/events`, {}, REGISTRY_SECRETS.backendToken)).status).toBe(200);
    expect((await rawAudit(shop.id)).map((a) => [a.action, JSON.parse(a.changes)])).toEqual([
      ["create", expect.any(Array)],
      ["disable", [{ field: "status", from: "active", to: "disabled" }]],
      ["enable", [{ field: "status", from: "disabled", to: "active" }]],
    ]);
  });

  it("records the Cloudflare Access user as the actor when Access is in front", async () => {
    const { shop } = await addShop();
    await admin(`/admin/shops/${shop.id}/disable`, {
      method: "POST",
      headers: { "Cf-Access-Authenticated-User-Email": "ops@example.com", "X-Audit-Actor": "ignored" },
    });
    expect((await rawAudit(shop.id)).at(-1)?.actor).toBe("access:ops@example.com");
  });
});

describe("PUT /admin/shops/{id}/secrets/{name}", () => {
  it("replaces one secret: the old backend token stops working, the new one works, the audit says replaced", async () => {
    const { shop } = await addShop();
    const fresh = "reg_rotated_backend_token_Qm4Nx8Pv2Rz6Tw0";
    expect((await backend(`/api/shops/${shop.id}/events`, {}, REGISTRY_SECRETS.backendToken)).status).toBe(200);
    const response = await admin(`/admin/shops/${shop.id}/secrets/backendToken`, {
      method: "PUT",
      body: { value: fresh },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain(fresh);
    expect((await backend(`/api/shops/${shop.id}/events`, {}, REGISTRY_SECRETS.backendToken)).status).toBe(401);
    expect((await backend(`/api/shops/${shop.id}/events`, {}, fresh)).status).toBe(200);
    const audit = await rawAudit(shop.id);
    expect(audit.at(-1)).toMatchObject({ action: "rotate_secret" });
    expect(JSON.parse(audit.at(-1)?.changes ?? "[]")).toEqual([{ field: "secrets.backendToken", secret: "replaced" }]);
    expect(JSON.stringify(audit)).not.toContain(fresh);
  });

  it("checks the new value by its kind, and names only the secrets a shop can have", async () => {
    const { shop } = await addShop();
    const weak = await admin(`/admin/shops/${shop.id}/secrets/notificationHmacKey`, {
      method: "PUT",
      body: { value: "too-short" },
    });
    expect(weak.status).toBe(400);
    expect(await fieldsOf(weak)).toEqual([
      { field: "secrets.notificationHmacKey", message: "is shorter than 32 bytes (9)" },
    ]);
    expect(
      (await admin(`/admin/shops/${shop.id}/secrets/password`, { method: "PUT", body: { value: "x" } })).status,
    ).toBe(404);
    expect(
      (
        await admin(`/admin/shops/${shop.id}/secrets/webhooks.5.secret`, {
          method: "PUT",
          body: { value: REGISTRY_SECRETS.webhookSecret },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await admin(`/admin/shops/${shop.id}/secrets/backendToken`, {
          method: "PUT",
          body: { value: "x".repeat(40), extra: true },
        })
      ).status,
    ).toBe(400);
  });
});

describe("GET /admin/audit", () => {
  it("lists the entries of one shop, oldest first, one page at a time", async () => {
    const { shop } = await addShop();
    for (const name of ["one", "two", "three"])
      await admin(`/admin/shops/${shop.id}`, { method: "PATCH", body: { name } });
    const first = (await (await admin(`/admin/audit?shop=${shop.id}&limit=2`)).json()) as {
      entries: { action: string; shop: string; changes: unknown }[];
      next: string;
    };
    expect(first.entries.map((e) => e.action)).toEqual(["create", "update"]);
    const second = (await (await admin(`/admin/audit?shop=${shop.id}&limit=2&cursor=${first.next}`)).json()) as {
      entries: { changes: unknown }[];
      next: string | null;
    };
    expect(second.entries.map((e) => e.changes)).toEqual([
      [{ field: "name", from: "one", to: "two" }],
      [{ field: "name", from: "two", to: "three" }],
    ]);
  });
});
