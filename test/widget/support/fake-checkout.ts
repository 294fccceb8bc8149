/**
 * A stubbed checkout Worker inside the page: `fetch` and `WebSocket` are replaced for the duration
 * of a test (they are the element's upstream, not the element). Tests drive payments and sockets
 * and read what the element asked for.
 */
import { ERROR_KINDS, isRetryable } from "../../../worker/checkout/wire.js";
import type {
  CreatePaymentRequest,
  ErrorBody,
  ErrorCode,
  PaymentView,
  ShopSettings,
} from "../../../worker/checkout/wire.js";
import { newView } from "../../support/payment-views.js";

/** An error body as the Worker writes it (worker/checkout/http/errors.ts): the code's kind and retryable flag with it. */
export function errorBody(code: ErrorCode, message: string): ErrorBody {
  const kind = ERROR_KINDS[code];
  return { error: { code, message, kind, retryable: isRetryable(kind) } };
}

export const ENDPOINT = "https://checkout.test";

/** The client secret this fake gives a payment (the Worker's are random; the tests need to know them). */
export const secretOf = (paymentId: string): string => `secret_${paymentId}`;

/** The client secret a request or socket URL carries, if any. */
const secretIn = (url: string): string | null => new URL(url.replace(/^ws/, "http")).searchParams.get("clientSecret");

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** accept: open and send the view; refuse: fail to connect; flap: open, then close at once; silent: open and send nothing. */
type SocketMode = "accept" | "refuse" | "flap" | "silent";

