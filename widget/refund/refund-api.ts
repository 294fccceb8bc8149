/**
 * The Worker's public refund-link routes as the refund mode calls them (worker/checkout/refund-wire.ts):
 * `GET /api/shops/{shop}/refund-links/{token}` and `POST …/{token}/address`. A failure is a
 * CheckoutRequestError like the checkout's; a refused address (422 `invalid_address`) carries
 * the Worker's `problem`.
 */
import type { AddressProblem } from "../../worker/checkout/refund-address.js";
import type { RefundAddressSubmission, RefundLinkView } from "../../worker/checkout/refund-wire.js";
import type { ErrorKind } from "../../worker/checkout/wire.js";
import { CheckoutRequestError } from "../api/checkout-api.js";
import { isRefundLinkView } from "./refund-step.js";

/** A refusal of the address by the Worker, with its reason. */
export class AddressRefused extends CheckoutRequestError {
  constructor(
    message: string,
    readonly problem: AddressProblem,
  ) {
    super("invalid_address", message, "order");
  }
}

interface ErrorAnswer {
  error?: { code?: unknown; message?: unknown; kind?: unknown; problem?: unknown };
}

export class RefundApi {
  readonly #url: string;

  /** `endpoint`: the checkout Worker's origin (with an optional path prefix). */
  constructor(endpoint: string, shop: string, token: string) {
    this.#url = `${endpoint.replace(/\/+$/, "")}/api/shops/${encodeURIComponent(shop)}/refund-links/${encodeURIComponent(token)}`;
  }

  getLink(): Promise<RefundLinkView> {
    return this.#view("", {});
  }

  /** Sent as text/plain (fetch's type for a string body), like the checkout's create: no preflight. */
  submitAddress(submission: RefundAddressSubmission): Promise<RefundLinkView> {
    return this.#view("/address", { method: "POST", body: JSON.stringify(submission) });
  }

  /** The token is never named in an error message: it is the link's secret. */
  async #view(path: string, init: RequestInit): Promise<RefundLinkView> {
    const where = `the refund link route${path}`;
    let response: Response;
    try {
      response = await fetch(this.#url + path, { ...init, credentials: "omit", referrerPolicy: "no-referrer" });
    } catch {
      throw new CheckoutRequestError(
        "network_error",
        `no answer from ${where}: Worker down or offline — see docs/widget.md#refund-mode`,
        "busy",
      );
    }
    const value: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const error = (value as ErrorAnswer | undefined)?.error;
      if (typeof error?.code !== "string" || typeof error.message !== "string")
        throw new CheckoutRequestError("invalid_response", `${where} answered ${response.status}`);
      if (error.code === "invalid_address" && typeof error.problem === "string")
        throw new AddressRefused(error.message, error.problem as AddressProblem);
      throw new CheckoutRequestError(error.code, error.message, error.kind as ErrorKind);
    }
    if (!isRefundLinkView(value))
      throw new CheckoutRequestError("invalid_response", `malformed refund link from ${where}`);
    return value;
  }
}
