// @ts-check
/**
 * The backend's orders store: in memory, optionally persisted to one JSON file (STORE_FILE).
 *
 * Besides the orders it keeps what the webhook rules need: the webhook ids already processed
 * (dedupe) and, per payment and payout, the highest version applied (stale events). Every change
 * is written before the webhook is answered, so a 200 means "stored": a crash never loses an
 * event the sender will not deliver again.
 *
 * The file is written atomically (a temporary file beside it, flushed to disk, then renamed over
 * it), so a crash mid-write leaves the old file, never half of a new one. Writes run one after the
 * other. One process owns the file; a real shop uses its database instead.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import { dirname } from "node:path";
import process from "node:process";
import { decimalsEqual } from "./decimal.mjs";

/**
 * @typedef {object} Order
 * @property {string} orderId
 * @property {string} shop
 * @property {"pending" | "paid"} status
 * @property {{ amount: string, currency: string }} [expected] what the order costs (set by POST /orders; absent for open-pricing orders)
 * @property {{ amount: string, currency: string, paymentId: string, at: string }} [paid] set once, when the order is marked paid
 * @property {string | null} lastStatus the status of the newest payment event applied to this order
 * @property {number | null} version the version of that event
 */

/**
 * @typedef {object} StoreChange what one webhook does to the store (see webhook.mjs decideEvent)
 * @property {{ key: string, version: number } | null} version the highest version of a payment or payout
 * @property {Order | null} order the order's new state; null leaves the orders as they are
 */

/** How many processed webhook ids are remembered for dedupe (the oldest are forgotten first). */
export const MAX_WEBHOOK_IDS = 10_000;

const FILE_FORMAT = 1;

export class OrderStore {
  /** @type {Map<string, Order>} */
  #orders = new Map();
  /** Webhook ids already processed, oldest first. @type {Set<string>} */
  #webhookIds = new Set();
  /** Highest version applied, by "payment:<paymentId>" / "payout:<payoutId>". @type {Map<string, number>} */
  #versions = new Map();
  /** @type {string | undefined} */
  #file;
  /** The write in progress (writes run one after the other). @type {Promise<void>} */
  #writing = Promise.resolve();

  /** @param {string} [file] the JSON file to persist to; none keeps the store in memory only */
  constructor(file) {
    this.#file = file;
  }

  /**
   * A store with the contents of `file` when it exists (an empty one when it does not). Throws
   * when the file exists but is not a store file, rather than overwrite it.
   *
   * @param {string} [file]
   */
  static async open(file) {
    const store = new OrderStore(file);
    if (file === undefined) return store;
    await mkdir(dirname(file), { recursive: true });
    let text;
    try {
      text = await readFile(file, "utf8");
    } catch (err) {
      if (/** @type {NodeJS.ErrnoException} */ (err).code === "ENOENT") return store;
      throw err;
    }
    store.#restore(text, file);
    return store;
  }

  /** @param {string} orderId */
  getOrder(orderId) {
    return this.#orders.get(orderId);
  }

  /** Every order, oldest first. */
  listOrders() {
    return [...this.#orders.values()];
  }

  /**
   * Records a new order with its expected price (amount: a decimal string). When the order exists,
   * unpaid and with the same terms, nothing changes ("exists"); when it is paid, "paid"; with other
   * terms, or when it is already known from a payment without terms, "conflict".
   *
   * @param {{ orderId: string, shop: string, amount: string, currency: string }} terms
   * @returns {Promise<"created" | "exists" | "paid" | "conflict">}
   */
  async createOrder(terms) {
    const existing = this.#orders.get(terms.orderId);
    if (existing) {
      if (existing.status === "paid") return "paid";
      const same =
        existing.shop === terms.shop &&
        existing.expected !== undefined &&
        existing.expected.currency === terms.currency &&
        decimalsEqual(existing.expected.amount, terms.amount);
      return same ? "exists" : "conflict";
    }
    this.#orders.set(terms.orderId, {
      orderId: terms.orderId,
      shop: terms.shop,
      status: "pending",
      expected: { amount: terms.amount, currency: terms.currency },
      lastStatus: null,
      version: null,
    });
    await this.flush();
    return "created";
  }

  /** @param {string} webhookId */
  hasWebhook(webhookId) {
    return this.#webhookIds.has(webhookId);
  }

  /** @param {string} key "payment:<paymentId>" or "payout:<payoutId>" */
  versionOf(key) {
    return this.#versions.get(key);
  }

  /**
   * Applies what a webhook decided and remembers its id; resolves once it is persisted. The change
   * itself is made at once (synchronously), so the next webhook already sees it.
   *
   * @param {string} webhookId
   * @param {StoreChange} change
   */
  async apply(webhookId, change) {
    this.#webhookIds.add(webhookId);
    while (this.#webhookIds.size > MAX_WEBHOOK_IDS) {
      const oldest = this.#webhookIds.values().next().value;
      if (oldest === undefined) break;
      this.#webhookIds.delete(oldest);
    }
    if (change.version) this.#versions.set(change.version.key, change.version.version);
    if (change.order) this.#orders.set(change.order.orderId, change.order);
    await this.flush();
  }

  /** Resolves once the current state is on disk (at once without a file). */
  flush() {
    const file = this.#file;
    if (file === undefined) return Promise.resolve();
    // Each write takes the state as it is when the write starts, so the last one holds everything.
    const write = this.#writing.then(() => writeAtomically(file, this.#serialize()));
    this.#writing = write.catch(() => {});
    return write;
  }

  #serialize() {
    const data = {
      format: FILE_FORMAT,
      orders: this.listOrders(),
      versions: Object.fromEntries(this.#versions),
      webhookIds: [...this.#webhookIds],
    };
    return `${JSON.stringify(data, null, 2)}\n`;
  }

  /**
   * @param {string} text
   * @param {string} file
   */
  #restore(text, file) {
    /** @type {unknown} */
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      throw new Error(`${file} is not valid JSON; move it away to start with an empty store`);
    }
    if (
      !isRecord(data) ||
      data.format !== FILE_FORMAT ||
      !Array.isArray(data.orders) ||
      !isRecord(data.versions) ||
      !Array.isArray(data.webhookIds)
    ) {
      throw new Error(`${file} is not a shop backend store file (format ${FILE_FORMAT})`);
    }
    for (const order of data.orders) {
      if (isRecord(order) && typeof order.orderId === "string")
        this.#orders.set(order.orderId, /** @type {Order} */ (order));
    }
    for (const [key, version] of Object.entries(data.versions)) {
      if (typeof version === "number") this.#versions.set(key, version);
    }
    for (const id of data.webhookIds) {
      if (typeof id === "string") this.#webhookIds.add(id);
    }
  }
}

/**
 * Writes `text` to `file` so that the file holds either the old or the new contents, never a mix.
 *
 * @param {string} file
 * @param {string} text
 */
export async function writeAtomically(file, text) {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    const handle = await open(temporary, "w", 0o600);
    try {
      await handle.writeFile(text, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (err) {
    await rm(temporary, { force: true });
    throw err;
  }
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
