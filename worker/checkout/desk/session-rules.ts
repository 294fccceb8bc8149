/**
 * The rules of the dashboard's sign-in links and sessions, without I/O or a clock of their own
 * (every function takes `now` in ms): how long a link and a session live, whether a stored one
 * still holds, what a request does to a session, and when its record may be deleted. The
 * DeskSessionObject (desk-session-object.ts) loads, asks these and stores.
 *
 * - A sign-in link lives 10 minutes and works once: the first use consumes it, a second is refused.
 * - A session ends 30 minutes after its last request (idle; each request moves it) and 12 hours
 *   after it began (absolute; nothing moves it), whichever comes first, or when signed out.
 */
import type { DeskIdentity } from "../dashboard-wire.js";

export const SIGN_IN_LINK_TTL_MS = 10 * 60_000;
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

/** Who a link or session is for, as stored (an operator's and an Access user's shops are read again on each request: desk-identity.ts). */
export type StoredIdentity = DeskIdentity;

export interface StoredLink {
  kind: "link";
  identity: StoredIdentity;
  createdAt: number;
  expiresAt: number;
  /** When it was used; null while unused. */
  usedAt: number | null;
}

export interface StoredSession {
  kind: "session";
  identity: StoredIdentity;
  /** Sent as X-CSRF-Token with every state-changing request (never in the cookie). */
  csrfToken: string;
  createdAt: number;
  /** Absolute end: createdAt + 12 h. */
  expiresAt: number;
  /** Idle end: the last request + 30 min, never past expiresAt. */
  idleExpiresAt: number;
}

export type StoredRecord = StoredLink | StoredSession;

export function newLink(identity: StoredIdentity, now: number): StoredLink {
  return { kind: "link", identity, createdAt: now, expiresAt: now + SIGN_IN_LINK_TTL_MS, usedAt: null };
}

/** Why a link cannot sign in (unknown: no such link, or its record is gone). */
export type LinkRefusal = "unknown" | "used" | "expired";

/** A link's use at `now`: the link marked used, or why it is refused. */
export function useLink(
  link: StoredRecord | undefined,
  now: number,
): { ok: true; link: StoredLink } | { ok: false; reason: LinkRefusal } {
  if (link?.kind !== "link") return { ok: false, reason: "unknown" };
  if (link.usedAt !== null) return { ok: false, reason: "used" };
  if (now >= link.expiresAt) return { ok: false, reason: "expired" };
  return { ok: true, link: { ...link, usedAt: now } };
}

export function newSession(identity: StoredIdentity, csrfToken: string, now: number): StoredSession {
  const expiresAt = now + SESSION_ABSOLUTE_MS;
  return {
    kind: "session",
    identity,
    csrfToken,
    createdAt: now,
    expiresAt,
    idleExpiresAt: Math.min(now + SESSION_IDLE_MS, expiresAt),
  };
}

/** Why a session no longer holds (unknown: never made, signed out, or deleted after it ended). */
export type SessionRefusal = "unknown" | "idle" | "expired";

/** A request of the session at `now`: the session with its idle end moved, or why it has ended. */
export function touchSession(
  session: StoredRecord | undefined,
  now: number,
): { ok: true; session: StoredSession } | { ok: false; reason: SessionRefusal } {
  if (session?.kind !== "session") return { ok: false, reason: "unknown" };
  if (now >= session.expiresAt) return { ok: false, reason: "expired" };
  if (now >= session.idleExpiresAt) return { ok: false, reason: "idle" };
  return { ok: true, session: { ...session, idleExpiresAt: Math.min(now + SESSION_IDLE_MS, session.expiresAt) } };
}

/** When a record is of no more use and may be deleted: a link at its expiry (used or not), a session at its idle or absolute end. */
export function deleteAt(record: StoredRecord): number {
  return record.kind === "link" ? record.expiresAt : Math.min(record.idleExpiresAt, record.expiresAt);
}
