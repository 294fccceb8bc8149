/**
 * An event's attempts come in pages (GET /api/shops/{shop}/events/{eventId}?attemptsAfter=&attemptsLimit=):
 * an event redelivered for months cannot make one answer grow without end.
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { EventDetail } from "../../../../worker/checkout/backend-wire.js";
import { paymentEvent } from "../../../../worker/checkout/events/build.js";
import { DEFAULT_ATTEMPTS_LIMIT } from "../../../../worker/checkout/events/event-log.js";
import { shopEvents } from "../../../../worker/checkout/events/shop-events-object.js";
import { toView } from "../../../../worker/checkout/payments/view.js";
import { errorOf } from "../support/http.js";
import { backend, backendJson, testEnv } from "../support/merchant.js";
import { newPayment } from "../support/payments.js";

const SHOP = "demo-open";
const URL_A = "https://receiver.example/paging";
const log = shopEvents(testEnv, SHOP);
afterEach(async () => {
  await runInDurableObject(log.stub, (_i, state) => state.storage.deleteAlarm());
});

/** An event of the demo shop's log with `count` failed attempts at one endpoint. */
async function eventWithAttempts(count: number): Promise<string> {
  const event = paymentEvent({
    shop: SHOP,
    orderId: "paging",
    previous: undefined,
    view: toView(newPayment(), 1, new Date()),
  });
  await log.record(event, [URL_A]);
  const at = Date.now();
  const results = Array.from({ length: count }, (_, i) => ({
    url: URL_A,
    ok: false,
    at: at + i,
    status: 500 + (i % 4),
    durationMs: i,
    error: `HTTP ${500 + (i % 4)}`,
  }));
  await log.finish(event.id, results, { retryAt: at + 3_600_000 });
  return event.id;
}

const path = (eventId: string, query = "") => `/api/shops/${SHOP}/events/${eventId}${query}`;

describe("an event's attempts", () => {
  it("come oldest first in pages of attemptsLimit, each with the cursor of the next, until null", async () => {
    const eventId = await eventWithAttempts(5);
    const pages: EventDetail[] = [];
    let cursor = "";
    do {
      const page = await backendJson<EventDetail>(
        path(eventId, `?attemptsLimit=2${cursor ? `&attemptsAfter=${cursor}` : ""}`),
      );
      pages.push(page);
      cursor = page.attemptsNext ?? "";
    } while (cursor);
    expect(pages.map((p) => p.attempts.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((p) => p.attempts.map((a) => a.durationMs))).toEqual([0, 1, 2, 3, 4]);
    expect(pages.at(-1)?.attemptsNext).toBeNull();
  });

  it(`answer at most ${DEFAULT_ATTEMPTS_LIMIT} unless asked`, async () => {
    const eventId = await eventWithAttempts(DEFAULT_ATTEMPTS_LIMIT + 1);
    const first = await backendJson<EventDetail>(path(eventId));
    expect(first.attempts).toHaveLength(DEFAULT_ATTEMPTS_LIMIT);
    const rest = await backendJson<EventDetail>(path(eventId, `?attemptsAfter=${first.attemptsNext ?? ""}`));
    expect(rest.attempts.map((a) => a.durationMs)).toEqual([DEFAULT_ATTEMPTS_LIMIT]);
    expect(rest.attemptsNext).toBeNull();
  });

  it.each([
    ["?attemptsLimit=0", "attemptsLimit"],
    ["?attemptsLimit=501", "attemptsLimit"],
    ["?attemptsAfter=x", "attemptsAfter"],
    ["?attempts=2", "attempts"],
  ])("refuse %s with 400 naming the parameter", async (query, field) => {
    const eventId = await eventWithAttempts(1);
    const response = await backend(path(eventId, query));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toContain(field);
  });
});
