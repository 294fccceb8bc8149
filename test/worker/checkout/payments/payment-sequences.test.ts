/**
 * A table of notification sequences against the PaymentObject: each row plays authentic
 * notifications (envelope timestamp in seconds after the payment was created) and polls (the
 * upstream's answer to the alarm's GET, taken at the real clock, about 60 s after creation) in
 * the order given, with one widget watching, and states the view that must remain, its version,
 * and that the widget was sent exactly one message per applied change.
 */
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { paymentObject, type NotificationOutcome } from "../../../../worker/checkout/payments/payment-object.js";
import { CLIENT_SECRET, connectStream, newPayment, withStatus, type StreamClient } from "../support/payments.js";
import { installUpstreamStub, type UpstreamStub } from "../support/upstream-stub.js";

const testEnv = env as unknown as Env;
const SHOP = "demo-open";
/** The payment is created this long before the test runs, so notifications can be "late". */
const CREATED_AGO_MS = 60_000;

type Step =
  /** An authentic notification generated `at` seconds after creation, carrying `status`. */
  | { notify: string; at: number; expect: NotificationOutcome }
  /** The alarm fires while the upstream answers `status`; `fetched` says whether it asked. */
  | { poll: string; fetched: boolean };

interface Row {
  name: string;
  steps: Step[];
  status: string;
  version: number;
}

const n = (notify: string, at: number, outcome: NotificationOutcome): Step => ({ notify, at, expect: outcome });
const poll = (status: string, fetched = true): Step => ({ poll: status, fetched });

const TABLE: Row[] = [
  {
    name: "in order",
    steps: [n("UNDERPAID", 10, "apply"), n("UNCONFIRMED", 20, "apply"), n("CONFIRMED", 30, "apply")],
    status: "CONFIRMED",
    version: 4,
  },
  {
    name: "every notification delivered twice",
    steps: [
      n("UNDERPAID", 10, "apply"),
      n("UNDERPAID", 10, "duplicate"),
      n("CONFIRMED", 20, "apply"),
      n("CONFIRMED", 20, "duplicate"),
    ],
    status: "CONFIRMED",
    version: 3,
  },
  {
    name: "reversed",
    steps: [n("CONFIRMED", 30, "apply"), n("UNCONFIRMED", 20, "final"), n("UNDERPAID", 10, "final")],
    status: "CONFIRMED",
    version: 2,
  },
  {
    name: "reversed, not final",
    steps: [n("UNCONFIRMED", 20, "apply"), n("UNDERPAID", 10, "older")],
    status: "UNCONFIRMED",
    version: 2,
  },
  { name: "older than the creation", steps: [n("UNDERPAID", -5, "older")], status: "NEW", version: 1 },
  {
    name: "duplicates and reordering mixed",
    steps: [
      n("UNCONFIRMED", 20, "apply"),
      n("UNDERPAID", 10, "older"),
      n("UNCONFIRMED", 20, "duplicate"),
      n("CONFIRMED", 30, "apply"),
      n("UNDERPAID", 10, "final"),
    ],
    status: "CONFIRMED",
    version: 3,
  },
  {
    name: "final followed by stale",
    steps: [n("EXPIRED", 20, "apply"), n("UNDERPAID", 10, "final"), n("NEW", 5, "final")],
    status: "EXPIRED",
    version: 2,
  },
  {
    name: "final followed by a newer non-final snapshot",
    steps: [n("EXPIRED", 20, "apply"), n("UNDERPAID", 30, "final")],
    status: "EXPIRED",
    version: 2,
  },
  {
    name: "final followed by another final status",
    steps: [n("CONFIRMED", 20, "apply"), n("INVALID", 30, "final")],
    status: "CONFIRMED",
    version: 2,
  },
  {
    name: "poll, then a notification generated before it",
    steps: [poll("UNCONFIRMED"), n("UNDERPAID", 10, "older")],
    status: "UNCONFIRMED",
    version: 2,
  },
  {
    name: "notification, then a poll with the newer state",
    steps: [n("UNDERPAID", 10, "apply"), poll("UNCONFIRMED")],
    status: "UNCONFIRMED",
    version: 3,
  },
  {
    name: "poll, then a notification generated after it",
    steps: [poll("UNDERPAID"), n("UNCONFIRMED", 75, "apply")],
    status: "UNCONFIRMED",
    version: 3,
  },
  {
    name: "a poll with unchanged content moves the clock forward",
    steps: [n("UNDERPAID", 10, "apply"), poll("UNDERPAID"), n("UNCONFIRMED", 20, "older")],
    status: "UNDERPAID",
    version: 2,
  },
  {
    name: "no poll after a final notification",
    steps: [n("CONFIRMED", 10, "apply"), poll("UNCONFIRMED", false)],
    status: "CONFIRMED",
    version: 2,
  },
  {
    name: "poll reaches the final status, then stale and duplicate notifications",
    steps: [
      n("UNCONFIRMED", 10, "apply"),
      poll("CONFIRMED"),
      n("UNCONFIRMED", 10, "final"),
      n("CONFIRMED", 30, "duplicate"),
      poll("CONFIRMED", false),
    ],
    status: "CONFIRMED",
    version: 3,
  },
  {
    name: "expired by poll, a late payment notification does not revive it",
    steps: [poll("EXPIRED"), n("UNDERPAID", 80, "final")],
    status: "EXPIRED",
    version: 2,
  },
];

