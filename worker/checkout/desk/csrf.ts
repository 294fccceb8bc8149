/**
 * Cross-site request forgery, refused twice over for every state-changing request of the
 * dashboard's API (POST, PATCH, PUT, DELETE): the browser's `Origin` must be this Worker's own
 * (the request's origin, or PUBLIC_URL's), and `X-CSRF-Token` must be the session's CSRF token
 * (compared in constant time). The session cookie is SameSite=Strict as well; these checks do not
 * depend on the browser honouring it. The sign-in POST, which has no session yet, checks the Origin
 * only. Pure but for the constant-time comparison's digest.
 */
import { tokenMatches } from "../http/bearer.js";
import { CheckoutError } from "../http/errors.js";

export const CSRF_HEADER = "X-CSRF-Token";

/** Whether a method changes state (and so needs the checks). */
export function isStateChanging(method: string): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());
}

/** 403 origin_not_allowed unless `origin` is one of this Worker's own. */
export function assertSameOrigin(origin: string | undefined, own: readonly string[]): void {
  if (origin === undefined || origin === "")
    throw new CheckoutError(
      403,
      "origin_not_allowed",
      "The dashboard's state-changing requests need the browser's Origin header; send them from the dashboard's own page.",
    );
  if (!own.includes(origin))
    throw new CheckoutError(
      403,
      "origin_not_allowed",
      `Requests from ${origin} are refused: the dashboard's API serves the dashboard's own pages only (${own.join(", ")}).`,
    );
}

/** 403 csrf_refused unless `given` is the session's CSRF token. */
export async function assertCsrfToken(given: string | undefined, expected: string): Promise<void> {
  if (!given)
    throw new CheckoutError(
      403,
      "csrf_refused",
      `Send the session's CSRF token (csrfToken of GET /dashboard/api/session) as ${CSRF_HEADER}.`,
    );
  if (!(await tokenMatches(given, expected)))
    throw new CheckoutError(
      403,
      "csrf_refused",
      `${CSRF_HEADER} is not this session's CSRF token: read it again from GET /dashboard/api/session.`,
    );
}
