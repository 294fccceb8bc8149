/**
 * The merchant side's pure rules: which event a payment change is (event-type.ts), when a failed
 * delivery is retried or given up (retry-policy.ts), the delivery state of an event over its
 * endpoints (delivery-state.ts) and what a webhook secret or backend token must look like
 * (secret-rules.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { overallDelivery } from "../../../../worker/checkout/events/delivery-state.js";
import { paymentEventType } from "../../../../worker/checkout/events/event-type.js";
import {
  afterFailure,
  DEFAULT_RETRY_SCHEDULE,
  JITTER,
  MAX_DELAY_SECONDS,
  MAX_RETRY_STEPS,
  maxAttempts,
  retrySchedule,
} from "../../../../worker/checkout/events/retry-policy.js";
import { EVENT_TYPES, type DeliveryState } from "../../../../worker/checkout/backend-wire.js";
import { secretProblem, webhookSecretBytes } from "../../../../worker/checkout/shops/secret-rules.js";
import { TEST_SECRETS } from "../support/test-env.js";

const side = (status: string, pendingPaidPriceAmount = "0") => ({ status, pendingPaidPriceAmount });
const KNOWN: Record<string, string> = {
  UNDERPAID: "payment.underpaid",
  UNCONFIRMED: "payment.unconfirmed",
  CONFIRMED: "payment.confirmed",
  EXPIRED: "payment.expired",
  INVALID: "payment.invalid",
};

describe("paymentEventType", () => {
  it.each([
    ["nothing stored", undefined, side("NEW"), "payment.created"],
    ["nothing stored, already confirmed", undefined, side("CONFIRMED"), "payment.created"],
    ["NEW to UNDERPAID", side("NEW"), side("UNDERPAID"), "payment.underpaid"],
    ["NEW to UNCONFIRMED", side("NEW"), side("UNCONFIRMED", "25.00"), "payment.unconfirmed"],
    ["UNCONFIRMED to CONFIRMED", side("UNCONFIRMED"), side("CONFIRMED"), "payment.confirmed"],
    ["NEW to EXPIRED", side("NEW"), side("EXPIRED"), "payment.expired"],
    ["NEW to INVALID", side("NEW"), side("INVALID"), "payment.invalid"],
    ["a pending amount appears", side("NEW"), side("NEW", "10.00"), "payment.pending"],
    ["the pending amount grows", side("UNDERPAID", "10.00"), side("UNDERPAID", "12.5"), "payment.pending"],
    ["the same pending amount written differently", side("NEW", "10.00"), side("NEW", "10.0"), "payment.updated"],
    ["the pending amount back to zero", side("NEW", "10.00"), side("NEW", "0"), "payment.updated"],
    ["a malformed pending amount", side("NEW"), side("NEW", "ten"), "payment.updated"],
    ["an unknown status", side("NEW"), side("REFUNDED"), "payment.updated"],
    ["back to NEW", side("UNDERPAID"), side("NEW"), "payment.updated"],
    ["a status named like an Object member", side("NEW"), side("constructor"), "payment.updated"],
    ["a status named __proto__", side("NEW"), side("__proto__"), "payment.updated"],
    ["nothing but paid amounts", side("UNDERPAID", "5"), side("UNDERPAID", "5"), "payment.updated"],
    [
      "a status change with a pending amount: the status wins",
      side("NEW", "0"),
      side("UNDERPAID", "3"),
      "payment.underpaid",
    ],
  ])("%s: %s", (_name, previous, next, type) => {
    expect(paymentEventType(previous, next)).toBe(type);
  });

  const statuses = fc.oneof(
    fc.constantFrom("NEW", ...Object.keys(KNOWN), "__proto__", "constructor", "toString"),
    fc.string({ maxLength: 12 }),
  );
  const amounts = fc.oneof(
    fc.constantFrom("0", "0.00", "1", "25.00", "-3", "1e3", "", "NaN"),
    fc.string({ maxLength: 10 }),
    fc.double().map(String),
  );
  const sides = fc.record({ status: statuses, pendingPaidPriceAmount: amounts });

  it("never throws, names a payment.* type, is payment.created exactly without a previous snapshot, and a known status change gives its type", () => {
    fc.assert(
      fc.property(fc.option(sides, { nil: undefined }), sides, (previous, next) => {
        const type = paymentEventType(previous, next);
        expect(EVENT_TYPES).toContain(type);
        expect(type).not.toBe("payout.updated");
        expect(type === "payment.created").toBe(previous === undefined);
        if (previous && previous.status !== next.status)
          expect(type).toBe(Object.hasOwn(KNOWN, next.status) ? KNOWN[next.status] : "payment.updated");
        if (previous && previous.status === next.status) expect(["payment.pending", "payment.updated"]).toContain(type);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("retry policy", () => {
  const totalSeconds = (random: number) =>
    DEFAULT_RETRY_SCHEDULE.reduce((sum, _step, i) => {
      const decision = afterFailure(i + 1, DEFAULT_RETRY_SCHEDULE, random);
      if (decision.action !== "retry") throw new Error(`attempt ${i + 1} is dead`);
      return sum + decision.delaySeconds;
    }, 0);

  it("spans at least 24 hours with the least jitter, about 31.7 hours without, in 12 attempts", () => {
    expect(totalSeconds(0)).toBeGreaterThanOrEqual(24 * 3600);
    expect(totalSeconds(0.5)).toBe(114_155);
    expect(maxAttempts(DEFAULT_RETRY_SCHEDULE)).toBe(12);
  });

  it("waits each step within +-20 %, at most 12 hours", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: DEFAULT_RETRY_SCHEDULE.length }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, random) => {
          const step = DEFAULT_RETRY_SCHEDULE[attempt - 1] ?? 0;
          const decision = afterFailure(attempt, DEFAULT_RETRY_SCHEDULE, random);
          if (decision.action !== "retry") throw new Error("dead inside the schedule");
          expect(decision.delaySeconds).toBeGreaterThanOrEqual(Math.floor(step * (1 - JITTER)));
          expect(decision.delaySeconds).toBeLessThanOrEqual(Math.ceil(step * (1 + JITTER)));
          expect(decision.delaySeconds).toBeLessThanOrEqual(MAX_DELAY_SECONDS);
          expect(Number.isInteger(decision.delaySeconds)).toBe(true);
        },
      ),
    );
  });

  it("is dead after the schedule's length, for any schedule", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 999_999 }), { minLength: 1, maxLength: MAX_RETRY_STEPS }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (steps, random) => {
          const schedule = retrySchedule(steps.join(","));
          expect(schedule).toEqual(steps.map((s) => Math.min(s, MAX_DELAY_SECONDS)));
          expect(afterFailure(schedule.length, schedule, random).action).toBe("retry");
          expect(afterFailure(schedule.length + 1, schedule, random)).toEqual({ action: "dead" });
          for (let n = 1; n <= schedule.length; n++) {
            const d = afterFailure(n, schedule, random);
            expect(d.action === "retry" && d.delaySeconds <= MAX_DELAY_SECONDS).toBe(true);
          }
        },
      ),
    );
  });

  it(`falls back to the default past ${MAX_RETRY_STEPS} steps (the Queue's max_retries would cut it short)`, () => {
    expect(retrySchedule(Array.from({ length: MAX_RETRY_STEPS }, () => "1").join(","))).toHaveLength(MAX_RETRY_STEPS);
    expect(retrySchedule(Array.from({ length: MAX_RETRY_STEPS + 1 }, () => "1").join(","))).toBe(
      DEFAULT_RETRY_SCHEDULE,
    );
  });

  it("clamps random outside [0, 1)", () => {
    expect(afterFailure(2, [100, 100], -5)).toEqual({ action: "retry", delaySeconds: 80 });
    expect(afterFailure(2, [100, 100], 7)).toEqual({ action: "retry", delaySeconds: 120 });
  });

  it.each<[unknown, readonly number[]]>([
    ["1,2,3", [1, 2, 3]],
    [" 5 , 30,120 ", [5, 30, 120]],
    ["0,0,0", [0, 0, 0]],
    ["999999", [MAX_DELAY_SECONDS]],
    ["", DEFAULT_RETRY_SCHEDULE],
    ["abc", DEFAULT_RETRY_SCHEDULE],
    ["1,,2", DEFAULT_RETRY_SCHEDULE],
    ["-1,2", DEFAULT_RETRY_SCHEDULE],
    ["1.5", DEFAULT_RETRY_SCHEDULE],
    ["1234567", DEFAULT_RETRY_SCHEDULE],
    [Array.from({ length: 51 }, () => "1").join(","), DEFAULT_RETRY_SCHEDULE],
    [undefined, DEFAULT_RETRY_SCHEDULE],
    [30, DEFAULT_RETRY_SCHEDULE],
  ])("retrySchedule(%j)", (value, schedule) => {
    expect(retrySchedule(value)).toEqual(schedule);
  });
});

describe("overallDelivery", () => {
  it.each<[DeliveryState[], string]>([
    [[], "none"],
    [["delivered"], "delivered"],
    [["delivered", "delivered"], "delivered"],
    [["pending"], "pending"],
    [["delivered", "pending"], "pending"],
    [["delivered", "retrying"], "retrying"],
    [["pending", "retrying"], "retrying"],
    [["delivered", "dead"], "dead"],
    [["retrying", "dead", "pending"], "dead"],
  ])("%j is %s", (states, expected) => {
    expect(overallDelivery(states.map((state) => ({ state })))).toBe(expected);
  });

  it("is dead when any endpoint is, delivered only when all are, whatever the order", () => {
    const state = fc.constantFrom<DeliveryState>("pending", "retrying", "delivered", "dead");
    fc.assert(
      fc.property(fc.array(state, { minLength: 1, maxLength: 8 }), (states) => {
        const overall = overallDelivery(states.map((s) => ({ state: s })));
        expect(overall === "dead").toBe(states.includes("dead"));
        expect(overall === "delivered").toBe(states.every((s) => s === "delivered"));
        expect(overallDelivery([...states].reverse().map((s) => ({ state: s })))).toBe(overall);
      }),
    );
  });
});

describe("secretProblem", () => {
  const whsec = (bytes: number) => `whsec_${btoa(String.fromCharCode(...new Uint8Array(bytes).fill(7)))}`;

  it.each([
    ["the test secret", TEST_SECRETS.DEMO_WEBHOOK_SECRET, undefined],
    ["24 bytes", whsec(24), undefined],
    ["64 bytes", whsec(64), undefined],
    ["23 bytes", whsec(23), "must decode to 24-64 bytes, not 23"],
    ["65 bytes", whsec(65), "must decode to 24-64 bytes, not 65"],
    ["no prefix", whsec(32).slice("whsec_".length), "is not of the form whsec_<base64>"],
    ["an upper-case prefix", `WHSEC_${whsec(32).slice(6)}`, "is not of the form whsec_<base64>"],
    ["the prefix alone", "whsec_", "is not of the form whsec_<base64>"],
    ["base64url characters", `whsec_${"-_".repeat(22)}`, "is not of the form whsec_<base64>"],
    ["missing padding", whsec(32).replace(/=+$/, ""), "is not of the form whsec_<base64>"],
    ["a space inside", `whsec_${"A".repeat(20)} ${"A".repeat(23)}`, "is not of the form whsec_<base64>"],
  ])("webhookSecret, %s", (_name, value, problem) => {
    expect(secretProblem("webhookSecret", value)).toBe(problem);
  });

  it("accepts every whsec_ of 24-64 random bytes, and decodes it back to them", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 24, maxLength: 64 }), (bytes) => {
        const value = `whsec_${btoa(String.fromCharCode(...bytes))}`;
        expect(secretProblem("webhookSecret", value)).toBeUndefined();
        expect(webhookSecretBytes(value)).toEqual(bytes);
      }),
    );
  });

  it.each([
    ["the test token", TEST_SECRETS.DEMO_BACKEND_TOKEN, undefined],
    ["32 characters", "a".repeat(32), undefined],
    ["every b64token character", "AZaz09-._~+/".repeat(3) + "==", undefined],
    ["31 characters", "a".repeat(31), "is shorter than 32 characters"],
    [
      "a space",
      `${"a".repeat(20)} ${"a".repeat(20)}`,
      "holds characters a Bearer token cannot carry (use A-Z a-z 0-9 - . _ ~ + /)",
    ],
    ["a quote", `${"a".repeat(40)}"`, "holds characters a Bearer token cannot carry (use A-Z a-z 0-9 - . _ ~ + /)"],
    [
      "padding in the middle",
      `${"a".repeat(20)}=${"a".repeat(20)}`,
      "holds characters a Bearer token cannot carry (use A-Z a-z 0-9 - . _ ~ + /)",
    ],
  ])("backendToken, %s", (_name, value, problem) => {
    expect(secretProblem("backendToken", value)).toBe(problem);
  });

  it("has no rule for the API key secret (its form is the payment service's)", () => {
    expect(secretProblem("apiKeySecret", "x")).toBeUndefined();
  });

  it.each(["notificationHmacKey", "orderSigningKey"] as const)("wants a %s of 32 bytes or more (UTF-8)", (kind) => {
    expect(secretProblem(kind, "k".repeat(31))).toBe("is shorter than 32 bytes (31)");
    expect(secretProblem(kind, "k".repeat(32))).toBeUndefined();
    expect(secretProblem(kind, "ü".repeat(16))).toBeUndefined();
  });
});
