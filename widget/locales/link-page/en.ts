/**
 * The payment link page's texts in English (docs/links.md). The Worker renders the page
 * (worker/checkout/links/link-page.ts) in the language of the request's Accept-Language, with
 * every catalog of this folder (index.ts); the page's script shows the form's errors from the
 * texts the Worker put on the form, so it carries no catalog. Each other language has the same
 * keys and, for functions, the same parameters (test/widget/page-catalogs.test.ts). Amounts
 * arrive as exact decimal strings and are shown as they are.
 */
export const linkPageEn = {
  amountLabel: (currency: string) => `Amount (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Between ${min} and ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} to ${max} ${currency}`,
  anyAmount: (range: string) => `Any amount from ${range}`,
  optional: (label: string) => `${label} (optional)`,
  payWith: "Pay with",
  continue: "Continue to payment",
  needsScript: "This page needs JavaScript to take the payment.",
  linkHeading: "Payment link",
  expired: "This payment link has expired.",
  disabled: "This payment link is no longer active.",
  used: "This payment link has already been paid.",
  notFoundTitle: "Payment link not found",
  notFound: "There is no payment link at this address. Check the link you were sent.",
  contactShop: "Contact the shop for a new link.",
  amountError: (min: string, max: string, currency: string) => `Enter an amount between ${min} and ${max} ${currency}.`,
  referenceError: (label: string) => `Fill in “${label}”.`,
  goneError: "This payment link can no longer be paid. Contact the shop for a new link.",
  failedError: "The payment could not be started. Reload the page and try again.",
  networkError: "The payment could not be started. Check your connection and try again.",
};

export type LinkPageMessages = typeof linkPageEn;
