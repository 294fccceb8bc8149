/**
 * The demo's way into the dashboard: GET /demo/api/dashboard-sign-in makes a fresh operator link
 * each time and redirects to it; served only in demo mode (never beside a production shop).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { DeskSession } from "../../../../worker/checkout/dashboard-wire.js";
import type { Env } from "../../../../worker/checkout/env.js";
import { callWith, ORIGIN } from "../support/http.js";
import { postSignIn } from "../support/desk-sign-in.js";

const PATH = "/demo/api/dashboard-sign-in";

describe("GET /demo/api/dashboard-sign-in", () => {
  it("redirects to a fresh single-use link that signs in to every demo shop", async () => {
    const response = await callWith({}, PATH, { redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const location = new URL(response.headers.get("Location") ?? "");
    expect(location.origin + location.pathname).toBe(`${ORIGIN}/dashboard/sign-in`);
    const token = location.hash.slice(1);
    const signIn = await postSignIn(token);
    expect(signIn.status).toBe(200);
    const session = (await signIn.json()) as DeskSession;
    expect(session.identity.operator).toBe(true);
    expect(session.shops.filter((shop) => shop.id.startsWith("demo-")).map((shop) => shop.id)).toEqual([
      "demo-open",
      "demo-signed",
    ]);
    expect(session.shops.every((shop) => shop.environment === "sandbox")).toBe(true);
    expect((await postSignIn(token)).status).toBe(401);

    const again = await callWith({}, PATH, { redirect: "manual" });
    expect(new URL(again.headers.get("Location") ?? "").hash.slice(1)).not.toBe(token);
  });

  it("is not served outside demo mode, nor beside a production shop", async () => {
    expect((await callWith({ DEMO_MODE: "false" }, PATH, { redirect: "manual" })).status).toBe(404);
    const shops = JSON.parse(String((env as unknown as Env).SHOPS)) as Record<string, unknown>[];
    const production = JSON.stringify([...shops, { ...shops[0], id: "live-shop", environment: "production" }]);
    expect((await callWith({ SHOPS: production }, PATH, { redirect: "manual" })).status).toBe(404);
  });
});
