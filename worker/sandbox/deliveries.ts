/**
 * Notification delivery: the queue in the Ledger's tables, the chaos options, and the attempts
 * themselves (signed POSTs with a timeout, logged with the receiver's answer, retried on the
 * schedule of delivery-policy.ts). The Ledger's alarm calls deliverDue.
 */
import { signBody } from "../v3/notification.js";
import { accountById } from "./config.js";
import type { SandboxConfig } from "./config.js";
import { chaosSchema, firstAttemptAt, isAcknowledged, isDropped, NO_CHAOS, retryDelayMs } from "./delivery-policy.js";
import type { Chaos } from "./delivery-policy.js";
import type { DeliveryRow, Store } from "./store.js";

/** The error logged for a delivery that chaos dropped. */
export const DROPPED_ERROR = "dropped (chaos dropRate): never sent";

/** A receiver gets this long to answer one delivery attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export class Deliveries {
  constructor(
    private readonly store: Store,
    private readonly config: () => SandboxConfig,
  ) {}

  chaos(): Chaos {
    const stored = this.store.getSetting("chaos");
    return stored ? { ...NO_CHAOS, ...chaosSchema.parse(JSON.parse(stored)) } : NO_CHAOS;
  }

  setChaos(chaos: Chaos): Chaos {
    const parsed = chaosSchema.parse(chaos);
    this.store.putSetting("chaos", JSON.stringify(parsed));
    return parsed;
  }

  /** Attempts every pending delivery due at or before `until`, in due order; returns how many. */
  async deliverDue(until: number): Promise<number> {
    const rows = this.store.claimDueDeliveries(until);
    for (const row of rows) await this.attempt(row);
    return rows.length;
  }

  enqueue(
    account: string,
    ref: string,
    subjectStatus: string,
    url: string,
    body: string,
    type: "v3/payment" | "v3/payouts",
    now: number,
  ): void {
    const chaos = this.chaos();
    const nextMs = firstAttemptAt(now, chaos);
    const dropped = isDropped(chaos, Math.random());
    if (chaos.reorder && !dropped) this.store.postponeHeld(ref, nextMs);
    const delivery = {
      account,
      ref,
      notification_type: type,
      subject_status: subjectStatus,
      url,
      body,
      next_ms: nextMs,
      fail_first: chaos.failFirst ? 1 : 0,
      copies: chaos.duplicate ? 2 : 1,
    };
    const id = this.store.addDelivery(delivery);
    if (!dropped) return;
    // Lost on the way: logged once, finished, never attempted.
    const row: DeliveryRow = { ...delivery, id, attempts: 0, state: "failed" };
    this.store.logAttempt(row, 1, null, DROPPED_ERROR, now);
    this.store.finishAttempt(id, 1, "failed", nextMs);
  }

  private async attempt(row: DeliveryRow): Promise<void> {
    const n = row.attempts + 1;
    let acknowledged = false;
    const account = accountById(this.config(), row.account);
    if (!account) {
      // The account left the configuration: nothing can sign this delivery any more.
      this.store.logAttempt(row, n, null, "account no longer configured", Date.now());
      this.store.finishAttempt(row.id, n, "failed", row.next_ms);
      return;
    }
    if (row.fail_first && n === 1) {
      this.store.logAttempt(row, n, null, "simulated failure (chaos failFirst)", Date.now());
    } else {
      const signature = await signBody(row.body, {
        key: account.hmacKey,
        header: account.signatureHeader,
        encoding: account.signatureEncoding,
      });
      for (let copy = 0; copy < row.copies; copy++) {
        try {
          const response = await fetch(row.url, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              [account.signatureHeader]: signature,
              "user-agent": "crypto-checkout-sandbox",
            },
            body: row.body,
            redirect: "manual",
            signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
          });
          await response.body?.cancel();
          acknowledged ||= isAcknowledged(response.status);
          this.store.logAttempt(row, n, response.status, undefined, Date.now());
        } catch (err) {
          this.store.logAttempt(
            row,
            n,
            null,
            err instanceof Error ? `${err.name}: ${err.message}` : "network error",
            Date.now(),
          );
        }
      }
    }
    const { maxAttempts } = this.config().notify;
    if (acknowledged) this.store.finishAttempt(row.id, n, "delivered", row.next_ms);
    else if (n >= maxAttempts) this.store.finishAttempt(row.id, n, "failed", row.next_ms);
    else this.store.finishAttempt(row.id, n, "pending", Date.now() + retryDelayMs(n, this.config().notify));
  }
}
