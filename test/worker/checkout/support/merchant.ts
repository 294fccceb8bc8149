/**
 * Helpers of the merchant-side tests (webhooks, event log, backend API): calls with the shop's
 * backend token, reading a shop's event log, signed upstream notifications with a chosen
 * timestamp, SHOPS variants, and hand-built queue batches whose messages record ack / retry.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import type { EventDetail, EventEntry, EventList, WebhookMessage } from "../../../../worker/checkout/backend-wire.js";
import { WEBHOOK_QUEUE } from "../../../../worker/checkout/events/webhook-consumer.js";
import type { PaymentView } from "../../../../worker/checkout/wire.js";
import { signBody } from "../../../../worker/v3/notification.js";
import { callWith, postJson } from "./http.js";
import { freshOrderId } from "./orders.js";
import { TEST_SECRETS } from "./test-env.js";

export const testEnv = env as unknown as Env;
export const TOKEN = TEST_SECRETS.DEMO_BACKEND_TOKEN;

/** The backend token of a demo shop (each has its own). */
export function tokenOf(shop: string): string {
  return shop === "demo-signed" ? TEST_SECRETS.DEMO_SIGNED_BACKEND_TOKEN : TEST_SECRETS.DEMO_BACKEND_TOKEN;
}

/**
 * A backend API call with `Authorization: Bearer <token>` (default: the token of the shop the
 * path names; null: no header).
 */
export function backend(
  path: string,
  init: RequestInit = {},
  token: string | null = tokenOf(/^\/api\/shops\/([^/?]+)/.exec(path)?.[1] ?? ""),
  bindings: Partial<Env> = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token !== null) headers.set("Authorization", `Bearer ${token}`);
  return callWith(bindings, path, { ...init, headers });
}

/** The JSON of a backend API GET that must answer 200. */
export async function backendJson<T>(path: string): Promise<T> {
  const response = await backend(path);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export const eventDetail = (shop: string, eventId: string) =>
  backendJson<EventDetail>(`/api/shops/${shop}/events/${eventId}`);

/** The cursor after the last event the shop's log holds now. */
export async function endCursor(shop: string): Promise<string> {
  let cursor = "0";
  for (;;) {
    const page = await backendJson<EventList>(`/api/shops/${shop}/events?after=${cursor}&limit=200`);
    cursor = page.next;
    if (!page.hasMore) return cursor;
  }
}

/** Every event the shop's log recorded after `cursor`. */
export async function eventsAfter(shop: string, cursor: string): Promise<EventEntry[]> {
  const page = await backendJson<EventList>(`/api/shops/${shop}/events?after=${cursor}&limit=200`);
  return page.hasMore ? [...page.events, ...(await eventsAfter(shop, page.next))] : page.events;
}

/** An open-pricing payment created through the Worker's route (201). */
export async function createOpen(
  orderId = freshOrderId(),
  priceAmount = "25.00",
  shop = "demo-open",
): Promise<PaymentView> {
  const response = await postJson(`/api/shops/${shop}/payments`, {
    orderId,
    transferCurrency: "BTC",
    priceAmount,
    priceCurrency: "EUR",
  });
  expect(response.status).toBe(201);
  return (await response.json()) as PaymentView;
}

/** An authentic upstream notification (HMAC of the demo shops) to /hooks/{shop}; its status and outcome. */
export async function notify(
  shop: string,
  type: "v3/payment" | "v3/payouts",
  body: object,
  timestamp: Date,
): Promise<{ status: number; outcome: unknown }> {
  const raw = JSON.stringify({ timestamp: timestamp.toISOString(), notificationType: type, body });
  const signature = await signBody(raw, { key: TEST_SECRETS.DEMO_HMAC_KEY });
  const response = await callWith({}, `/hooks/${shop}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Signature": signature },
    body: raw,
  });
  const json = (await response.json()) as { outcome?: unknown };
  return { status: response.status, outcome: json.outcome };
}

type ShopEntry = Record<string, unknown> & { id: string };

/** The committed shop entries (wrangler.toml), parsed. */
export function committedShops(): ShopEntry[] {
  return JSON.parse(testEnv.SHOPS ?? "[]") as ShopEntry[];
}

/** SHOPS with one more entry: a copy of demo-open under `id`, with `change` applied. */
export function shopsWithCopy(id: string, change: Record<string, unknown>): string {
  const shops = committedShops();
  const open = shops.find((s) => s.id === "demo-open");
  return JSON.stringify([...shops, { ...open, id, ...change }]);
}

let shopCounter = 0;
/** A shop id no other test uses (a fresh, empty event log). */
export function freshShopId(prefix = "merchant"): string {
  shopCounter += 1;
  return `${prefix}-${shopCounter}-${crypto.randomUUID().slice(0, 6)}`;
}

/** A queue message that records what the consumer decided. */
export class RecordingMessage implements Message<unknown> {
  readonly timestamp = new Date();
  acked = 0;
  retries: (QueueRetryOptions | undefined)[] = [];

  constructor(
    readonly body: unknown,
    readonly attempts = 1,
    readonly id = crypto.randomUUID(),
  ) {}

  ack(): void {
    this.acked += 1;
  }

  retry(options?: QueueRetryOptions): void {
    this.retries.push(options);
  }
}

export function batchOf(messages: RecordingMessage[], queue = WEBHOOK_QUEUE): MessageBatch {
  const batch: MessageBatch = {
    queue,
    messages,
    metadata: { metrics: { backlogCount: 0, backlogBytes: 0, oldestMessageTimestamp: new Date() } },
    retryAll: () => {
      throw new Error("the consumer decides per message");
    },
    ackAll: () => {
      throw new Error("the consumer decides per message");
    },
  };
  return batch;
}

/** A stand-in for the dead-letter queue's producer that keeps what it was sent. */
export function recordingQueue(): { queue: Queue<WebhookMessage>; sent: WebhookMessage[] } {
  const sent: WebhookMessage[] = [];
  const queue = {
    send: async (body: WebhookMessage) => {
      sent.push(body);
    },
    sendBatch: async (messages: Iterable<MessageSendRequest<WebhookMessage>>) => {
      for (const m of messages) sent.push(m.body);
    },
  };
  return { queue: queue as unknown as Queue<WebhookMessage>, sent };
}
