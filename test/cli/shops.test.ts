/**
 * `crypto-checkout shops ...` as a process against the checkout Worker of the global setup (its
 * admin API, with the admin token of the repository's .dev.vars): adding shops written as in the
 * SHOPS var with their secrets named, listing, showing, changing, disabling, enabling, replacing
 * a secret and rewrapping; the confirmations, the admin token's sources, and that no secret value
 * is ever printed.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readDevVars } from "../../scripts/servers.mjs";
import { ROOT, runCli, type CliResult } from "./support/run-cli.js";

const checkoutUrl = inject("checkoutUrl");

/** What the console prints with --json (the admin API's records: worker/checkout/shops/admin-wire.ts). */
interface ShopRecord {
  shop: { id: string; name: string } & Record<string, unknown>;
  status: string;
  secrets?: string[];
}
interface ShopPage {
  shops: ShopRecord[];
  next: string | null;
}
const devVars = readDevVars(join(ROOT, ".dev.vars"));

/** The secrets of the shops these tests add, given to the console as environment variables. */
const SECRETS = {
  SHOP_KEY: devVars.DEMO_API_KEY_SECRET ?? "",
  SHOP_HMAC: "cli_registry_hmac_key_7Hq2Wv9Xk4Lp1Zr6Nt3Bm8",
  SHOP_TOKEN: "cli_registry_backend_token_Ds5Fg8Hj2Kl4Qw7",
  SHOP_HOOK: "whsec_c3ByaW5nIGNsZWFuaW5nIHRoZSBjbGkgdGVzdCBzZWNyZXQ=",
  NEW_TOKEN: "cli_rotated_backend_token_Yt6Ur3Ie9Oa1Ps4",
};
const ADMIN_TOKEN = devVars.ADMIN_TOKEN ?? "";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "cli-shops-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
const freshId = () => `cli-${Date.now().toString(36)}-${++counter}`;

/** A shop as in the SHOPS var: its secrets name the environment variables of SECRETS. */
function entry(id: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: `CLI shop ${id}`,
    environment: "sandbox",
    apiKeyId: "demo_shop",
    secrets: { apiKeySecret: "SHOP_KEY", notificationHmacKey: "SHOP_HMAC", backendToken: "SHOP_TOKEN" },
    pricing: "open",
    limits: { min: "1.00", max: "50.00" },
    priceCurrencies: ["EUR"],
    transferCurrencies: ["BTC"],
    webhooks: [{ url: "http://127.0.0.1:9/webhooks", secret: "SHOP_HOOK" }],
    ...over,
  };
}

