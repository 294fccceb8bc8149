/**
 * Property tests (fast-check) of the snapshot rules, used by snapshot-properties*.test.ts: 2,000
 * generated sequences against the decision (`decideSnapshot`, as the object stores what it
 * decides), and OBJECT_FILES x OBJECT_RUNS = 1,000 sequences against the PaymentObject in workerd, of authentic notifications (duplicates, reorderings, stale finals, equal timestamps, unknown
 * statuses), unauthenticated hints and polls (the alarm's GET to the upstream stub, failed or
 * not), each on a fresh payment watched by 2 or 3 WebSocket viewers. After every step the
 * object's view must be the newest snapshot by an independent model of the rules in
 * worker/checkout/upstream/snapshot.ts; at the end every viewer must have received each version once, in
 * order, and its last view must equal the object's current view.
 *
 * The model ("newest"): every snapshot that arrives is a candidate unless the newest candidate so
 * far is final and the arrival has another status (a final status never changes). The newest is
 * the candidate with the greatest (source time, final status) key; among equal keys, the one that
 * arrived first. The version counts the changes of the newest's content (starting at 1 with the
 * creation response).
 *
 * Source times: the creation is `CREATED_AGO_MS` before the run; "early" notifications are dated
 * before any poll of the sequence, "late" ones after every poll; a poll is dated when the alarm
 * sends the upstream GET (recorded by a wrapper of the stub's fetch).
 */
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { paymentObject, type PaymentObject } from "../../../../worker/checkout/payments/payment-object.js";
import type { Payment } from "../../../../worker/v3/types.js";
import type { PaymentView } from "../../../../worker/checkout/wire.js";
import { CLIENT_SECRET, newPayment, StreamClient, withStatus } from "../support/payments.js";
import { decideSnapshot, type StoredMeta } from "../../../../worker/checkout/upstream/snapshot.js";
import { UPSTREAM_BASE_URL } from "./test-env.js";
import { installUpstreamStub, type UpstreamStub } from "./upstream-stub.js";

const testEnv = env as unknown as Env;
const SHOP = "demo-open";
/** Sequences against the decision alone (fast: no object). */
export const RULE_RUNS = 2000;
/**
 * Sequences against real PaymentObjects per test file, each a fresh object with its viewers. In
 * the test pool every new object of a file costs more than the one before (about 28 ms at first,
 * growing with the run), so the 1,000 sequences of a run are spread over OBJECT_FILES files, each
 * with a fresh runtime.
 */
export const OBJECT_RUNS = 250;
export const OBJECT_FILES = 4;
const CREATED_AGO_MS = 60_000;
/** Seconds after the creation: before any poll (the run starts CREATED_AGO_MS after the creation). */
const EARLY_OFFSETS = [-5, 0, 0, 10, 20, 20, 30];
/** Seconds after the creation: later than any poll of a run (which lasts far less than 10 minutes). */
const LATE_OFFSETS = [700, 710, 710, 720];
const FINAL = new Set(["CONFIRMED", "EXPIRED", "INVALID"]);
const STATUSES = [
  "NEW",
  "UNDERPAID",
  "UNCONFIRMED",
  "CONFIRMED",
  "EXPIRED",
  "INVALID",
  "REFUNDING",
  "ON_HOLD",
] as const;

type Step =
  | { kind: "notify"; status: string; variant: number; late: boolean; offset: number }
  /** The same notification as an earlier one of the sequence (index modulo their number). */
  | { kind: "repeat"; index: number }
  /** An unauthenticated notification (a hint) while the upstream holds this content; the re-fetch it asks for runs at once. */
  | { kind: "hint"; status: string; variant: number }
  | { kind: "poll"; status: string; variant: number }
  | { kind: "pollFails" };

const status = fc.constantFrom(...STATUSES);
const variant = fc.integer({ min: 0, max: 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("notify" as const),
      status,
      variant,
      late: fc.boolean(),
      offset: fc.nat(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("repeat" as const), index: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("hint" as const), status, variant }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("poll" as const), status, variant }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("pollFails" as const) }) },
);
const sequence = fc.record({
  viewers: fc.integer({ min: 2, max: 3 }),
  steps: fc.array(step, { minLength: 3, maxLength: 8 }),
});

