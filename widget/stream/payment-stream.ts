/**
 * Live updates of one payment: the WebSocket stream, reconnecting with backoff and jitter; after
 * repeated failures, polling the GET route with ETag. The owner stops it when the payment is final.
 */
import type { PaymentView, STREAM_PING, STREAM_PONG, StreamMessage } from "../../worker/checkout/wire.js";
import type { PaymentFetch } from "../api/checkout-api.js";
import { backoffDelay, DEFAULT_BACKOFF } from "./backoff.js";
import type { BackoffOptions } from "./backoff.js";

/** live: WebSocket open; reconnecting: trying to get updates again; polling: updates by GET. */
export type ConnectionState = "connecting" | "live" | "reconnecting" | "polling";

export interface PaymentStreamOptions {
  url: string;
  /** GET of the payment with If-None-Match. */
  poll: (etag: string | undefined) => Promise<PaymentFetch>;
  onView: (view: PaymentView) => void;
  onState: (state: ConnectionState) => void;
  /** ETag of the view the owner already has, sent with the first poll. */
  etag?: string | undefined;
  /** Consecutive WebSocket failures after which the stream falls back to polling. */
  maxSocketFailures?: number;
  pollIntervalMs?: number;
  pingIntervalMs?: number;
  /** A socket that answers neither pong nor anything else this long after a ping is dead. */
  pongTimeoutMs?: number;
  backoff?: BackoffOptions;
  random?: () => number;
}

/** The wire's ping/pong texts, checked against its constants by the compiler (types only cross over). */
const PING: typeof STREAM_PING = "ping";
const PONG: typeof STREAM_PONG = "pong";

export class PaymentStream {
  readonly #o: Required<Omit<PaymentStreamOptions, "etag">>;
  #socket: WebSocket | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #ping: ReturnType<typeof setInterval> | undefined;
  #pongWait: ReturnType<typeof setTimeout> | undefined;
  #failures = 0;
  #pollFailures = 0;
  #etag: string | undefined;
  #stopped = false;
  #state: ConnectionState | undefined;

  constructor(options: PaymentStreamOptions) {
    this.#etag = options.etag;
    this.#o = {
      maxSocketFailures: 3,
      pollIntervalMs: 5000,
      pingIntervalMs: 25_000,
      pongTimeoutMs: 10_000,
      backoff: DEFAULT_BACKOFF,
      random: Math.random,
      ...options,
    };
  }

  start(): void {
    this.#setState("connecting");
    this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    if (this.#socket) this.#release(this.#socket, true);
  }

  /** Forgets a socket (and closes it when asked): no more events from it, no more pings. */
  #release(socket: WebSocket, close: boolean): void {
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    if (close) socket.close(1000);
    clearInterval(this.#ping);
    clearTimeout(this.#pongWait);
    this.#pongWait = undefined;
    if (this.#socket === socket) this.#socket = undefined;
  }

  #setState(state: ConnectionState): void {
    if (state === this.#state) return;
    this.#state = state;
    this.#o.onState(state);
  }

  #connect(): void {
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.#o.url);
    } catch {
      this.#socketFailed();
      return;
    }
    this.#socket = socket;
    socket.onopen = () => {
      this.#setState("live");
      this.#ping = setInterval(() => {
        socket.send(PING);
        // A connection can die without a close event (sleep, a network switch): give up on it.
        this.#pongWait ??= setTimeout(() => {
          this.#release(socket, true);
          this.#socketFailed();
        }, this.#o.pongTimeoutMs);
      }, this.#o.pingIntervalMs);
    };
    socket.onmessage = (event: MessageEvent) => {
      clearTimeout(this.#pongWait); // any frame shows the connection is alive
      this.#pongWait = undefined;
      if (typeof event.data !== "string" || event.data === PONG) return;
      let message: StreamMessage;
      try {
        message = JSON.parse(event.data) as StreamMessage;
      } catch {
        return;
      }
      if (message.type !== "payment" || !message.payment) return;
      this.#failures = 0; // a socket counts as working once it delivered a view, not when it opens
      this.#o.onView(message.payment);
    };
    socket.onclose = () => {
      this.#release(socket, false);
      if (!this.#stopped) this.#socketFailed();
    };
  }

  #socketFailed(): void {
    this.#failures += 1;
    if (this.#failures >= this.#o.maxSocketFailures) {
      this.#setState("polling");
      this.#schedulePoll(0);
      return;
    }
    this.#setState("reconnecting");
    this.#timer = setTimeout(() => this.#connect(), backoffDelay(this.#failures, this.#o.random(), this.#o.backoff));
  }

  #schedulePoll(delayMs: number): void {
    this.#timer = setTimeout(() => void this.#pollOnce(), delayMs);
  }

  async #pollOnce(): Promise<void> {
    let delayMs = this.#o.pollIntervalMs;
    try {
      const result = await this.#o.poll(this.#etag);
      if (this.#stopped) return;
      this.#pollFailures = 0;
      this.#etag = result.etag;
      this.#setState("polling");
      if (result.view) this.#o.onView(result.view);
    } catch {
      if (this.#stopped) return;
      this.#pollFailures += 1;
      this.#setState("reconnecting");
      delayMs = Math.max(delayMs, backoffDelay(this.#pollFailures, this.#o.random(), this.#o.backoff));
    }
    if (!this.#stopped) this.#schedulePoll(delayMs);
  }
}