function file(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

/** `crypto-checkout shops ...` against the test's Worker; the secrets in the environment. */
function shops(args: string[], options: { env?: Record<string, string>; input?: string } = {}): Promise<CliResult> {
  return runCli(["shops", "--checkout-url", checkoutUrl, ...args], {
    env: { ...SECRETS, ...options.env },
    ...(options.input === undefined ? {} : { input: options.input }),
  });
}

function ok(result: CliResult): CliResult {
  expect(result.stderr, result.stderr).toBe("");
  expect(result.code).toBe(0);
  return result;
}

/** No secret value is printed, whatever the command printed. */
function noSecrets(...results: CliResult[]): void {
  const printed = results.map((r) => r.stdout + r.stderr).join("\n");
  for (const value of [...Object.values(SECRETS), ADMIN_TOKEN]) expect(printed).not.toContain(value);
}

async function add(id: string, over: Record<string, unknown> = {}): Promise<ShopRecord> {
  return JSON.parse(
    ok(await shops(["add", "--file", file(`${id}.json`, entry(id, over)), "--json"])).stdout,
  ) as ShopRecord;
}

describe("shops add, show and list", () => {
  it("adds a shop written as in SHOPS, its secrets read from the environment, and the Worker serves it", async () => {
    const id = freshId();
    const added = ok(await shops(["add", "--file", file("a.json", entry(id))]));
    expect(added.stdout).toMatch(new RegExp(`│ Shop\\s+│ ${id}\\s+│`));
    expect(added.stdout).toMatch(
      /│ Secrets\s+│ secrets\.apiKeySecret, secrets\.notificationHmacKey, secrets\.backendToken, webhooks\.0\.secret\s+│/,
    );
    expect(added.stdout).toMatch(/│ Sealed under\s+│ master key local1\s+│/);
    const settings = await fetch(`${checkoutUrl}/api/shops/${id}`);
    expect(settings.status).toBe(200);
    const shown = ok(await shops(["show", id, "--json"]));
    expect((JSON.parse(shown.stdout) as ShopRecord).shop).toMatchObject({
      id,
      name: `CLI shop ${id}`,
      limits: { min: "1.00", max: "50.00" },
    });
    noSecrets(added, shown);
  });

  it("lists the registry as a table, a page as JSON, and every page with --all", async () => {
    const ids = [freshId(), freshId(), freshId()];
    for (const id of ids) await add(id);
    const tableOut = ok(await shops(["list", "--all"]));
    for (const id of ids)
      expect(tableOut.stdout).toMatch(
        new RegExp(`│ ${id}\\s+│ CLI shop ${id}\\s+│ sandbox\\s+│ active\\s+│ open\\s+│`),
      );
    const page = JSON.parse(ok(await shops(["list", "--limit", "1", "--json"])).stdout) as ShopPage;
    expect(page.shops).toHaveLength(1);
    expect(page.next).toEqual(expect.any(String));
    const all = JSON.parse(ok(await shops(["list", "--all", "--limit", "2", "--json"])).stdout) as ShopRecord[];
    expect(all.map((r) => r.shop.id)).toEqual(expect.arrayContaining(ids));
  });

  it("checks the shop with the Worker's schema before sending anything (exit 2, the fields named)", async () => {
    const id = freshId();
    const result = await shops([
      "add",
      "--file",
      file("bad.json", entry(id, { priceCurrencies: ["eur"], pricing: "cheap" })),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("priceCurrencies.0 must be an upper-case currency code");
    expect(result.stderr).toContain("pricing");
    expect((await fetch(`${checkoutUrl}/api/shops/${id}`)).status).toBe(404);
  });

  it("never takes a secret's value in the file, and names a secret that is set nowhere (exit 2)", async () => {
    const inFile = await shops([
      "add",
      "--file",
      file("value.json", entry(freshId(), { secrets: { apiKeySecret: "sbx_a_pasted_value" } })),
    ]);
    expect(inFile.code).toBe(2);
    expect(inFile.stderr).toContain("apiKeySecret must be the name of a Worker secret");
    const unset = await shops([
      "add",
      "--file",
      file("unset.json", entry(freshId(), { secrets: { apiKeySecret: "NOT_SET_ANYWHERE" } })),
    ]);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain(
      "secrets.apiKeySecret names NOT_SET_ANYWHERE, which is set neither in the environment nor in .dev.vars",
    );
  });

  it("passes on what the Worker refuses (exit 1, each field) without printing the value", async () => {
    const result = await shops(["add", "--file", file("weak.json", entry(freshId()))], {
      env: { SHOP_HMAC: "weak-key-value" },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("HTTP 400 from POST /admin/shops");
    expect(result.stderr).toContain("  secrets.notificationHmacKey: is shorter than 32 bytes (14)");
    expect(result.stderr).not.toContain("weak-key-value");
  });

  it("moves a shop of SHOPS with --from-config only once it left SHOPS: 409 shop_exists while it is there", async () => {
    const result = await shops(["add", "--from-config", "demo-open"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("HTTP 409");
    expect(result.stderr).toContain("shop_exists");
    noSecrets(result);
  });

  it("copies a shop under another id with --id and adds origins with --allow-origin, checked before sending", async () => {
    const id = freshId();
    const copied = JSON.parse(
      ok(
        await shops([
          "add",
          "--file",
          file("copy.json", entry("not-this-id")),
          "--id",
          id,
          "--allow-origin",
          "http://127.0.0.1:9100",
          "--allow-origin",
          "http://localhost:3000",
          "--json",
        ]),
      ).stdout,
    ) as ShopRecord;
    expect(copied.shop.id).toBe(id);
    expect((copied.shop.allowedOrigins as string[]).slice(-2)).toEqual([
      "http://127.0.0.1:9100",
      "http://localhost:3000",
    ]);
    const settings = await fetch(`${checkoutUrl}/api/shops/${id}`, { headers: { Origin: "http://127.0.0.1:9100" } });
    expect(settings.status).toBe(200);
    expect(settings.headers.get("Access-Control-Allow-Origin")).toBe("http://127.0.0.1:9100");
    const bad = await shops([
      "add",
      "--file",
      file("copy2.json", entry(freshId())),
      "--allow-origin",
      "http://127.0.0.1:9100/page/",
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("allowedOrigins");
  });
});

describe("shops update", () => {
  it("changes fields with --set and with a file, secrets named as for add", async () => {
    const { shop } = await add(freshId());
    const renamed = ok(
      await shops([
        "update",
        shop.id,
        "--set",
        "name=Renamed by the console",
        "--set",
        'limits={"min":"2.00","max":"20.00"}',
        "--json",
      ]),
    );
    expect((JSON.parse(renamed.stdout) as ShopRecord).shop).toMatchObject({
      name: "Renamed by the console",
      limits: { min: "2.00", max: "20.00" },
    });
    const patched = ok(
      await shops([
        "update",
        shop.id,
        "--file",
        file("patch.json", { secrets: { backendToken: "NEW_TOKEN" } }),
        "--json",
      ]),
    );
    expect(JSON.parse(patched.stdout)).toMatchObject({ shop: { id: shop.id } });
    const events = await fetch(`${checkoutUrl}/api/shops/${shop.id}/events`, {
      headers: { Authorization: `Bearer ${SECRETS.NEW_TOKEN}` },
    });
    expect(events.status).toBe(200);
    noSecrets(renamed, patched);
  });
});

describe("shops disable, enable and rotate-secret", () => {
  it("disable asks first: refused without a terminal (exit 2, nothing sent), done with --yes", async () => {
    const { shop } = await add(freshId());
    const refused = await shops(["disable", shop.id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `refusing to disable shop ${shop.id} without confirmation: stdin is not a terminal. Pass --yes`,
    );
    expect((await fetch(`${checkoutUrl}/api/shops/${shop.id}`)).status).toBe(200);
    const disabled = ok(await shops(["disable", shop.id, "--yes"]));
    expect(disabled.stdout).toMatch(/│ Status\s+│ disabled\s+│/);
    expect((await fetch(`${checkoutUrl}/api/shops/${shop.id}`)).status).toBe(404);
    ok(await shops(["enable", shop.id]));
    expect((await fetch(`${checkoutUrl}/api/shops/${shop.id}`)).status).toBe(200);
  });

  it("rotate-secret replaces one secret, from --from-env or stdin, with --yes; the old value stops working", async () => {
    const { shop } = await add(freshId());
    const bearer = (token: string) =>
      fetch(`${checkoutUrl}/api/shops/${shop.id}/events`, { headers: { Authorization: `Bearer ${token}` } });
    const refused = await shops(["rotate-secret", shop.id, "backendToken", "--from-env", "NEW_TOKEN"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("without confirmation");
    expect((await bearer(SECRETS.SHOP_TOKEN)).status).toBe(200);
    const rotated = ok(await shops(["rotate-secret", shop.id, "backendToken", "--from-env", "NEW_TOKEN", "--yes"]));
    expect((await bearer(SECRETS.SHOP_TOKEN)).status).toBe(401);
    expect((await bearer(SECRETS.NEW_TOKEN)).status).toBe(200);
    const fromStdin = ok(
      await shops(["rotate-secret", shop.id, "backendToken", "--yes"], { input: `${SECRETS.SHOP_TOKEN}\n` }),
    );
    expect((await bearer(SECRETS.SHOP_TOKEN)).status).toBe(200);
    noSecrets(rotated, fromStdin);
  });

  it("rotate-secret checks the new value by its kind before sending it (exit 2), and knows only a shop's secrets", async () => {
    const { shop } = await add(freshId());
    const weak = await shops(["rotate-secret", shop.id, "notificationHmacKey", "--yes"], { input: "short\n" });
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain(
      "the new value of notificationHmacKey is shorter than 32 bytes (5). Nothing was sent.",
    );
    const unknown = await shops(["rotate-secret", shop.id, "password", "--yes"], { input: "x\n" });
    expect(unknown.code).toBe(2);
  });

  it("checks a shop id and the checkout URL with the Worker's own rules before sending anything (exit 2)", async () => {
    const badId = await shops(["show", "Acme_"]);
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain(
      `"Acme_" is not a shop id: a shop id must be 1-64 characters: a-z, 0-9, - and _ (not at either end)`,
    );
    const badUrl = await runCli(["shops", "--checkout-url", "ftp://127.0.0.1:9/", "list"], { env: SECRETS });
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('--checkout-url must be an absolute http(s) URL, not "ftp://127.0.0.1:9/"');
  });
});

describe("the admin token", () => {
  it("comes from CRYPTO_CHECKOUT_ADMIN_TOKEN or stdin; a wrong one is exit 1 with a hint", async () => {
    const wrong = await shops(["list"], {
      env: { CRYPTO_CHECKOUT_ADMIN_TOKEN: "not-the-admin-token-of-this-worker-0000" },
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("HTTP 401 from GET /admin/shops");
    expect(wrong.stderr).toContain("is CRYPTO_CHECKOUT_ADMIN_TOKEN the ADMIN_TOKEN of the Worker");
    expect(wrong.stderr).not.toContain("not-the-admin-token-of-this-worker-0000");
    ok(await shops(["--admin-token-stdin", "list"], { input: `${ADMIN_TOKEN}\n` }));
  });

  it("warns that --admin-token lands in shell history, and is needed when no local Worker holds one", async () => {
    const flagged = await shops(["--admin-token", ADMIN_TOKEN, "list"]);
    expect(flagged.code).toBe(0);
    expect(flagged.stderr).toContain("shell history");
    const config = join(dir, "wrangler.toml");
    writeFileSync(config, 'name = "elsewhere"\n');
    const none = await runCli(["--config", config, "shops", "--checkout-url", checkoutUrl, "list"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("no admin token: set CRYPTO_CHECKOUT_ADMIN_TOKEN");
  });
});

describe("shops rewrap", () => {
  it("seals every shop again under the current key and says how many each key seals", async () => {
    await add(freshId());
    const result = ok(await shops(["rewrap"]));
    expect(result.stdout).toMatch(/^0 shops sealed again under master key local1\.\n/);
    expect(result.stdout).toMatch(/│ local1 \(current\)\s+│ \d+\s+│/);
  });
});