// ---- the model

interface Candidate {
  /** Identifies the content: status and variant. */
  content: string;
  status: string;
  time: number;
}

/** The newest candidate: greatest (time, final); the first to arrive among equals. */
function newestOf(candidates: readonly Candidate[]): Candidate {
  let best = candidates[0];
  if (!best) throw new Error("no candidate");
  for (const c of candidates.slice(1)) {
    const later = c.time > best.time || (c.time === best.time && FINAL.has(c.status) && !FINAL.has(best.status));
    if (later) best = c;
  }
  return best;
}

class Model {
  readonly candidates: Candidate[];
  version = 1;

  constructor(creation: Candidate) {
    this.candidates = [creation];
  }

  get newest(): Candidate {
    return newestOf(this.candidates);
  }

  /** Offers a snapshot; true when the newest content changed (a new version). */
  offer(c: Candidate): boolean {
    const before = this.newest;
    if (FINAL.has(before.status) && c.status !== before.status) return false;
    this.candidates.push(c);
    const changed = this.newest.content !== before.content;
    if (changed) this.version += 1;
    return changed;
  }
}

// ---- helpers

function snapshot(base: Payment, statusName: string, v: number): Payment {
  return { ...withStatus(base, statusName), walletMessage: `variant ${v}` };
}

const contentOf = (statusName: string, v: number) => `${statusName}#${v}`;

async function openViewer(object: ReturnType<typeof paymentObject>, paymentId: string): Promise<StreamClient> {
  const response = await object.stream(
    new Request(`https://checkout.test/api/shops/${SHOP}/payments/${paymentId}/stream`, {
      headers: { Upgrade: "websocket" },
    }),
    CLIENT_SECRET,
  );
  if (response.status !== 101 || !response.webSocket)
    throw new Error(`stream refused: ${response.status} ${await response.text()}`);
  return new StreamClient(response.webSocket);
}

/** Every view a viewer was sent up to now ("pong" comes after them: the stream keeps order). */
async function drain(client: StreamClient): Promise<PaymentView[]> {
  client.ws.send("ping");
  const views: PaymentView[] = [];
  for (let text = await client.nextText(); text !== "pong"; text = await client.nextText())
    views.push((JSON.parse(text) as { payment: PaymentView }).payment);
  return views;
}

const withoutClock = ({ serverTime: _serverTime, ...rest }: PaymentView) => rest;

/** The rules: RULE_RUNS generated sequences against `decideSnapshot`. */
export function describeRuleSequences(): void {
  describe("decideSnapshot: generated sequences of notifications and polls", () => {
    it(`stores the newest snapshot, never leaves a final status and counts versions as the model does (${RULE_RUNS} sequences)`, () => {
      let runs = 0;
      fc.assert(
        fc.property(sequence, ({ steps }) => {
          runs += 1;
          const createdAt = 1_000_000_000_000;
          const model = new Model({ content: contentOf("NEW", 0), status: "NEW", time: createdAt });
          let stored: StoredMeta = {
            version: 1,
            status: "NEW",
            sourceTime: createdAt,
            fingerprint: contentOf("NEW", 0),
          };
          /** Polls are dated after every early notification and before every late one, increasing. */
          let pollTime = createdAt + 60_000;
          const notified: Extract<Step, { kind: "notify" }>[] = [];
          for (const original of steps) {
            let s: Step = original;
            if (s.kind === "repeat") {
              const earlier = notified[s.index % Math.max(1, notified.length)];
              if (!earlier) continue;
              s = earlier;
            }
            if (s.kind === "pollFails") continue;
            let time: number;
            if (s.kind === "notify") {
              notified.push(s);
              const offsets = s.late ? LATE_OFFSETS : EARLY_OFFSETS;
              time = createdAt + (offsets[s.offset % offsets.length] ?? 0) * 1_000;
            } else {
              pollTime += 1_000;
              time = pollTime;
            }
            const incoming = { status: s.status, sourceTime: time, fingerprint: contentOf(s.status, s.variant) };
            const decision = decideSnapshot(stored, incoming);
            const wasFinal = FINAL.has(stored.status);
            const changed = model.offer({ content: incoming.fingerprint, status: s.status, time });
            expect(decision.action === "apply").toBe(changed);
            if (decision.action === "apply") {
              expect(decision.version).toBe(stored.version + 1);
              stored = {
                version: decision.version,
                status: s.status,
                sourceTime: decision.sourceTime,
                fingerprint: incoming.fingerprint,
              };
            } else if (decision.action === "duplicate") {
              stored = { ...stored, sourceTime: decision.sourceTime };
            }
            if (wasFinal) expect(stored.status).toBe(model.newest.status);
            expect(stored.fingerprint).toBe(model.newest.content);
            expect(stored.version).toBe(model.version);
          }
        }),
        { numRuns: RULE_RUNS },
      );
      expect(runs).toBe(RULE_RUNS);
    });
  });
}

