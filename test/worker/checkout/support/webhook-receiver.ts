/**
 * The shop's webhook endpoint in workerd tests: replaces `globalThis.fetch` for requests to
 * WEBHOOK_URL (the Worker, its queue consumer and the tests share one isolate), keeps every
 * delivery with its headers, and can be told to fail the next deliveries (503, a hang until the
 * sender's timeout, a dropped connection), every delivery or only those to one URL (a shop with
 * several endpoints under WEBHOOK_URL, e.g. `${WEBHOOK_URL}?a`). Other requests go to the fetch it
 * replaced, so it chains with the upstream stub: install it after that one, restore it before.
 */
import { vi } from "vitest";
import type { WebhookEvent } from "../../../../worker/checkout/backend-wire.js";
import { webhookProblem } from "./openapi-check.js";
import { WEBHOOK_URL } from "./test-env.js";

/**
 * What the deliveries got wrong by the OpenAPI document's `webhooks` (openapi-check.ts), since a
 * test began: quiet-webhooks.ts fails the test that saw any.
 */
export const webhookProblems: string[] = [];

export interface Delivery {
  /** The URL POSTed to (WEBHOOK_URL, or WEBHOOK_URL with a query naming one of several endpoints). */
  url: string;
  headers: Record<string, string>;
  body: string;
  event: WebhookEvent;
  /** What the receiver answered (0: no answer). */
  answered: number;
}

export type ReceiverFailure = "http503" | "timeout" | "network";

export class WebhookReceiver {
  readonly deliveries: Delivery[] = [];
  private failures: ReceiverFailure[] = [];
  private failEvery: ReceiverFailure | undefined;
  private readonly failUrls = new Map<string, ReceiverFailure>();
  private readonly previous: typeof fetch;

  constructor() {
    this.previous = globalThis.fetch;
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => this.fetch(input, init);
  }

  restore(): void {
    globalThis.fetch = this.previous;
  }

  /** The next `times` deliveries fail in this way. */
  fail(mode: ReceiverFailure, times: number): void {
    for (let i = 0; i < times; i++) this.failures.push(mode);
  }

  /** Every delivery fails in this way (undefined: none). */
  failAlways(mode: ReceiverFailure | undefined): void {
    this.failEvery = mode;
  }

  /** Every delivery to exactly this URL fails in this way (undefined: none); the others are not affected. */
  failUrl(url: string, mode: ReceiverFailure | undefined): void {
    if (mode) this.failUrls.set(url, mode);
    else this.failUrls.delete(url);
  }

  /** Deliveries to exactly this URL. */
  to(url: string): Delivery[] {
    return this.deliveries.filter((d) => d.url === url);
  }

  /** Deliveries that were answered 2xx. */
  accepted(): Delivery[] {
    return this.deliveries.filter((d) => d.answered >= 200 && d.answered < 300);
  }

  /** Accepted events for one payment, in arrival order. */
  eventsOf(paymentId: string): WebhookEvent[] {
    return this.accepted()
      .map((d) => d.event)
      .filter((e) => "payment" in e.data && e.data.payment.paymentId === paymentId);
  }

  /** Waits (polling, bounded) until `check` holds for the deliveries so far. */
  async until(check: (receiver: WebhookReceiver) => boolean, timeout = 5000): Promise<void> {
    await vi.waitFor(
      () => {
        if (!check(this))
          throw new Error(
            `webhooks so far: ${this.deliveries.map((d) => `${d.event.type}=${d.answered}`).join(", ") || "none"}`,
          );
      },
      { timeout, interval: 20 },
    );
  }

  private async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    if (!request.url.startsWith(WEBHOOK_URL)) return this.previous(input, init);
    const body = await request.text();
    const delivery: Delivery = {
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body,
      event: JSON.parse(body) as WebhookEvent,
      answered: 0,
    };
    this.deliveries.push(delivery);
    const problem = webhookProblem(delivery.headers, body);
    if (problem) webhookProblems.push(problem);
    const failure = this.failUrls.get(request.url) ?? this.failures.shift() ?? this.failEvery;
    if (failure === "network") throw new TypeError("Network connection lost.");
    if (failure === "timeout") {
      return new Promise<Response>((_resolve, reject) => {
        request.signal.addEventListener("abort", () => reject(request.signal.reason as Error), { once: true });
      });
    }
    delivery.answered = failure === "http503" ? 503 : 200;
    return new Response(failure ? "down for maintenance" : "ok", { status: delivery.answered });
  }
}

export function installWebhookReceiver(): WebhookReceiver {
  return new WebhookReceiver();
}
