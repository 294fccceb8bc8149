/**
 * The payment link page's form (pure): the create's body from what the payer entered, and which
 * of the page's refusals an error of the create is, with the field it is about. The Worker decides
 * the rest (the link's rules); this only leaves out what was not asked and names the field to point
 * at. The refusals' texts, in the page's language, are on the form (link-page.ts, data-error-*).
 */

/** What the page's form holds; a field the page did not show is undefined. */
export interface FormValues {
  amount?: string | undefined;
  reference?: string | undefined;
  transferCurrency: string;
}

/** The body of POST /api/shops/{shop}/links/{linkId}/payments. */
export function paymentBody(values: FormValues): Record<string, string> {
  const body: Record<string, string> = { transferCurrency: values.transferCurrency };
  const amount = values.amount?.trim();
  if (values.amount !== undefined) body.amount = amount ?? "";
  const reference = values.reference?.trim();
  if (reference) body.reference = reference;
  return body;
}

/** The field an error is about (its id on the page), or undefined for the form as a whole. */
export function fieldOf(code: string, message: string): "pay-amount" | "pay-reference" | undefined {
  if (code === "amount_out_of_range" || /amount/i.test(message)) return "pay-amount";
  if (/reference|enter the /i.test(message)) return "pay-reference";
  return undefined;
}

/** The page's refusals: each a text the Worker put on the form as data-error-<kind>. */
export type RefusalKind = "amount" | "reference" | "gone" | "failed";

/** Which refusal the page shows for an error of the create (its message is the developer's, in English). */
export function refusalOf(
  code: string,
  message: string,
): { kind: RefusalKind; field?: "pay-amount" | "pay-reference" } {
  if (code === "link_gone") return { kind: "gone" };
  const field = fieldOf(code, message);
  if (field === "pay-amount") return { kind: "amount", field };
  if (field === "pay-reference") return { kind: "reference", field };
  return { kind: "failed" };
}
