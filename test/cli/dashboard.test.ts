/**
 * `dashboard login`, as a process against the checkout Worker of the global setup (`wrangler dev`
 * with the DASHBOARD_SESSION_KEY that scripts/servers.mjs writes into .dev.vars): it prints a
 * single-use link for one shop (the shop's backend token) or for the operator (the admin token),
 * the link signs a browser in once, and the command refuses to guess which one is meant.
 */
import { describe, expect, inject, it } from "vitest";
import { runCli } from "./support/run-cli.js";

const checkoutUrl = inject("checkoutUrl");

interface LoginResult {
  url: string;
  expiresAt: string;
  shop: string | null;
}

/** POST /dashboard/api/session with the link's token, as the dashboard's sign-in page does. */
function signIn(link: string): Promise<Response> {
  return fetch(`${checkoutUrl}/dashboard/api/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: checkoutUrl },
    body: JSON.stringify({ token: new URL(link).hash.slice(1) }),
  });
}

describe("dashboard login", () => {
  it("--shop prints a link to that shop's dashboard that signs in once", async () => {
    const result = await runCli(["dashboard", "login", "--shop", "demo-open", "--json", "--checkout-url", checkoutUrl]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const login = JSON.parse(result.stdout) as LoginResult;
    expect(login.shop).toBe("demo-open");
    expect(login.url).toMatch(new RegExp(`^${checkoutUrl}/dashboard/sign-in#[A-Za-z0-9_-]{43}$`));
    const minutes = (Date.parse(login.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);

    const first = await signIn(login.url);
    expect(first.status).toBe(200);
    expect(first.headers.get("Set-Cookie")).toMatch(/^desk_session=[^;]+;.*HttpOnly/);
    const session = (await first.json()) as { shops: { id: string }[] };
    expect(session.shops.map((shop) => shop.id)).toEqual(["demo-open"]);
    expect((await signIn(login.url)).status).toBe(401);
  });

  it("--operator prints a link to every shop, and says so", async () => {
    const result = await runCli(["dashboard", "login", "--operator", "--checkout-url", checkoutUrl]);
    expect(result.code).toBe(0);
    const [intro, url] = result.stdout.trim().split("\n");
    expect(intro).toMatch(/^Sign-in link to the dashboard \(every shop\); it works once, until \d{4}-\d\d-\d\dT/);
    const response = await signIn(url ?? "");
    expect(response.status).toBe(200);
    const session = (await response.json()) as { identity: { operator: boolean }; shops: { id: string }[] };
    expect(session.identity.operator).toBe(true);
    expect(session.shops.map((shop) => shop.id)).toEqual(expect.arrayContaining(["demo-open", "demo-signed"]));
  });

  it("needs --shop or --operator, not both, and names a refused token", async () => {
    const neither = await runCli(["dashboard", "login", "--checkout-url", checkoutUrl]);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain("dashboard login needs --shop <id>");
    const both = await runCli([
      "dashboard",
      "login",
      "--shop",
      "demo-open",
      "--operator",
      "--checkout-url",
      checkoutUrl,
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("not both");
    const wrong = await runCli(["dashboard", "login", "--shop", "demo-open", "--checkout-url", checkoutUrl], {
      env: { CRYPTO_CHECKOUT_BACKEND_TOKEN: "not-the-token-of-this-shop-0123456789" },
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("HTTP 401");
    expect(wrong.stderr).toContain("the backend token of shop demo-open");
    expect(wrong.stderr).not.toContain("not-the-token-of-this-shop");
  });
});
