// @ts-check
/**
 * The received log: every webhook delivery this backend answered, newest last, for the demo page
 * (GET /received?after=<seq>). In memory only; the last MAX_RECEIVED entries are kept.
 */

/** How many entries are kept. */
export const MAX_RECEIVED = 200;

/**
 * @typedef {"paid" | "recorded" | "duplicate" | "stale" | "refused" | "failed-on-purpose"} Outcome
 *
 * @typedef {object} ReceivedEntry
 * @property {number} seq increases by one per entry, from 1
 * @property {string} at when it was answered (ISO 8601)
 * @property {string | null} webhookId the webhook-id header (null when missing)
 * @property {string | null} type the event type (when verified; else what the body claims, or null)
 * @property {string | null} shop likewise
 * @property {string} [orderId] likewise, when there is one
 * @property {boolean} verified whether the signature was checked and valid
 * @property {Outcome} outcome
 * @property {string} message a line for people
 */

export class ReceivedLog {
  /** @type {ReceivedEntry[]} */
  #entries = [];
  #lastSeq = 0;

  /**
   * Adds an entry (its seq and time are set here) and returns it.
   *
   * @param {Omit<ReceivedEntry, "seq" | "at">} entry
   * @param {Date} [now]
   */
  add(entry, now = new Date()) {
    this.#lastSeq += 1;
    const added = { seq: this.#lastSeq, at: now.toISOString(), ...entry };
    this.#entries.push(added);
    if (this.#entries.length > MAX_RECEIVED) this.#entries.splice(0, this.#entries.length - MAX_RECEIVED);
    return added;
  }

  /**
   * The kept entries with a seq above `after`, oldest first, and the seq to ask after next time.
   *
   * @param {number} after
   */
  since(after) {
    return { entries: this.#entries.filter((entry) => entry.seq > after), next: this.#lastSeq };
  }
}
