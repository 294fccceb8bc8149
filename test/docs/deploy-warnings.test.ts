/**
 * `npm run deploy` warns before `wrangler deploy` about what must not leave the local demo: the demo
 * shops, and addresses on this machine (scripts/deploy-warnings.mjs). The command itself on the
 * committed wrangler.toml runs as docs/checkout.md prints it ("Deploying", in docs.test.ts).
 */
import { describe, expect, it } from "vitest";
import { deployWarnings, isLoopbackUrl } from "../../scripts/deploy-warnings.mjs";

const shop = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  allowedOrigins: ["https://shop.example"],
  ...extra,
});

describe("deploy warnings", () => {
  it("name the demo shops and how to replace them", () => {
    const [warning, ...rest] = deployWarnings({
      SHOPS: JSON.stringify([shop("demo-open"), shop("acme")]),
      SANDBOX_BASE_URL: "https://sandbox.payments.example",
    });
    expect(rest).toEqual([]);
    expect(warning).toMatch(
      /^SHOPS holds the demo shop demo-open, .*replace them in wrangler\.toml's SHOPS.*docs\/checkout\.md#deploying$/,
    );
  });

  it("name each base URL or public URL on this machine, and a shop's own URLs there", () => {
    const warnings = deployWarnings({
      SHOPS: [
        shop("acme", {
          webhooks: [{ url: "http://localhost:3000/hooks", secret: "S" }],
          redirectUrls: { confirmed: "http://127.0.0.1:8787/ok?order={orderId}" },
        }),
      ],
      SANDBOX_BASE_URL: "http://127.0.0.1:8788",
      PRODUCTION_BASE_URL: "https://payments.example",
      PUBLIC_URL: "http://[::1]:8787",
    });
    expect(warnings).toHaveLength(4);
    expect(warnings[0]).toMatch(
      /^SANDBOX_BASE_URL is http:\/\/127\.0\.0\.1:8788, an address on this machine.*sandbox base URL/,
    );
    expect(warnings[1]).toMatch(/^PUBLIC_URL is http:\/\/\[::1\]:8787.*https origin/);
    expect(warnings.slice(2).join("\n")).toMatch(
      /shop acme names http:\/\/127\.0\.0\.1:8787\/ok\?order=\{orderId\}[\s\S]*shop acme names http:\/\/localhost:3000\/hooks/,
    );
  });

  it("stay silent on a production configuration, an empty base URL and a SHOPS that does not parse", () => {
    expect(
      deployWarnings({
        SHOPS: "[]",
        SANDBOX_BASE_URL: "",
        PRODUCTION_BASE_URL: "https://payments.example",
        PUBLIC_URL: "https://checkout.example",
      }),
    ).toEqual([]);
    expect(deployWarnings({ SHOPS: "not json" })).toEqual([]);
    expect(isLoopbackUrl("https://127.example.com")).toBe(false);
    expect(isLoopbackUrl("http://127.1.2.3:80")).toBe(true);
  });
});
