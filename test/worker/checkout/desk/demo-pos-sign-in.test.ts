/**
 * The demo's way to the point of sale: GET /demo/api/pos-sign-in?shop= makes a fresh link for
 * that one shop each time and redirects to /pos/{shop}/ with the token in the fragment; served
 * only in demo mode.
 */
import { describe, expect, it } from "vitest";
import type { DeskSession } from "../../../../worker/checkout/dashboard-wire.js";
import { callWith, errorOf, ORIGIN } from "../support/http.js";
import { postSignIn } from "../support/desk-sign-in.js";

const PATH = "/demo/api/pos-sign-in";

describe("GET /demo/api/pos-sign-in", () => {
  it("redirects to the shop's point of sale with a fresh single-use link for that shop alone", async () => {
    const response = await callWith({}, `${PATH}?shop=demo-signed`, { redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const location = new URL(response.headers.get("Location") ?? "");
    expect(location.origin + location.pathname).toBe(`${ORIGIN}/pos/demo-signed/`);
    const token = location.hash.slice(1);
    const signIn = await postSignIn(token);
    expect(signIn.status).toBe(200);
    const session = (await signIn.json()) as DeskSession;
    expect(session.identity.operator).toBe(false);
    expect(session.shops.map((shop) => shop.id)).toEqual(["demo-signed"]);
    expect((await postSignIn(token)).status).toBe(401);
  });

  it("takes the first shop without ?shop=, and refuses a malformed or unknown one", async () => {
    const first = await callWith({}, PATH, { redirect: "manual" });
    expect(new URL(first.headers.get("Location") ?? "").pathname).toBe("/pos/demo-open/");
    const bad = await callWith({}, `${PATH}?shop=Not%20A%20Shop`, { redirect: "manual" });
    expect(bad.status).toBe(400);
    const unknown = await callWith({}, `${PATH}?shop=no-such-shop`, { redirect: "manual" });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("unknown_shop");
  });

  it("is not served outside demo mode", async () => {
    expect((await callWith({ DEMO_MODE: "false" }, PATH, { redirect: "manual" })).status).toBe(404);
  });
});
