/** The checkout Worker's HTTP API as the element uses it (docs/checkout.md, "Routes"). */
import { isRetryable } from "../../worker/checkout/wire.js";
import { receiptUrl } from "../../worker/checkout/receipt-wire.js";
import type {
  CreatedPayment,
  CreatePaymentRequest,
  ErrorBody,
  ErrorKind,
  PaymentView,
  ShopSettings,
} from "../../worker/checkout/wire.js";

/**
 * Every failure the element reports through `checkout-error` (not the Worker's CheckoutError,
 * which carries an HTTP status: this one is what the element made of a request that failed).
 * `code` is a Worker code (wire.ts) or one of the element's own: network_error, invalid_response
 * (busy, failed) and invalid_attributes (setup). The message is for developers (the console, the
 * event); the kind picks the customer's message and, with it, whether "Try again" is offered.
 */
export class CheckoutRequestError extends Error {
  readonly retryable: boolean;
  constructor(
    readonly code: string,
    message: string,
    readonly kind: ErrorKind = "failed",
  ) {
    super(message);
    this.retryable = isRetryable(kind);
  }
}

export interface PaymentFetch {
  /** The view, or undefined when the server answered 304 Not Modified. */
  view: PaymentView | undefined;
  etag: string | undefined;
}

function isErrorBody(value: unknown): value is ErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string";
}

/** The fields the element cannot do without, the Worker's derived amounts included (it computes none itself). */
function isPaymentView(value: unknown): value is PaymentView {
  const v = value as Partial<PaymentView> | null;
  return (
    typeof v?.paymentId === "string" &&
    typeof v.status === "string" &&
    typeof v.transferAmount === "string" &&
    typeof v.remainingTransferAmount === "string" &&
    typeof v.progress === "object" &&
    v.progress !== null
  );
}

/** The query that carries a payment's client secret on its reads and its stream. */
const secretQuery = (clientSecret: string): string => `?clientSecret=${encodeURIComponent(clientSecret)}`;

export class CheckoutApi {
  readonly #base: string;

  /** `endpoint`: the checkout Worker's origin (with an optional path prefix). */
  constructor(endpoint: string) {
    this.#base = endpoint.replace(/\/+$/, "");
  }

  shopUrl(shop: string): string {
    return `${this.#base}/api/shops/${encodeURIComponent(shop)}`;
  }

  paymentUrl(shop: string, paymentId: string): string {
    return `${this.shopUrl(shop)}/payments/${encodeURIComponent(paymentId)}`;
  }

  /** The link to a payment's receipt page, the client secret in its fragment (receipt-wire.ts). */
  receiptUrl(shop: string, paymentId: string, clientSecret: string): string {
    return receiptUrl(this.#base, shop, paymentId, clientSecret);
  }

  /** The WebSocket URL of a payment's stream with its client secret (http -> ws, https -> wss). */
  streamUrl(shop: string, paymentId: string, clientSecret: string): string {
    return `${this.paymentUrl(shop, paymentId)}/stream${secretQuery(clientSecret)}`.replace(/^http/i, "ws");
  }

  async getShop(shop: string): Promise<ShopSettings> {
    const body = await this.#json(this.shopUrl(shop), {});
    const settings = body.value as Partial<ShopSettings>;
    if (!Array.isArray(settings.transferCurrencies) || !Array.isArray(settings.priceCurrencies)) {
      throw new CheckoutRequestError("invalid_response", `malformed shop settings from ${this.#base}`);
    }
    return settings as ShopSettings;
  }

  /** The new payment's view, with the client secret that every later read needs. */
  async createPayment(shop: string, request: CreatePaymentRequest): Promise<CreatedPayment> {
    // Sent as text/plain (fetch's type for a string body), which the Worker reads as JSON: a
    // request without a preflight, one round trip fewer before the QR.
    const { value } = await this.#json(`${this.shopUrl(shop)}/payments`, {
      method: "POST",
      body: JSON.stringify(request),
    });
    return this.#view(value) as CreatedPayment;
  }

  async getPayment(shop: string, paymentId: string, clientSecret: string, etag?: string): Promise<PaymentFetch> {
    const { value, response } = await this.#json(
      this.paymentUrl(shop, paymentId),
      { headers: etag ? { "if-none-match": etag } : {} },
      secretQuery(clientSecret),
    );
    return {
      view: response.status === 304 ? undefined : this.#view(value),
      etag: response.headers.get("etag") ?? etag,
    };
  }

  #view(value: unknown): PaymentView {
    if (!isPaymentView(value))
      throw new CheckoutRequestError("invalid_response", `malformed payment from ${this.#base}`);
    return { ...value, transactions: value.transactions ?? [], redirectUrls: value.redirectUrls ?? {} };
  }

  /** `query` is sent and never named in an error message (it may carry the client secret). */
  async #json(url: string, init: RequestInit, query = ""): Promise<{ value: unknown; response: Response }> {
    let response: Response;
    try {
      response = await fetch(url + query, { ...init, credentials: "omit" });
    } catch {
      throw new CheckoutRequestError(
        "network_error",
        `no answer from ${url}: Worker down or shop unknown — see docs/widget.md#errors`,
        "busy",
      );
    }
    if (response.status === 304) return { value: undefined, response };
    const value: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      if (isErrorBody(value)) {
        const { code, message, kind } = value.error;
        throw new CheckoutRequestError(code, message, kind);
      }
      throw new CheckoutRequestError("invalid_response", `${url} answered ${response.status}`);
    }
    if (value === undefined) throw new CheckoutRequestError("invalid_response", `${url} sent no JSON`);
    return { value, response };
  }
}
