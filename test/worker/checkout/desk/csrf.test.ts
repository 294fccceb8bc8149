/**
 * CSRF: every state-changing request of /dashboard/api needs a same-origin Origin and the
 * session's CSRF token in X-CSRF-Token (403 naming the cause); the sign-in POST checks the
 * Origin alone. Shown on DELETE /dashboard/api/session (sign-out), whose effect is visible: a
 * refused one leaves the session working.
 */
import { describe, expect, it } from "vitest";
import { errorOf, ORIGIN } from "../support/http.js";
import { deskCall, postSignIn, shopLink, signedIn, tokenOf } from "../support/desk-sign-in.js";

async function stillSignedIn(cookie: string): Promise<boolean> {
  return (await deskCall("/dashboard/api/session", { cookie })).status === 200;
}

describe("CSRF", () => {
  it("refuses a state-changing request without X-CSRF-Token", async () => {
    const { cookie } = await signedIn();
    const response = await deskCall("/dashboard/api/session", { method: "DELETE", cookie });
    expect(response.status).toBe(403);
    const error = await errorOf(response);
    expect(error.code).toBe("csrf_refused");
    expect(error.message).toContain("X-CSRF-Token");
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it("refuses a wrong X-CSRF-Token, and another session's", async () => {
    const { cookie } = await signedIn();
    const other = await signedIn();
    for (const csrf of ["x".repeat(43), other.session.csrfToken]) {
      const response = await deskCall("/dashboard/api/session", { method: "DELETE", cookie, csrf });
      expect(response.status).toBe(403);
      const error = await errorOf(response);
      expect(error.code).toBe("csrf_refused");
      expect(error.message).toContain("not this session's CSRF token");
    }
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it("refuses a foreign Origin, and a missing one, even with the right token", async () => {
    const { cookie, session } = await signedIn();
    const foreign = await deskCall("/dashboard/api/session", {
      method: "DELETE",
      cookie,
      csrf: session.csrfToken,
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
    const error = await errorOf(foreign);
    expect(error.code).toBe("origin_not_allowed");
    expect(error.message).toContain("https://evil.example");
    const missing = await deskCall("/dashboard/api/session", {
      method: "DELETE",
      cookie,
      csrf: session.csrfToken,
      origin: null,
    });
    expect(missing.status).toBe(403);
    expect((await errorOf(missing)).message).toContain("Origin");
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it("lets the same request through with this origin and the session's token", async () => {
    const { cookie, session } = await signedIn();
    const response = await deskCall("/dashboard/api/session", {
      method: "DELETE",
      cookie,
      csrf: session.csrfToken,
      origin: ORIGIN,
    });
    expect(response.status).toBe(204);
    expect(await stillSignedIn(cookie)).toBe(false);
  });

  it("accepts PUBLIC_URL's origin as the Worker's own", async () => {
    const { cookie, session } = await signedIn();
    const response = await deskCall("/dashboard/api/session", {
      method: "DELETE",
      cookie,
      csrf: session.csrfToken,
      origin: "https://pay.example.com",
      bindings: { PUBLIC_URL: "https://pay.example.com" },
    });
    expect(response.status).toBe(204);
  });

  it("sign-in POST: refused from a foreign or missing Origin, and the link stays unused", async () => {
    const token = tokenOf(await shopLink());
    const foreign = await postSignIn(token, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await errorOf(foreign)).code).toBe("origin_not_allowed");
    const missing = await postSignIn(token, { origin: null });
    expect(missing.status).toBe(403);
    expect((await postSignIn(token)).status).toBe(200);
  });
});
