/** The checkout Worker's HTTP API as the element uses it (docs/checkout.md, "Routes"). */
import type { CreatePaymentRequest, ErrorBody, ErrorCode, PaymentView, ShopSettings } from "../../worker/checkout/wire.js";

/** Codes the element adds to the Worker's ErrorCode values. */
type ClientErrorCode = "network_error" | "invalid_response" | "invalid_attributes";

/**
 * Every failure the element reports through `checkout-error` (not the Worker's CheckoutError,
 * which carries an HTTP status: this one is what the element made of a request that failed).
 */
export class CheckoutRequestError extends Error {
  constructor(
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "CheckoutRequestError";
  }
}

const RETRYABLE_CODES = new Set(["rate_limited", "upstream_unavailable", "network_error"]);

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

  /** The WebSocket URL of a payment's stream (http -> ws, https -> wss). */
  streamUrl(shop: string, paymentId: string): string {
    const url = new URL(`${this.paymentUrl(shop, paymentId)}/stream`);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    return url.href;
  }

  async getShop(shop: string): Promise<ShopSettings> {
    const body = await this.#json(this.shopUrl(shop), { headers: { accept: "application/json" } });
    const settings = body.value as Partial<ShopSettings>;
    if (!Array.isArray(settings.transferCurrencies) || !Array.isArray(settings.priceCurrencies)) {
      throw new CheckoutRequestError("invalid_response", "The shop settings are malformed.", true);
    }
    return settings as ShopSettings;
  }

  async createPayment(shop: string, request: CreatePaymentRequest): Promise<PaymentView> {
    const { value } = await this.#json(`${this.shopUrl(shop)}/payments`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(request),
    });
    return this.#view(value);
  }

  async getPayment(shop: string, paymentId: string, etag?: string): Promise<PaymentFetch> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (etag) headers["if-none-match"] = etag;
    const { value, response } = await this.#json(this.paymentUrl(shop, paymentId), { headers });
    const newEtag = response.headers.get("etag") ?? etag;
    return { view: response.status === 304 ? undefined : this.#view(value), etag: newEtag ?? undefined };
  }

  #view(value: unknown): PaymentView {
    if (!isPaymentView(value)) throw new CheckoutRequestError("invalid_response", "The payment is malformed.", true);
    return { ...value, transactions: value.transactions ?? [], redirectUrls: value.redirectUrls ?? {} };
  }

  async #json(url: string, init: RequestInit): Promise<{ value: unknown; response: Response }> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, credentials: "omit" });
    } catch {
      throw new CheckoutRequestError("network_error", "The checkout service cannot be reached.", true);
    }
    if (response.status === 304) return { value: undefined, response };
    let value: unknown;
    try {
      value = await response.json();
    } catch {
      value = undefined;
    }
    if (!response.ok) {
      if (isErrorBody(value)) {
        const { code, message } = value.error;
        throw new CheckoutRequestError(code, message, RETRYABLE_CODES.has(code) || response.status >= 500);
      }
      throw new CheckoutRequestError("invalid_response", `The checkout service answered ${response.status}.`, response.status >= 500);
    }
    if (value === undefined) throw new CheckoutRequestError("invalid_response", "The checkout service sent no JSON.", true);
    return { value, response };
  }
}
