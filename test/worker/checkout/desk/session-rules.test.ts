/** The rules of sign-in links and sessions (session-rules.ts), with the clock as a parameter. */
import { describe, expect, it } from "vitest";
import {
  deleteAt,
  newLink,
  newSession,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SIGN_IN_LINK_TTL_MS,
  touchSession,
  useLink,
  type StoredIdentity,
} from "../../../../worker/checkout/desk/session-rules.js";

const who: StoredIdentity = { email: null, via: "link", operator: false, shops: ["demo-open"] };
const T0 = Date.UTC(2026, 0, 1);

describe("a sign-in link", () => {
  it("works once within ten minutes", () => {
    const link = newLink(who, T0);
    const first = useLink(link, T0 + SIGN_IN_LINK_TTL_MS - 1);
    expect(first).toMatchObject({ ok: true, link: { usedAt: T0 + SIGN_IN_LINK_TTL_MS - 1, identity: who } });
    if (!first.ok) return;
    expect(useLink(first.link, T0 + 1)).toEqual({ ok: false, reason: "used" });
  });

  it("is refused from its tenth minute on, and when unknown", () => {
    expect(useLink(newLink(who, T0), T0 + SIGN_IN_LINK_TTL_MS)).toEqual({ ok: false, reason: "expired" });
    expect(useLink(undefined, T0)).toEqual({ ok: false, reason: "unknown" });
    expect(useLink(newSession(who, "csrf", T0), T0)).toEqual({ ok: false, reason: "unknown" });
  });

  it("is deleted at its expiry, used or not", () => {
    expect(deleteAt(newLink(who, T0))).toBe(T0 + SIGN_IN_LINK_TTL_MS);
  });
});

describe("a session", () => {
  it("moves its idle end with each request, up to its absolute end", () => {
    let session = newSession(who, "csrf", T0);
    expect(session.idleExpiresAt).toBe(T0 + SESSION_IDLE_MS);
    expect(session.expiresAt).toBe(T0 + SESSION_ABSOLUTE_MS);
    // A request every 20 minutes keeps it alive until the twelfth hour, never past it.
    for (let at = T0 + 20 * 60_000; at < T0 + SESSION_ABSOLUTE_MS; at += 20 * 60_000) {
      const outcome = touchSession(session, at);
      if (!outcome.ok) throw new Error(`ended at ${at - T0} ms: ${outcome.reason}`);
      session = outcome.session;
      expect(session.idleExpiresAt).toBe(Math.min(at + SESSION_IDLE_MS, T0 + SESSION_ABSOLUTE_MS));
    }
    expect(touchSession(session, T0 + SESSION_ABSOLUTE_MS)).toEqual({ ok: false, reason: "expired" });
  });

  it("ends after 30 idle minutes", () => {
    const session = newSession(who, "csrf", T0);
    expect(touchSession(session, T0 + SESSION_IDLE_MS - 1).ok).toBe(true);
    expect(touchSession(session, T0 + SESSION_IDLE_MS)).toEqual({ ok: false, reason: "idle" });
    expect(deleteAt(session)).toBe(T0 + SESSION_IDLE_MS);
  });

  it("is unknown when there is none, or the record is a link", () => {
    expect(touchSession(undefined, T0)).toEqual({ ok: false, reason: "unknown" });
    expect(touchSession(newLink(who, T0), T0)).toEqual({ ok: false, reason: "unknown" });
  });
});
