/**
 * The merchant CLI (docs/cli.md) as a process against the real sandbox: each command's table and
 * --json output and exit code, credentials, errors, and the production confirmation.
 */
import { createHmac } from "node:crypto";
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readDevVars } from "../../scripts/servers.mjs";
import { ROOT, runCli, type CliResult } from "./support/run-cli.js";

const sandboxUrl = inject("sandboxUrl");
const devVars = readDevVars(join(ROOT, ".dev.vars"));
const ADDRESS = "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx";

/** The CLI as the demo-open shop against the test's sandbox. */
function cli(...args: string[]): Promise<CliResult> {
  return runCli(["--shop", "demo-open", "--base-url", sandboxUrl, ...args]);
}

function parsed<T = Record<string, unknown>>(result: CliResult): T {
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as T;
}

describe("the command itself", () => {
  it("prints its help and version with exit 0, and refuses an unknown command or option with exit 2", async () => {
    const help = await runCli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: crypto-checkout");
    for (const command of ["currencies", "payments", "payouts", "conversions", "notifications", "order-token"])
      expect(help.stdout).toContain(command);
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect((await runCli(["--version"])).stdout.trim()).toBe(version); // package.json's, the one place it is written
    const unknown = await runCli(["frobnicate"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command");
    expect((await cli("payouts", "list", "--limit", "500")).code).toBe(2);
  });

  it("needs credentials (exit 2) and names a shop that does not exist", async () => {
    const none = await runCli(["--base-url", sandboxUrl, "currencies"]);
    expect([none.code, none.stdout]).toEqual([2, ""]);
    expect(none.stderr).toContain("--shop");
    const unknown = await runCli(["--shop", "nope", "--base-url", sandboxUrl, "currencies"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no shop "nope"');
    const mismatch = await runCli(["--shop", "demo-open", "--env", "production", "currencies"]);
    expect(mismatch.code).toBe(2);
    expect(mismatch.stderr).toContain("sandbox shop");
  });

  it("checks a shop of wrangler.toml with the Worker's own rules, naming the field at fault", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cli-config-"));
    try {
      const shops = [
        {
          id: "broken",
          name: "Broken",
          environment: "sandbox",
          apiKeyId: "k",
          pricing: "open",
          priceCurrencies: ["eur"],
          transferCurrencies: ["BTC"],
          allowedOrigins: ["https://shop.example"],
          secrets: { apiKeySecret: "K" },
        },
      ];
      writeFileSync(
        join(dir, "wrangler.toml"),
        `name = "x"\n\n[vars]\nSANDBOX_BASE_URL = "${sandboxUrl}"\nSHOPS = '''${JSON.stringify(shops)}'''\n`,
      );
      const result = await runCli(["--config", join(dir, "wrangler.toml"), "--shop", "broken", "currencies"], {
        env: { K: "secret" },
      });
      expect([result.code, result.stdout]).toEqual([2, ""]);
      expect(result.stderr).toContain('shop "broken"');
      expect(result.stderr).toContain("priceCurrencies.0");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("credentials and upstream errors", () => {
  it("takes an explicit key id with its secret from the environment or stdin", async () => {
    const secret = devVars.DEMO_API_KEY_SECRET ?? "";
    const fromEnv = await runCli(["--key-id", "demo_shop", "--base-url", sandboxUrl, "currencies", "--json"], {
      env: { CRYPTO_CHECKOUT_KEY_SECRET: secret },
    });
    expect(parsed<unknown[]>(fromEnv)).toHaveLength(4);
    const fromStdin = await runCli(
      ["--key-id", "demo_shop", "--key-secret-stdin", "--base-url", sandboxUrl, "currencies", "--json"],
      { input: `${secret}\n` },
    );
    expect(parsed<unknown[]>(fromStdin)).toHaveLength(4);
  });

  it("warns that --key-secret lands in shell history, and never prints a secret", async () => {
    const result = await runCli([
      "--key-id",
      "demo_shop",
      "--key-secret",
      "sbx_wrong_secret_77",
      "--base-url",
      sandboxUrl,
      "currencies",
    ]);
    expect(result.stderr).toContain("shell history");
    expect(result.stdout + result.stderr).not.toContain("sbx_wrong_secret_77");
  });

  it("a wrong key: exit 1 with the status 401 and the upstream's message (and a JSON error with --json)", async () => {
    const table = await runCli(["--key-id", "demo_shop", "--base-url", sandboxUrl, "currencies"], {
      env: { CRYPTO_CHECKOUT_KEY_SECRET: "wrong" },
    });
    expect(table.code).toBe(1);
    expect(table.stdout).toBe("");
    expect(table.stderr).toMatch(/^error: HTTP 401 from GET \/v3\/currencies: unauthorized: /);
    const asJson = await runCli(["--key-id", "demo_shop", "--base-url", sandboxUrl, "currencies", "--json"], {
      env: { CRYPTO_CHECKOUT_KEY_SECRET: "wrong" },
    });
    expect(asJson.code).toBe(1);
    expect(JSON.parse(asJson.stdout)).toMatchObject({
      error: { kind: "http", status: 401, code: "upstream_http_401" },
    });
  });

  it("an unknown id: exit 1 with 404", async () => {
    for (const args of [
      ["payments", "get", "no-such-payment"],
      ["payouts", "get", "no-such-payout"],
    ]) {
      const result = await cli(...args);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("HTTP 404");
    }
  });

  it("a network failure: exit 1", async () => {
    const result = await runCli([
      "--shop",
      "demo-open",
      "--base-url",
      "http://127.0.0.1:9",
      "--timeout",
      "2000",
      "currencies",
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/network failure|no complete answer/);
  });
});

describe("currencies", () => {
  it("lists them as a table and as JSON", async () => {
    const table = await cli("currencies");
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/│ Code │ Name\s+│ Payment price │/);
    expect(table.stdout).toMatch(/│ BTC\s+│ Bitcoin\s+│ no\s+│ yes\s+│ yes\s+│ yes\s+│/);
    const list = parsed<{ code: string }[]>(await cli("currencies", "--json"));
    expect(list.map((c) => c.code)).toEqual(["BTC", "LTC", "EUR", "USD"]);
  });
});

describe("payments", () => {
  it("creates one and reads it back, as a table and as JSON", async () => {
    const table = await cli(
      "payments",
      "create",
      "--price-amount",
      "25.00",
      "--price-currency",
      "EUR",
      "--transfer-currency",
      "BTC",
      "--external-id",
      "order-7",
    );
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/│ Status\s+│ NEW\s+│/);
    expect(table.stdout).toMatch(/│ Price\s+│ 25\.00 EUR\s+│/);
    expect(table.stdout).toMatch(/│ Transfer\s+│ 0\.00041667 BTC\s+│/);
    const created = parsed<{
      paymentId: string;
      priceAmount: string;
      transferAmount: string;
      externalPaymentId: string;
    }>(
      await cli(
        "payments",
        "create",
        "--price-amount",
        "25.00",
        "--price-currency",
        "EUR",
        "--transfer-currency",
        "BTC",
        "--json",
        "--redirect",
        "confirmed=https://shop.example/ok",
      ),
    );
    expect(created).toMatchObject({
      priceAmount: "25.00",
      transferAmount: "0.00041667",
      status: "NEW",
      redirectUrls: { confirmed: "https://shop.example/ok" },
    });
    const got = parsed<{ paymentId: string }>(await cli("payments", "get", created.paymentId, "--json"));
    expect(got).toEqual(created);
    const shown = await cli("payments", "get", created.paymentId);
    expect(shown.stdout).toContain(created.paymentId);
  });

  it("refuses an invalid amount before sending (exit 2)", async () => {
    const result = await cli(
      "payments",
      "create",
      "--price-amount",
      "25,00",
      "--price-currency",
      "EUR",
      "--transfer-currency",
      "BTC",
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("priceAmount");
  });

  it("--json keeps an 18-decimal amount exactly (the sandbox writing amounts as long JSON numbers)", async () => {
    const created = parsed<{ paymentId: string }>(
      await cli(
        "payments",
        "create",
        "--price-amount",
        "100.00",
        "--price-currency",
        "EUR",
        "--transfer-currency",
        "LTC",
        "--json",
      ),
    );
    const quirks = (body: object) =>
      fetch(`${sandboxUrl}/sandbox/quirks`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await quirks({ numbersAsJson: true })).ok).toBe(true);
    try {
      const result = await cli("payments", "get", created.paymentId, "--json");
      expect(result.code).toBe(0);
      // On the wire: "priceAmount":100.000000000000000000 (21 significant digits, beyond a double).
      expect(result.stdout).toContain('"priceAmount": "100.000000000000000000"');
      expect(result.stdout).toContain('"transferAmount": "1.25000000000000000000"');
      const table = await cli("payments", "get", created.paymentId);
      expect(table.stdout).toMatch(/│ Price\s+│ 100\.000000000000000000 EUR\s+│/);
    } finally {
      await quirks({ numbersAsJson: false });
    }
  });
});

describe("payouts", () => {
  it("refuses both amounts, or neither, with exit 2 and sends nothing", async () => {
    const both = await cli(
      "payouts",
      "create",
      "--price-currency",
      "EUR",
      "--transfer-currency",
      "BTC",
      "--transfer-amount",
      "0.001",
      "--price-amount",
      "10.00",
    );
    expect([both.code, both.stdout]).toEqual([2, ""]);
    expect(both.stderr).toContain("exactly one of --transfer-amount and --price-amount");
    const neither = await cli("payouts", "create", "--price-currency", "EUR", "--transfer-currency", "BTC");
    expect(neither.code).toBe(2);
  });

  it("creates, gets, lists, approves and resends the notification of a payout", async () => {
    const table = await cli(
      "payouts",
      "create",
      "--price-currency",
      "EUR",
      "--transfer-currency",
      "BTC",
      "--price-amount",
      "12.00",
      "--address",
      ADDRESS,
      "--comment",
      "table",
    );
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/│ Status\s+│ CREATED\s+│/);
    expect(table.stdout).toMatch(/│ Price\s+│ 12\.00 EUR\s+│/);
    const payout = parsed<{ payoutId: string; status: string; transferAmount: string }>(
      await cli(
        "payouts",
        "create",
        "--price-currency",
        "EUR",
        "--transfer-currency",
        "BTC",
        "--transfer-amount",
        "0.00123456",
        "--address",
        ADDRESS,
        "--external-id",
        "cli-test",
        "--notification-url",
        "http://127.0.0.1:9/hook",
        "--json",
      ),
    );
    expect(payout).toMatchObject({
      status: "CREATED",
      transferAmount: "0.00123456",
      priceAmount: "74.07",
      externalPayoutId: "cli-test",
    });
    expect(parsed(await cli("payouts", "get", payout.payoutId, "--json"))).toEqual(payout);

    const page = parsed<{ itemCount: number; items: { payoutId: string }[]; limit: number }>(
      await cli("payouts", "list", "--transfer-amount", "0.00123456", "--json"),
    );
    expect(page.items.map((p) => p.payoutId)).toEqual([payout.payoutId]);
    const list = await cli("payouts", "list", "--address", ADDRESS);
    expect(list.stdout).toContain(payout.payoutId);
    expect(list.stdout).toMatch(/\d+ shown \(offset 0\), \d+ matching\./);

    const approved = parsed<{ status: string }>(await cli("payouts", "approve", payout.payoutId, "--json"));
    expect(approved.status).toMatch(/APPROVED|QUEUED/);
    const resent = await cli("payouts", "resend-notification", payout.payoutId);
    expect([resent.code, resent.stdout]).toEqual([0, `Notification of payout ${payout.payoutId} requested.\n`]);
    expect(parsed(await cli("payouts", "resend-notification", payout.payoutId, "--json"))).toEqual({
      payoutId: payout.payoutId,
      resendRequested: true,
    });
  });

  it("refuses to approve a payout after its approval window: exit 1 with 409 payout_expired", async () => {
    const payout = parsed<{ payoutId: string }>(
      await cli(
        "payouts",
        "create",
        "--price-currency",
        "EUR",
        "--transfer-currency",
        "BTC",
        "--price-amount",
        "12.00",
        "--address",
        ADDRESS,
        "--json",
      ),
    );
    // The sandbox's control API moves the approval deadline to now.
    const expired = await fetch(`${sandboxUrl}/sandbox/payouts/${payout.payoutId}/expire`, { method: "POST" });
    expect(expired.status).toBe(200);
    const late = await cli("payouts", "approve", payout.payoutId);
    expect([late.code, late.stdout]).toEqual([1, ""]);
    expect(late.stderr).toContain("409");
    expect(late.stderr).toContain("payout_expired");
  });

  it("lists every page with --all, and pages with --limit / --offset", async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await cli(
            "payouts",
            "create",
            "--price-currency",
            "EUR",
            "--transfer-currency",
            "LTC",
            "--transfer-amount",
            "0.017",
            "--json",
          )
        ).code,
      ).toBe(0);
    }
    const filter = ["--transfer-currency", "LTC", "--transfer-amount", "0.017"];
    const all = parsed<{ itemCount: number; items: { payoutId: string }[] }>(
      await cli("payouts", "list", ...filter, "--all", "--limit", "2", "--json"),
    );
    expect(all.items).toHaveLength(3);
    expect(new Set(all.items.map((p) => p.payoutId)).size).toBe(3);
    const second = parsed<{ offset: number; items: unknown[] }>(
      await cli("payouts", "list", ...filter, "--limit", "2", "--offset", "2", "--json"),
    );
    expect([second.offset, second.items.length]).toEqual([2, 1]);
    const bad = await cli("payouts", "list", "--time-from", "yesterday");
    expect(bad.code).toBe(2);
  });

  it("shows the payout limits of a pair", async () => {
    const table = await cli("payouts", "limits", "--transfer-currency", "BTC", "--price-currency", "EUR");
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/│ Minimum payout │ 0\.0001 BTC\s+│/);
    const limits = parsed<{ available: string; minPayoutAmount: string; currency: string }>(
      await cli("payouts", "limits", "--transfer-currency", "BTC", "--price-currency", "EUR", "--json"),
    );
    expect(limits).toMatchObject({ minPayoutAmount: "0.0001", currency: "BTC" });
    expect(typeof limits.available).toBe("string");
  });
});

describe("conversions", () => {
  const sell = ["--sell-currency", "BTC", "--buy-currency", "EUR"];

  it("estimates (a GET with a body, over node:net) and creates", async () => {
    expect(parsed(await cli("conversions", "estimate", "--sell-amount", "0.5", ...sell, "--json"))).toEqual({
      currency: "EUR",
      amount: "30000.00",
    });
    const table = await cli("conversions", "estimate", "--sell-amount", "0.5", ...sell);
    expect(table.stdout).toMatch(/│ Buys about │ 30000\.00 EUR │/);
    const created = parsed<{ id: string }>(
      await cli("conversions", "create", "--sell-amount", "0.001", ...sell, "--json"),
    );
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("retries, declares and cancels a failed conversion; a refused transition is exit 1 with 409", async () => {
    // More than the balance: the trade fails and the conversion waits in TRADE_FAILED.
    const failed = parsed<{ id: string }>(
      await cli("conversions", "create", "--sell-amount", "1000", ...sell, "--json"),
    );
    const retry = await cli("conversions", "retry", failed.id);
    expect(retry.code).toBe(1);
    expect(retry.stderr).toContain("HTTP 409");
    const declared = await cli("conversions", "declare", failed.id, "--bought-amount", "12.50");
    expect([declared.code, declared.stdout]).toEqual([
      0,
      `Result of conversion ${failed.id} declared: 12.50 bought.\n`,
    ]);
    const again = await cli("conversions", "cancel", failed.id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("HTTP 409");

    const other = parsed<{ id: string }>(
      await cli("conversions", "create", "--sell-amount", "1000", ...sell, "--json"),
    );
    expect(parsed(await cli("conversions", "cancel", other.id, "--json"))).toEqual({
      conversionId: other.id,
      cancelled: true,
    });
    const notUuid = await cli("conversions", "cancel", "not-a-uuid");
    expect(notUuid.code).toBe(2);
  });
});

describe("production safety", () => {
  let server: Server;
  let requests = 0;
  let base = "";

  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests++;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const production = (...args: string[]) =>
    runCli(["--key-id", "live_key", "--env", "production", "--base-url", base, ...args], {
      env: { CRYPTO_CHECKOUT_KEY_SECRET: "live_secret" },
    });

  it.each([
    [
      "payouts",
      "create",
      "--price-currency",
      "EUR",
      "--transfer-currency",
      "BTC",
      "--transfer-amount",
      "0.5",
      "--address",
      ADDRESS,
    ],
    ["payouts", "approve", "some-payout"],
    ["conversions", "create", "--sell-amount", "1", "--sell-currency", "BTC", "--buy-currency", "EUR"],
    ["conversions", "declare", "0b6f2c1e-8d4a-4f7e-9a51-3c2d1e0f9a8b", "--bought-amount", "1"],
  ])("refuses %s %s without --yes when stdin is not a terminal: exit 2, no request sent", async (...args) => {
    const before = requests;
    const result = await production(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--yes");
    expect(result.stdout).toBe("");
    expect(requests).toBe(before);
  });

  it("with --yes it sends the request (here to a server that fails: exit 1 with 500)", async () => {
    const before = requests;
    const result = await production(
      "--yes",
      "payouts",
      "create",
      "--price-currency",
      "EUR",
      "--transfer-currency",
      "BTC",
      "--transfer-amount",
      "0.5",
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("HTTP 500");
    expect(requests).toBe(before + 1);
  });

  it("reads in production without asking", async () => {
    const before = requests;
    const result = await production(
      "--timeout",
      "1000",
      "payouts",
      "limits",
      "--transfer-currency",
      "BTC",
      "--price-currency",
      "EUR",
    );
    expect(result.code).toBe(1);
    expect(requests).toBeGreaterThan(before);
  });
});

describe("notifications verify", () => {
  const key = devVars.DEMO_HMAC_KEY ?? "";
  const body = JSON.stringify({
    timestamp: "2026-01-31T12:00:00.000Z",
    notificationType: "v3/payouts",
    body: { payoutId: "po_1", status: "SENT" },
  });
  let dir = "";
  let file = "";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "cli-notification-"));
    file = join(dir, "body.json");
    writeFileSync(file, body);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("tells an authentic notification (exit 0) from a forged one (exit 1)", async () => {
    const signature = createHmac("sha256", key).update(body).digest("hex");
    const ok = await runCli([
      "--shop",
      "demo-open",
      "notifications",
      "verify",
      "--body",
      file,
      "--signature",
      signature,
    ]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/│ Authentic │ yes\s+│/);
    expect(ok.stdout).toMatch(/│ Payout\s+│ po_1\s+│/);
    const asJson = parsed<{ authentic: boolean; notification: { notificationType: string } }>(
      await runCli([
        "--shop",
        "demo-open",
        "notifications",
        "verify",
        "--body",
        file,
        "--signature",
        signature,
        "--json",
      ]),
    );
    expect(asJson).toMatchObject({
      authentic: true,
      notification: { notificationType: "v3/payouts", body: { payoutId: "po_1" } },
    });

    const forged = createHmac("sha256", "another key of at least 32 bytes!!").update(body).digest("hex");
    const bad = await runCli(["--shop", "demo-open", "notifications", "verify", "--body", file, "--signature", forged]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/│ Authentic │ NO/);
    expect(bad.stdout + bad.stderr).not.toContain(key);
    const fromStdin = await runCli(
      [
        "notifications",
        "verify",
        "--body",
        "-",
        "--signature",
        createHmac("sha256", key).update(body).digest("base64"),
        "--encoding",
        "base64",
        "--json",
      ],
      { input: body, env: { CRYPTO_CHECKOUT_HMAC_KEY: key } },
    );
    expect(parsed<{ authentic: boolean }>(fromStdin).authentic).toBe(true);
  });
});

describe("order-token sign", () => {
  it("signs the claims the checkout verifies (HS256, orderId, priceAmount, priceCurrency, shop, exp)", async () => {
    const result = await runCli([
      "--shop",
      "demo-signed",
      "order-token",
      "sign",
      "--order-id",
      "order-42",
      "--price-amount",
      "49.90",
      "--price-currency",
      "EUR",
    ]);
    expect(result.code).toBe(0);
    const token = result.stdout.trim();
    const { payload, protectedHeader } = await jwtVerify(
      token,
      new TextEncoder().encode(devVars.DEMO_ORDER_SIGNING_KEY ?? ""),
      { algorithms: ["HS256"] },
    );
    expect(protectedHeader.alg).toBe("HS256");
    expect(payload).toMatchObject({
      orderId: "order-42",
      priceAmount: "49.90",
      priceCurrency: "EUR",
      shop: "demo-signed",
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(1800);
    const asJson = parsed<{ orderToken: string; claims: Record<string, unknown> }>(
      await runCli([
        "--shop",
        "demo-signed",
        "order-token",
        "sign",
        "--order-id",
        "o1",
        "--price-amount",
        "5.00",
        "--price-currency",
        "EUR",
        "--expires-in",
        "60",
        "--json",
      ]),
    );
    expect(asJson.claims).toMatchObject({ orderId: "o1", shop: "demo-signed" });
  });

  it("refuses a shop without signed pricing and a bad amount (exit 2)", async () => {
    expect(
      (
        await runCli([
          "--shop",
          "demo-open",
          "order-token",
          "sign",
          "--order-id",
          "o",
          "--price-amount",
          "1.00",
          "--price-currency",
          "EUR",
        ])
      ).code,
    ).toBe(2);
    expect(
      (
        await runCli([
          "--shop",
          "demo-signed",
          "order-token",
          "sign",
          "--order-id",
          "o",
          "--price-amount",
          "01.00",
          "--price-currency",
          "EUR",
        ])
      ).code,
    ).toBe(2);
  });
});

describe("output to a reader that goes away", () => {
  it("ends with 0 and no error when stdout is closed early (crypto-checkout ... | head)", async () => {
    const { spawn } = await import("node:child_process");
    const { fileURLToPath } = await import("node:url");
    const bin = fileURLToPath(new URL("../../cli/bin.mjs", import.meta.url));
    const child = spawn(process.execPath, [bin, "payouts", "--help"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // Read nothing: close our end at once, as `head` does after its lines.
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
  });
});