let upstream: UpstreamStub;
let client: StreamClient | undefined;
let stub: DurableObjectStub | undefined;

beforeEach(() => {
  upstream = installUpstreamStub();
});
afterEach(async () => {
  client?.close();
  upstream.restore();
  if (stub) await runInDurableObject(stub, (_i, state) => state.storage.deleteAlarm());
  client = undefined;
  stub = undefined;
});

describe("notification sequences against the PaymentObject", () => {
  it.each(TABLE)("$name -> $status v$version", async (row) => {
    const createdAt = Date.now() - CREATED_AGO_MS;
    const payment = newPayment();
    const object = paymentObject(testEnv, SHOP, payment.paymentId);
    stub = object.stub;
    upstream.payments.set(payment.paymentId, payment);
    await object.init(payment, createdAt, undefined, CLIENT_SECRET);
    client = await connectStream(SHOP, payment.paymentId, CLIENT_SECRET);
    const received = [await client.next()];

    let gets = 0;
    for (const step of row.steps) {
      if ("notify" in step) {
        const timestamp = new Date(createdAt + step.at * 1_000).toISOString();
        expect(
          await object.applyNotification(timestamp, withStatus(payment, step.notify)),
          `${step.notify}@${step.at}s`,
        ).toBe(step.expect);
      } else {
        upstream.payments.set(payment.paymentId, withStatus(payment, step.poll));
        await runDurableObjectAlarm(object.stub);
        if (step.fetched) gets += 1;
        expect(upstream.count("GET", `/v3/payments/${payment.paymentId}`), `poll ${step.poll}`).toBe(gets);
      }
    }

    const view = await object.view();
    expect({ status: view.status, version: view.version }).toEqual({ status: row.status, version: row.version });
    expect(view).toMatchObject({ ...withStatusView(row.status, payment) });

    // One message per version, in order, the last one equal to the final view.
    client.ws.send("ping");
    for (let text = await client.nextText(); text !== "pong"; text = await client.nextText())
      received.push((JSON.parse(text) as { payment: typeof view }).payment);
    expect(received.map((v) => v.version)).toEqual(Array.from({ length: row.version }, (_, i) => i + 1));
    expect(received.at(-1)?.status).toBe(row.status);
  });
});

/** The amounts of the view the table expects for a status. */
function withStatusView(status: string, payment: ReturnType<typeof newPayment>) {
  const expected = withStatus(payment, status);
  return {
    paidTransferAmount: expected.paidTransferAmount,
    acceptedPaidTransferAmount: expected.acceptedPaidTransferAmount,
    pendingPaidTransferAmount: expected.pendingPaidTransferAmount,
    transactions: expected.transactions,
  };
}