/** Part `part` of the object sequences: OBJECT_RUNS of them against fresh PaymentObjects with viewers. */
export function describeObjectSequences(part: number): void {
  let upstream: UpstreamStub;
  let stubFetch: typeof fetch;
  /** When the alarm sent each upstream GET of a payment (ms), by payment id. */
  const getTimes = new Map<string, number[]>();

  /** The Worker's JSON log lines: counted, not printed (printing thousands costs more than the sequences). */
  let logLines = 0;
  const originalLog = console.log;

  /** Webhook events the objects handed to the Queue (kept here: the webhook pipeline has its own tests, and its work grows with every event of the run). */
  let queued = 0;

  beforeAll(() => {
    console.log = () => void (logLines += 1);
    const queue = testEnv.WEBHOOK_EVENTS as unknown as {
      send: (m: unknown) => Promise<void>;
      sendBatch: (m: unknown[]) => Promise<void>;
    };
    queue.send = async () => void (queued += 1);
    queue.sendBatch = async (messages) => void (queued += messages.length);
    upstream = installUpstreamStub();
    stubFetch = globalThis.fetch;
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const match = /^\/v3\/payments\/([^/]+)$/.exec(url.pathname);
      if (
        url.origin === new URL(UPSTREAM_BASE_URL).origin &&
        match?.[1] &&
        (init?.method ?? (input instanceof Request ? input.method : "GET")) === "GET"
      ) {
        const id = decodeURIComponent(match[1]);
        getTimes.set(id, [...(getTimes.get(id) ?? []), Date.now()]);
      }
      return stubFetch(input, init);
    };
  });
  afterAll(() => {
    console.log = originalLog;
    globalThis.fetch = stubFetch;
    upstream.restore();
  });

  describe("PaymentObject: generated sequences of notifications and polls", () => {
    it(
      `keeps the newest snapshot, never leaves a final status, only raises versions, and every viewer ends on the object's version (part ${part} of ${OBJECT_FILES}: ${OBJECT_RUNS} sequences)`,
      { timeout: 600_000 },
      async () => {
        let runs = 0;
        const outcomes = new Map<string, number>();
        const started = Date.now();
        await fc.assert(
          fc.asyncProperty(sequence, async ({ viewers, steps }) => {
            runs += 1;
            const createdAt = Date.now() - CREATED_AGO_MS;
            const payment = newPayment();
            const id = payment.paymentId;
            const object = paymentObject(testEnv, SHOP, id);
            const clients: StreamClient[] = [];
            try {
              upstream.payments.set(id, payment);
              const first = await object.init(snapshot(payment, "NEW", 0), createdAt, undefined, CLIENT_SECRET);
              expect(first).toMatchObject({ status: "NEW", version: 1 });
              const model = new Model({ content: contentOf("NEW", 0), status: "NEW", time: createdAt });
              for (let i = 0; i < viewers; i += 1) clients.push(await openViewer(object, id));

              const notified: Extract<Step, { kind: "notify" }>[] = [];
              let expectedGets = 0;
              for (const [n, original] of steps.entries()) {
                let s: Step = original;
                if (s.kind === "repeat") {
                  const earlier = notified[s.index % Math.max(1, notified.length)];
                  if (!earlier) continue;
                  s = earlier;
                }
                const where = `step ${n} ${JSON.stringify(s)}`;
                if (s.kind === "notify") {
                  notified.push(s);
                  const offsets = s.late ? LATE_OFFSETS : EARLY_OFFSETS;
                  const time = createdAt + (offsets[s.offset % offsets.length] ?? 0) * 1_000;
                  const outcome = await object.applyNotification(
                    new Date(time).toISOString(),
                    snapshot(payment, s.status, s.variant),
                  );
                  outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
                  const changed = model.offer({ content: contentOf(s.status, s.variant), status: s.status, time });
                  expect(outcome === "apply", `${where}: outcome ${outcome}`).toBe(changed);
                } else {
                  const final = FINAL.has(model.newest.status);
                  if (s.kind === "pollFails") {
                    // An answer that is not JSON: one attempt (the client retries only timeouts, network errors, 5xx and 429).
                    upstream.fail("GET", `/v3/payments/${id}`, "garbage", 1);
                  } else upstream.payments.set(id, snapshot(payment, s.status, s.variant));
                  if (s.kind === "hint") {
                    // The hint and the alarm it schedules run in one event of the object: the alarm is
                    // removed before it is committed, so it cannot also fire by itself.
                    const outcome = await runInDurableObject(object.stub, async (instance: PaymentObject, state) => {
                      const answer = await instance.hint({ shopId: SHOP, paymentId: id });
                      await state.storage.deleteAlarm();
                      await instance.alarm();
                      return answer;
                    });
                    expect(outcome, where).toBe("refetch");
                  } else {
                    await runDurableObjectAlarm(object.stub);
                  }
                  if (!final) expectedGets += 1;
                  expect(upstream.count("GET", `/v3/payments/${id}`), `${where}: upstream GETs`).toBe(expectedGets);
                  if (s.kind === "pollFails") upstream.clearFailures();
                  else if (!final) {
                    const time = getTimes.get(id)?.at(-1);
                    if (time === undefined) throw new Error(`${where}: no GET time recorded`);
                    model.offer({ content: contentOf(s.status, s.variant), status: s.status, time });
                  }
                }
              }

              // Every viewer: each version once, in order, and the object's current view last.
              const current = await object.view();
              const expected = model.newest;
              expect(
                { status: current.status, variant: current.walletMessage, version: current.version },
                "the object's view",
              ).toEqual({
                status: expected.status,
                variant: `variant ${expected.content.split("#")[1]}`,
                version: model.version,
              });
              for (const [k, client] of clients.entries()) {
                const received = await drain(client);
                expect(
                  received.map((v) => v.version),
                  `viewer ${k} versions`,
                ).toEqual(Array.from({ length: current.version }, (_, i) => i + 1));
                const last = received.at(-1);
                if (!last) throw new Error(`viewer ${k} received nothing`);
                expect(withoutClock(last), `viewer ${k} last view`).toEqual(withoutClock(current));
                // A final status, once sent, is the only status sent after it.
                const firstFinal = received.findIndex((v) => FINAL.has(v.status));
                if (firstFinal >= 0)
                  expect(new Set(received.slice(firstFinal).map((v) => v.status)).size, `viewer ${k} after final`).toBe(
                    1,
                  );
              }
            } finally {
              for (const client of clients) client.close();
              await Promise.all(clients.map((client) => client.closed));
              upstream.clearFailures();
              upstream.payments.delete(id);
              getTimes.delete(id);
              await runInDurableObject(object.stub, (_i, state) => state.storage.deleteAlarm());
            }
          }),
          { numRuns: OBJECT_RUNS },
        );
        expect(runs).toBeGreaterThanOrEqual(OBJECT_RUNS);
        // The generator reached every outcome of an authentic notification.
        for (const outcome of ["apply", "duplicate", "older", "final"])
          expect(outcomes.get(outcome) ?? 0, outcome).toBeGreaterThan(OBJECT_RUNS / 20);
        // Every applied snapshot became a webhook event, handed to the Queue.
        expect(queued).toBeGreaterThanOrEqual(OBJECT_RUNS);
        console.info(
          `snapshot properties: ${runs} sequences in ${Date.now() - started} ms; outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`,
        );
      },
    );
  });
}
