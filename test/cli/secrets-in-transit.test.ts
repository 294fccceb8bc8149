/**
 * Secrets on their way out of the console, and what comes back into the terminal: a key or token
 * goes over plain http only to this machine, a local Worker's admin token only to a local Worker,
 * and text from the network reaches the terminal without its control characters.
 */
import { describe, expect, it } from "vitest";
import { printable, record, table } from "../../cli/output.js";
import { isLoopback, requireSecretSafe } from "../../cli/secure-url.js";
import { runCli } from "./support/run-cli.js";

describe("where a secret may be sent", () => {
  it("over https anywhere, over plain http to this machine only", () => {
    for (const url of [
      "https://pay.example.com",
      "http://127.0.0.1:8787",
      "http://localhost:8788",
      "http://[::1]:8787",
      "http://127.5.6.7",
    ])
      expect(requireSecretSafe(url, "--checkout-url")).toBe(url);
    for (const url of ["http://pay.example.com", "http://10.0.0.2:8787", "http://127.0.0.1.nip.io", "http://[::2]"])
      expect(() => requireSecretSafe(url, "--checkout-url")).toThrow(
        /sends secrets over plain http only to this machine/,
      );
    expect(isLoopback(new URL("http://api.localhost:8787"))).toBe(true);
    expect(isLoopback(new URL("http://localhost.example.com"))).toBe(false);
  });

  it("refuses a plain-http base URL of another host for the merchant key, before anything is sent (exit 2)", async () => {
    const refused = await runCli(["--shop", "demo-open", "--base-url", "http://sandbox.example.com", "currencies"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      "--base-url is http://sandbox.example.com: the console sends secrets over plain http only to this machine",
    );
    expect(refused.stderr).toContain("use https://sandbox.example.com");
  });

  it("refuses a plain-http checkout URL of another host for the admin token (exit 2)", async () => {
    const refused = await runCli(["shops", "--checkout-url", "http://checkout.example.com", "list"], {
      env: { CRYPTO_CHECKOUT_ADMIN_TOKEN: "a-token-that-must-stay-here-000000000000" },
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--checkout-url is http://checkout.example.com");
    expect(refused.stderr).not.toContain("a-token-that-must-stay-here");
  });

  it("never sends the local .dev.vars admin token to a Worker on another host (exit 2 before any request)", async () => {
    // An https URL no Worker answers: the console must refuse before it would connect.
    const refused = await runCli(["shops", "--checkout-url", "https://checkout.invalid", "list"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      "no admin token for the Worker at https://checkout.invalid: set CRYPTO_CHECKOUT_ADMIN_TOKEN",
    );
  });
});

describe("text from the network in the terminal", () => {
  const hostile = "PAID\u001b[2J\u001b]0;owned\u0007\r\u0000\u009b31m done\tok\n";

  it("loses its control characters, keeps line feeds, tabs and every printable character", () => {
    expect(printable(hostile)).toBe("PAID[2J]0;owned31m done\tok\n");
    expect(printable("Überweisung ✓ 0.001 BTC — 支付")).toBe("Überweisung ✓ 0.001 BTC — 支付");
    for (let code = 0; code < 0xa0; code += 1) {
      const char = String.fromCharCode(code);
      const kept = code === 0x0a || code === 0x09 || (code >= 0x20 && code < 0x7f);
      expect(printable(char)).toBe(kept ? char : "");
    }
  });

  it("reaches tables without them", () => {
    // What a table may hold besides printable text: its line feeds.
    const controls = (text: string) => [...text].filter((c) => printable(c) === "" || c === "\r");
    expect(controls(table(["Status"], [[hostile]]))).toEqual([]);
    expect(controls(record([["Status", hostile]]))).toEqual([]);
    expect(table(["Status"], [[hostile]])).toContain("PAID[2J]0;owned31m done");
  });
});
