/**
 * LinksObject: one Durable Object per shop (named by the shop's id, so one shop never reaches
 * another's links) that holds the shop's payment links and the orders each made. Thin: every
 * decision is link-rules.ts's; each method reads, asks and writes in one synchronous turn, so two
 * uses of one link never interleave (single use stays one order, reusable uses never share one).
 *
 * Tables, made with the first link: `links` (each link as JSON, in creation order, indexed by a
 * single-use link's order id, so that a confirmed payment finds its link, or that it has none, in
 * one index lookup) and `uses` (each order a link made: its link, price and the payer's reference).
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env.js";
import { CheckoutError, settle, unwrap, type Result } from "../http/errors.js";
import type { LinkOrder } from "../link-wire.js";
import { markVersion, upgradeStorage, type StorageSchema } from "../storage-version.js";
import {
  decideUse,
  linkOrder,
  markedUsed,
  MAX_LINKS_PER_SHOP,
  newLink,
  type ConfirmedOrder,
  type CreateLinkBody,
  type LinkPaymentBody,
  type LinkUse,
  type StoredLink,
} from "./link-rules.js";

/** The index of the links by a single-use link's order id (a reusable link has none: NULL). */
const ORDER_INDEX = "CREATE INDEX IF NOT EXISTS links_by_order ON links (json_extract(link, '$.orderId'))";

/**
 * What LinksObject stores, by version (storage-version.ts; how to change it: docs/architecture.md).
 * 2: the links' index by order id (the links already stored are indexed as it is made).
 */
export const LINKS_STORAGE: StorageSchema = {
  object: "LinksObject",
  version: 2,
  steps: [(shape) => (shape.has("links") ? [ORDER_INDEX] : [])],
};