/** A request the page made, read once: its URL, its body's text, and the record tests read. */
export async function readRequest(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<{ request: Request; url: URL; text: string; record: RecordedRequest }> {
  const request = new Request(input, init);
  const text = request.method === "GET" ? "" : await request.text();
  const record = {
    method: request.method,
    url: request.url,
    headers: request.headers,
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
  return { request, url: new URL(request.url), text, record };
}

/** A JSON answer as the Worker sends it. */
export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

export class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  readonly sent: string[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;

  constructor(
    readonly url: string,
    private readonly server: FakeCheckout,
  ) {
    super();
    server.sockets.push(this);
    // Like a real socket: the outcome is known only after the constructor returns.
    void Promise.resolve().then(() => {
      if (server.socketMode === "refuse") this.drop(1006);
      else if (server.socketMode === "silent") {
        this.readyState = 1;
        this.onopen?.(new Event("open"));
      } else if (server.socketMode === "flap") {
        this.readyState = 1;
        this.onopen?.(new Event("open"));
        this.drop(1011);
      } else this.accept();
    });
  }

  /** Opens and sends the view; a payment asked for without its client secret is refused, as the Worker does (404, no socket). */
  accept(): void {
    const id = decodeURIComponent(this.url.split("/payments/")[1]?.split("/")[0] ?? "");
    if (secretIn(this.url) !== secretOf(id)) {
      this.drop(1006);
      return;
    }
    this.readyState = 1;
    this.onopen?.(new Event("open"));
    const view = this.server.payments.get(id);
    if (view) this.deliver(view);
  }

  deliver(view: PaymentView): void {
    if (this.readyState !== 1) return;
    this.onmessage?.(new MessageEvent("message", { data: JSON.stringify({ type: "payment", payment: view }) }));
  }

  /** The connection fails or drops (the server went away). */
  drop(code = 1006): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.(new CloseEvent("close", { code, wasClean: false }));
  }

  send(data: string): void {
    this.sent.push(data);
    if (data === "ping" && this.server.answersPing)
      queueMicrotask(() => this.onmessage?.(new MessageEvent("message", { data: "pong" })));
  }

  close(): void {
    this.readyState = 3;
    this.server.closedByClient.push(this);
  }
}

export class FakeCheckout {
  shops = new Map<string, ShopSettings>();
  payments = new Map<string, PaymentView>();
  requests: RecordedRequest[] = [];
  sockets: FakeSocket[] = [];
  closedByClient: FakeSocket[] = [];
  socketMode: SocketMode = "accept";
  /** False: sockets stay silent, like a connection that died without a close event. */
  answersPing = true;
  /** The answer of the next POST .../payments, instead of the default (a fresh payment). */
  createResponse: ((request: CreatePaymentRequest) => { status: number; body: unknown }) | undefined;
  /** While set, a GET of a shop's settings is answered only once it resolves (a slow settings request). */
  settingsGate: Promise<void> | undefined;
  /** Makes every GET of a payment fail at the network level while true. */
  networkDown = false;
  #nextId = 1;
  #saved: { win: Window & typeof globalThis; fetch: typeof fetch; WebSocket: typeof WebSocket } | undefined;

  constructor(...shops: ShopSettings[]) {
    for (const shop of shops) this.shops.set(shop.shop, shop);
  }

  /** Replaces fetch and WebSocket of `win` (this page, or a test iframe's window). */
  install(win: Window & typeof globalThis = window): this {
    this.#saved = { win, fetch: win.fetch, WebSocket: win.WebSocket };
    win.fetch = (input, init) => this.fetch(input, init);
    const socketClass = (server: FakeCheckout) =>
      class extends FakeSocket {
        constructor(url: string | URL) {
          super(String(url), server);
        }
      };
    win.WebSocket = socketClass(this) as unknown as typeof WebSocket;
    return this;
  }

  restore(): void {
    if (!this.#saved) return;
    const { win } = this.#saved;
    win.fetch = this.#saved.fetch;
    win.WebSocket = this.#saved.WebSocket;
    this.#saved = undefined;
  }

  /** Changes a payment and pushes it to every open socket of that payment. */
  update(view: PaymentView): void {
    this.payments.set(view.paymentId, view);
    for (const socket of this.sockets) if (socket.url.includes(`/payments/${view.paymentId}/`)) socket.deliver(view);
  }

  get openSockets(): FakeSocket[] {
    return this.sockets.filter((s) => s.readyState === 1);
  }

  requestsTo(method: string, pathPart: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && new URL(r.url).pathname.includes(pathPart));
  }

  async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const { request, url, text, record } = await readRequest(input, init);
    this.requests.push(record);
    const json = jsonResponse;
    const error = (status: number, code: ErrorCode, message: string) => json(status, errorBody(code, message));
    if (url.origin !== ENDPOINT) throw new TypeError("Failed to fetch");
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const [api, shops, shopId, payments, paymentId] = parts;
    if (api !== "api" || shops !== "shops" || !shopId) return error(404, "not_found", "No such route.");
    const shop = this.shops.get(shopId);
    if (!shop) return error(404, "unknown_shop", `No shop ${shopId}.`);
    if (!payments && request.method === "GET") {
      await this.settingsGate;
      return json(200, shop);
    }
    if (payments === "payments" && !paymentId && request.method === "POST") {
      const body = JSON.parse(text) as CreatePaymentRequest;
      if (this.createResponse) {
        const answer = this.createResponse(body);
        return json(answer.status, answer.body);
      }
      const view = this.#freshView(body);
      this.payments.set(view.paymentId, view);
      return json(201, { ...view, clientSecret: secretOf(view.paymentId) });
    }
    if (payments === "payments" && paymentId && request.method === "GET") {
      if (this.networkDown) throw new TypeError("Failed to fetch");
      const view = this.payments.get(paymentId);
      if (!view || secretIn(request.url) !== secretOf(paymentId))
        return error(404, "payment_not_found", "No such payment.");
      const etag = `"v${view.version}"`;
      if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: { etag } });
      return json(200, view, { etag });
    }
    return error(405, "method_not_allowed", "Not allowed.");
  }

  #freshView(body: CreatePaymentRequest): PaymentView {
    const paymentId = `pay_created_${this.#nextId++}`;
    const template = [...this.payments.values()][0];
    // A new payment like the first one this server holds (labels, page URL), with nothing paid yet.
    return {
      ...template,
      ...newView({
        paymentId,
        priceAmount: body.priceAmount ?? "25.00",
        priceCurrency: body.priceCurrency ?? "EUR",
        transferCurrency: body.transferCurrency,
      }),
    };
  }
}
