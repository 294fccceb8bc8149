/**
 * The Links page's create form (pure): the create's body from the form's values, or what is wrong
 * with them in the merchant's words. The Worker checks every rule again (links/link-rules.ts); this
 * only says early what it can tell without a round trip.
 */
import { t } from "./strings.js";

/** The Worker's request form of an amount (rules.ts decimalAmount): digits, an optional point and at most 18 decimals. */
const AMOUNT = /^(?:0|[1-9]\d*)(?:\.\d{1,18})?$/;
const CURRENCY = /^[A-Z0-9]{2,12}$/;

export interface LinkFormValues {
  description: string;
  currency: string;
  kind: "fixed" | "open";
  amount: string;
  min: string;
  max: string;
  singleUse: boolean;
  orderId: string;
  referenceLabel: string;
  referenceRequired: boolean;
  /** A `datetime-local` value (the merchant's local time), or empty. */
  expires: string;
}

/** The body of POST …/links (CreateLinkBody), as the form says it. */
export interface LinkCreateBody {
  description: string;
  priceCurrency: string;
  priceAmount?: string;
  minAmount?: string;
  maxAmount?: string;
  singleUse: boolean;
  orderId?: string;
  reference?: { label: string; required: boolean };
  expiresAt?: string;
}

export function linkBody(v: LinkFormValues): { body: LinkCreateBody } | { field: string; problem: string } {
  const description = v.description.trim();
  if (!description) return { field: "description", problem: t.links.errors.description };
  const currency = v.currency.trim().toUpperCase();
  if (!CURRENCY.test(currency)) return { field: "currency", problem: t.links.errors.currency };
  const body: LinkCreateBody = { description, priceCurrency: currency, singleUse: v.singleUse };
  if (v.kind === "fixed") {
    if (!AMOUNT.test(v.amount.trim()) || Number(v.amount) === 0)
      return { field: "amount", problem: t.links.errors.amount };
    body.priceAmount = v.amount.trim();
  } else {
    if (!AMOUNT.test(v.min.trim()) || Number(v.min) === 0) return { field: "min", problem: t.links.errors.amount };
    if (!AMOUNT.test(v.max.trim()) || Number(v.max) === 0) return { field: "max", problem: t.links.errors.amount };
    body.minAmount = v.min.trim();
    body.maxAmount = v.max.trim();
  }
  if (v.singleUse && v.orderId.trim()) body.orderId = v.orderId.trim();
  if (v.referenceLabel.trim()) body.reference = { label: v.referenceLabel.trim(), required: v.referenceRequired };
  if (v.expires) {
    const at = new Date(v.expires);
    if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now())
      return { field: "expires", problem: t.links.errors.expires };
    body.expiresAt = at.toISOString();
  }
  return { body };
}
