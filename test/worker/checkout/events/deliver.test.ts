/**
 * One webhook POST against receivers that answer badly: an error body is read only as far as the
 * delivery log keeps it, the rest cancelled unread, whatever its size or speed. A production
 * shop's endpoint on an address its schema refuses is refused again here, before any request,
 * and its attempt keeps a fixed class of error instead of an answer.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { WebhookEvent } from "../../../../worker/checkout/backend-wire.js";
import { deliverEvent, MAX_ERROR_BYTES, readPrefix } from "../../../../worker/checkout/events/deliver.js";
import { TEST_SECRETS } from "../support/test-env.js";

const URL_OF_RECEIVER = "https://receiver.test/webhooks";
// Only its id and JSON matter to one POST.
const EVENT = { id: "evt_bounded", type: "payment.updated", data: {} } as unknown as WebhookEvent;
const original = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = original;
});

/** One attempt of EVENT to `url` for a shop of `environment`. */
const deliver = (url: string, environment: "production" | "sandbox" = "production") =>
  deliverEvent(EVENT, url, TEST_SECRETS.DEMO_WEBHOOK_SECRET, 5_000, undefined, environment);

/** A body that never ends: 64 KiB of `fill` per pull, counting what was pulled and whether it was cancelled. */
function endlessBody(fill: string) {
  const chunk = new TextEncoder().encode(fill.repeat(Math.ceil(65_536 / fill.length)).slice(0, 65_536));
  const seen = { pulledBytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.pulledBytes += chunk.length;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

describe("a receiver's error answer", () => {
  it("is read only to its first bytes and the rest cancelled, when the body never ends", async () => {
    const { stream, seen } = endlessBody("overloaded ");
    globalThis.fetch = async () => new Response(stream, { status: 500 });
    const attempt = await deliver(URL_OF_RECEIVER);
    expect(attempt).toMatchObject({ ok: false, status: 500 });
    expect(attempt.error).toMatch(/^HTTP 500: overloaded overloaded/);
    expect(attempt.error?.length).toBe("HTTP 500: ".length + 200); // the 200 characters the log keeps
    expect(seen.cancelled).toBe(true);
    // One chunk of the stream at most: the reader stopped as soon as it had its bytes.
    expect(seen.pulledBytes).toBeLessThanOrEqual(2 * 65_536);
  });

  it("is kept whole when short, and a 2xx body is cancelled unread", async () => {
    globalThis.fetch = async () => new Response("  down\n for maintenance ", { status: 503 });
    const refused = await deliver(URL_OF_RECEIVER);
    expect(refused.error).toBe("HTTP 503: down for maintenance");
    const { stream, seen } = endlessBody("ok");
    globalThis.fetch = async () => new Response(stream, { status: 200 });
    const delivered = await deliver(URL_OF_RECEIVER);
    expect(delivered).toMatchObject({ ok: true, status: 200, error: null });
    expect(seen.cancelled).toBe(true);
  });
});

describe("a production shop's endpoint on a refused address", () => {
  it.each([
    ["https://127.0.0.1/webhooks", "loopback"],
    ["https://[::ffff:a00:1]/webhooks", "private"],
    ["https://169.254.169.254/latest/meta-data", "metadata"],
    ["https://hooks.internal/webhooks", "local name"],
  ])("%s is never asked, and its attempt keeps the fixed class (%s), no answer", async (url, reason) => {
    let asked = 0;
    globalThis.fetch = async () => {
      asked += 1;
      return new Response("secret metadata of the host", { status: 403 });
    };
    const attempt = await deliver(url);
    expect(asked).toBe(0);
    expect(attempt).toMatchObject({ url, ok: false, status: null, durationMs: 0 });
    expect(attempt.error).toBe(
      `refused target: a ${reason} address, never sent (a production shop's webhooks go to public addresses)`,
    );
  });

  it("is sent for a sandbox shop (the demo's local backend)", async () => {
    globalThis.fetch = async () => new Response(null, { status: 204 });
    const attempt = await deliver("http://127.0.0.1:8789/webhooks", "sandbox");
    expect(attempt).toMatchObject({ ok: true, status: 204 });
  });
});

describe("readPrefix", () => {
  it("takes exactly the first bytes across chunks of any size, and all of a shorter body", async () => {
    const bytes = Uint8Array.from({ length: 3_000 }, (_, i) => i % 251);
    for (const chunkSize of [1, 7, 799, 800, 801, 3_000]) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += chunkSize) controller.enqueue(bytes.slice(at, at + chunkSize));
          controller.close();
        },
      });
      expect(await readPrefix(stream, MAX_ERROR_BYTES)).toEqual(bytes.subarray(0, MAX_ERROR_BYTES));
    }
    expect(await readPrefix(new Response("short").body, MAX_ERROR_BYTES)).toEqual(new TextEncoder().encode("short"));
    expect(await readPrefix(null, MAX_ERROR_BYTES)).toEqual(new Uint8Array());
  });
});
