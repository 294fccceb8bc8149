/**
 * DeskSessionObject: one dashboard sign-in link or one session, named by a hash of its secret
 * (desk-secrets.ts), so that the object's name reveals neither the link's token nor the cookie.
 * Thin: it loads its one record, asks the rules (session-rules.ts), stores, and deletes itself
 * with its alarm once the record is of no more use. A Durable Object runs one call at a time, so
 * a link's consumption is atomic: of two uses at once, one gets the identity and the other "used".
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env.js";
import { markVersion, upgradeStorage, type StorageSchema } from "../storage-version.js";
import {
  deleteAt,
  touchSession,
  useLink,
  type LinkRefusal,
  type SessionRefusal,
  type StoredIdentity,
  type StoredRecord,
  type StoredSession,
} from "./session-rules.js";

const RECORD = "record";

/**
 * The versions of a DeskSessionObject's storage (storage-version.ts): its one `record`, a
 * StoredRecord (session-rules.ts). 1: every record stored before versions were kept.
 */
export const DESK_SESSION_STORAGE: StorageSchema = { object: "DeskSessionObject", version: 1, steps: [] };

export class DeskSessionObject extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // An older release's storage is brought up to date before anything reads it.
    upgradeStorage(ctx.storage.sql, DESK_SESSION_STORAGE);
  }

  private async save(record: StoredRecord): Promise<void> {
    await this.ctx.storage.put(RECORD, record);
    await this.ctx.storage.setAlarm(deleteAt(record));
  }

  private async forget(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  /** Stores a new link or session (its name is fresh randomness: nothing is there before). */
  async create(record: StoredRecord): Promise<void> {
    markVersion(this.ctx.storage.sql, DESK_SESSION_STORAGE);
    await this.save(record);
  }

  /** Uses the link: its identity the first time, then "used" (or "expired", "unknown"). */
  async consumeLink(now: number): Promise<{ ok: true; identity: StoredIdentity } | { ok: false; reason: LinkRefusal }> {
    const outcome = useLink(await this.ctx.storage.get<StoredRecord>(RECORD), now);
    if (!outcome.ok) return outcome;
    await this.save(outcome.link);
    return { ok: true, identity: outcome.link.identity };
  }

  /** A request of the session: the session with its idle end moved, or why it has ended (then it is deleted). */
  async touch(now: number): Promise<{ ok: true; session: StoredSession } | { ok: false; reason: SessionRefusal }> {
    const outcome = touchSession(await this.ctx.storage.get<StoredRecord>(RECORD), now);
    if (outcome.ok) await this.save(outcome.session);
    else if (outcome.reason !== "unknown") await this.forget();
    return outcome;
  }

  /** Sign-out: the session is deleted, so its cookie opens nothing any more. */
  async end(): Promise<void> {
    await this.forget();
  }

  override async alarm(): Promise<void> {
    const record = await this.ctx.storage.get<StoredRecord>(RECORD);
    if (record && deleteAt(record) > Date.now()) await this.ctx.storage.setAlarm(deleteAt(record));
    else await this.forget();
  }
}
