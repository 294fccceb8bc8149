/** What the Worker answers the point of sale in its browser tests: a session of one shop, and JSON answers. */
import type { DeskSession } from "../../../worker/checkout/dashboard-wire.js";

/** A counter's session: a sign-in link for the one shop demo-open. */
export const SESSION: DeskSession = {
  identity: { email: null, via: "link", operator: false },
  shops: [{ id: "demo-open", name: "Demo open shop", environment: "sandbox" }],
  csrfToken: "csrf-token-of-the-session",
  expiresAt: "2026-11-27T23:00:00.000Z",
  idleExpiresAt: "2026-11-27T12:30:00.000Z",
};

/** A JSON answer as the Worker sends it. */
export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
