/** The create-payment request from the element's attributes and the shop's settings (pure). */
import type { CreatePaymentRequest, ShopSettings } from "../../worker/checkout/wire.js";
import { isDecimalString } from "./decimal-text.js";

export interface OrderAttributes {
  orderId?: string | undefined;
  orderToken?: string | undefined;
  priceAmount?: string | undefined;
  priceCurrency?: string | undefined;
}

/**
 * The transfer currency to use without asking: the attribute's (when the shop enables it), or the
 * shop's only one. Undefined means the customer picks.
 */
export function chooseTransferCurrency(settings: ShopSettings, attribute: string | undefined): string | undefined {
  const codes = settings.transferCurrencies.map((c) => c.code);
  if (attribute) {
    const match = codes.find((code) => code.toUpperCase() === attribute.toUpperCase());
    return match ?? attribute; // an unknown one goes to the Worker, which answers currency_not_enabled
  }
  return codes.length === 1 ? codes[0] : undefined;
}

/** The request, or what is wrong with the attributes (in words for the integrator). */
export function buildCreateRequest(
  settings: Pick<ShopSettings, "pricing" | "priceCurrencies">,
  order: OrderAttributes,
  transferCurrency: string,
): { request: CreatePaymentRequest } | { problem: string } {
  const orderId = order.orderId?.trim();
  if (!orderId) return { problem: "The order-id attribute is required to create a payment." };
  if (settings.pricing === "signed") {
    if (!order.orderToken) return { problem: "This shop uses signed pricing: the order-token attribute is required." };
    return { request: { orderId, transferCurrency, orderToken: order.orderToken } };
  }
  const priceAmount = order.priceAmount?.trim() ?? "";
  if (!isDecimalString(priceAmount))
    return { problem: "The price-amount attribute must be a decimal number such as 25.00." };
  const priceCurrency =
    order.priceCurrency?.trim().toUpperCase() ||
    (settings.priceCurrencies.length === 1 ? settings.priceCurrencies[0] : undefined);
  if (!priceCurrency) return { problem: "The price-currency attribute is required." };
  return { request: { orderId, transferCurrency, priceAmount, priceCurrency } };
}

/**
 * The request when the attributes alone settle it (a transfer currency, and an order token or a
 * price with its currency), to send while the shop's settings load; it is used only when the one
 * built from the settings is the same. Otherwise undefined.
 */
export function earlyCreateRequest(
  order: OrderAttributes & { transferCurrency?: string | undefined },
): CreatePaymentRequest | undefined {
  const built =
    order.transferCurrency &&
    buildCreateRequest(
      { pricing: order.orderToken ? "signed" : "open", priceCurrencies: [] },
      order,
      order.transferCurrency.toUpperCase(),
    );
  return built && "request" in built ? built.request : undefined;
}