/** The newest orders GET of one link shows. */
export const LINK_ORDERS_SHOWN = 50;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS links (
  id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  link TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS uses (
  order_id TEXT PRIMARY KEY,
  link_id TEXT NOT NULL,
  use TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS uses_by_link ON uses (link_id, created_at);
${ORDER_INDEX};`;

const notFound = () => new CheckoutError(404, "link_not_found", "This shop has no payment link with this id.");

/** The shop's links object; its errors come back as the CheckoutError they were. */
export function linksObject(env: Env, shopId: string) {
  const stub = env.LINKS.get(env.LINKS.idFromName(shopId));
  return {
    create: async (body: CreateLinkBody): Promise<StoredLink> => unwrap(await stub.create(body)),
    list: (): Promise<StoredLink[]> => stub.list(),
    /** The link, or 404 link_not_found. */
    get: async (id: string): Promise<StoredLink> => unwrap(await stub.get(id)),
    orders: (id: string): Promise<LinkOrder[]> => stub.orders(id),
    disable: async (id: string): Promise<StoredLink> => unwrap(await stub.disable(id)),
    /** One use: its order and price (a reusable link's new order recorded), or the refusal. */
    use: async (id: string, body: LinkPaymentBody): Promise<LinkUse> => unwrap(await stub.use(id, body)),
    markUsed: (id: string): Promise<void> => stub.markUsed(id),
    /** Marks used the single-use links of these confirmed orders; the ids of the links it marked. */
    confirmed: (orders: readonly ConfirmedOrder[]): Promise<string[]> => stub.confirmed(orders),
  };
}

export class LinksObject extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    upgradeStorage(ctx.storage.sql, LINKS_STORAGE);
  }

  private get sql(): SqlStorage {
    return this.ctx.storage.sql;
  }

  private hasTables(): boolean {
    return this.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'links'").toArray().length > 0;
  }

  private ensureSchema(): void {
    if (this.hasTables()) return;
    markVersion(this.sql, LINKS_STORAGE);
    this.sql.exec(SCHEMA);
  }

  private read(id: string): StoredLink | undefined {
    if (!this.hasTables()) return undefined;
    const row = this.sql.exec<{ link: string }>("SELECT link FROM links WHERE id = ?", id).toArray()[0];
    return row ? (JSON.parse(row.link) as StoredLink) : undefined;
  }

  private write(link: StoredLink): void {
    this.sql.exec("UPDATE links SET link = ? WHERE id = ?", JSON.stringify(link), link.id);
  }

  create(body: CreateLinkBody): Promise<Result<StoredLink>> {
    return settle(() => {
      this.ensureSchema();
      const count = this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM links").one().n;
      if (count >= MAX_LINKS_PER_SHOP)
        throw new CheckoutError(409, "invalid_request", `A shop holds at most ${MAX_LINKS_PER_SHOP} payment links.`);
      const link = newLink(body, new Date());
      this.sql.exec("INSERT INTO links (id, seq, link) VALUES (?, ?, ?)", link.id, count + 1, JSON.stringify(link));
      return link;
    });
  }

  /** Every link, newest first. */
  list(): StoredLink[] {
    if (!this.hasTables()) return [];
    return this.sql
      .exec<{ link: string }>("SELECT link FROM links ORDER BY seq DESC")
      .toArray()
      .map((row) => JSON.parse(row.link) as StoredLink);
  }

  get(id: string): Promise<Result<StoredLink>> {
    return settle(() => this.read(id) ?? Promise.reject(notFound()));
  }

  /** The link's newest orders, newest first. */
  orders(id: string): LinkOrder[] {
    if (!this.hasTables()) return [];
    return this.sql
      .exec<{ use: string; created_at: string }>(
        "SELECT use, created_at FROM uses WHERE link_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?",
        id,
        LINK_ORDERS_SHOWN,
      )
      .toArray()
      .map((row) => linkOrder(JSON.parse(row.use) as LinkUse, row.created_at));
  }

  /** Disables the link for good (again: the same link). */
  disable(id: string): Promise<Result<StoredLink>> {
    return settle(() => {
      const link = this.read(id);
      if (!link) throw notFound();
      if (!link.disabledAt) {
        link.disabledAt = new Date().toISOString();
        this.write(link);
      }
      return link;
    });
  }

  use(id: string, body: LinkPaymentBody): Promise<Result<LinkUse>> {
    return settle(() => {
      const link = this.read(id);
      if (!link) throw notFound();
      const use = decideUse(link, body, new Date());
      const inserted = this.sql.exec(
        "INSERT OR IGNORE INTO uses (order_id, link_id, use, created_at) VALUES (?, ?, ?, ?)",
        use.orderId,
        link.id,
        JSON.stringify(use),
        new Date().toISOString(),
      ).rowsWritten;
      if (inserted > 0) {
        link.uses += 1;
        this.write(link);
      }
      return use;
    });
  }

  /** Records that a single-use link's order is paid (found paid when read): the link takes no more payments. */
  markUsed(id: string): void {
    const link = this.read(id);
    const used = link?.orderId ? markedUsed(link, link.orderId, new Date().toISOString()) : undefined;
    if (used) this.write(used);
  }

  /**
   * Payments of these orders became CONFIRMED: each single-use link of such an order is used from
   * the confirmation's time. An order of no link costs one lookup in the order index; a link
   * already used keeps its time, so a repeated or late confirmation changes nothing.
   */
  confirmed(orders: readonly ConfirmedOrder[]): string[] {
    if (!this.hasTables()) return [];
    const marked: string[] = [];
    for (const { orderId, at } of orders) {
      const rows = this.sql
        .exec<{ link: string }>("SELECT link FROM links WHERE json_extract(link, '$.orderId') = ?", orderId)
        .toArray();
      for (const row of rows) {
        const used = markedUsed(JSON.parse(row.link) as StoredLink, orderId, at);
        if (!used) continue;
        this.write(used);
        marked.push(used.id);
      }
    }
    return marked;
  }
}
