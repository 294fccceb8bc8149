/**
 * Notification delivery policy (pure): the v3 envelope, the chaos options, the retry schedule;
 * deliveries.ts carries it out.
 * Retries: attempt n (n >= 1) failed -> next attempt after min(base x 2^(n-1), max) ms, until a
 * 2xx answer or maxAttempts attempts; then the delivery is marked failed.
 */
import { z } from "zod";
import type { Notification, Payment, Payout } from "../v3/types.js";

export const chaosSchema = z
  .object({
    /** Send every attempt twice. */
    duplicate: z.boolean(),
    /** Hold deliveries; a newer notification for the same payment/payout overtakes held older ones. */
    reorder: z.boolean(),
    /** Hold every new delivery this long before its first attempt (ms). */
    delayMs: z.number().int().min(0).max(3_600_000),
    /** The first attempt of every delivery fails (simulated, nothing sent) and goes to the retry schedule. */
    failFirst: z.boolean(),
    /**
     * Share of new deliveries dropped (0 to 1): never sent, never retried, logged as dropped. A
     * receiver learns of such a change only by asking. Optional (0) so that options stored before
     * it existed still read.
     */
    dropRate: z.number().min(0).max(1).optional(),
  })
  .strict();
export type Chaos = z.infer<typeof chaosSchema>;
export const NO_CHAOS: Chaos = { duplicate: false, reorder: false, delayMs: 0, failFirst: false, dropRate: 0 };

/** Whether a new delivery is dropped, for a draw `random` uniform in [0, 1). */
export const isDropped = (chaos: Chaos, random: number): boolean => random < (chaos.dropRate ?? 0);
/** With reorder on and no delay, deliveries are held this long so that newer ones can overtake. */
export const REORDER_HOLD_MS = 2000;

export type PaymentNotification = Extract<Notification, { notificationType: "v3/payment" }>;

export function paymentEnvelope(payment: Payment, now: number): PaymentNotification {
  return { timestamp: new Date(now).toISOString(), notificationType: "v3/payment", body: payment };
}

export function payoutEnvelope(payout: Payout, now: number): Notification {
  return { timestamp: new Date(now).toISOString(), notificationType: "v3/payouts", body: payout };
}

/** When the first attempt of a new delivery is due. */
export function firstAttemptAt(now: number, chaos: Chaos): number {
  return now + (chaos.reorder ? Math.max(chaos.delayMs, REORDER_HOLD_MS) : chaos.delayMs);
}

/** Delay before the attempt that follows failed attempt number `attempt` (1-based). */
export function retryDelayMs(attempt: number, retry: { retryBaseMs: number; retryMaxMs: number }): number {
  return Math.min(retry.retryBaseMs * 2 ** Math.max(0, attempt - 1), retry.retryMaxMs);
}

export const isAcknowledged = (status: number): boolean => status >= 200 && status < 300;
