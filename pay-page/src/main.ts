/**
 * The payment link page's script (scripts/build-pay-page.mjs bundles it into /pay/pay.js). The
 * Worker renders the page (worker/checkout/links/link-page.ts); this takes the form's answer to
 * the link's create, then puts a <crypto-checkout> in the page's slot for the payment it made (its
 * id and client secret, this origin as the endpoint, the page's language: the `lang` the Worker
 * chose from the browser's Accept-Language), which shows it as on any shop's page. A refusal is
 * shown in the page's language by the field it is about, with the text the Worker put on the form.
 */
import type { LinkPaymentCreated } from "../../worker/checkout/link-wire.js";
import { paymentBody, refusalOf, type RefusalKind } from "./pay-form.js";

const form = document.querySelector<HTMLFormElement>("#pay-form");
const slot = document.querySelector<HTMLElement>("#pay-checkout");
const errorLine = document.querySelector<HTMLElement>("#pay-error");

function field(id: string): HTMLInputElement | HTMLSelectElement | null {
  return document.querySelector<HTMLInputElement | HTMLSelectElement>(`#${id}`);
}

function showError(message: string, fieldId?: string): void {
  if (errorLine) errorLine.textContent = message;
  for (const input of form?.querySelectorAll("input, select") ?? []) input.removeAttribute("aria-invalid");
  const target = fieldId ? field(fieldId) : null;
  if (target) {
    target.setAttribute("aria-invalid", "true");
    target.setAttribute("aria-errormessage", "pay-error");
    target.focus();
  }
}

/** A refusal's text in the page's language (the form's data-error-<kind>). */
function refusalText(kind: RefusalKind | "network"): string {
  return form?.getAttribute(`data-error-${kind}`) ?? form?.getAttribute("data-error-failed") ?? "";
}

async function submit(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  if (!form || !slot) return;
  const { shop, link } = form.dataset;
  const data = new FormData(form);
  const text = (name: string) => (data.has(name) ? String(data.get(name)) : undefined);
  const button = form.querySelector("button");
  button?.setAttribute("disabled", "");
  showError("");
  try {
    const response = await fetch(`/api/shops/${shop ?? ""}/links/${link ?? ""}/payments`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(
        paymentBody({
          amount: text("amount"),
          reference: text("reference"),
          transferCurrency: text("transferCurrency") ?? "",
        }),
      ),
    });
    const body = (await response.json()) as LinkPaymentCreated | { error: { code: string; message: string } };
    if ("error" in body) {
      const refusal = refusalOf(body.error.code, body.error.message);
      console.warn(`The payment link's create refused: ${body.error.code}: ${body.error.message}`);
      showError(refusalText(refusal.kind), refusal.field);
      return;
    }
    const element = document.createElement("crypto-checkout");
    element.setAttribute("endpoint", location.origin);
    element.setAttribute("shop", shop ?? "");
    // The page's language, so that the element and the page around it agree.
    if (document.documentElement.lang) element.setAttribute("locale", document.documentElement.lang);
    element.setAttribute("payment-id", body.paymentId);
    element.setAttribute("client-secret", body.clientSecret);
    form.hidden = true;
    slot.replaceChildren(element);
  } catch {
    showError(refusalText("network"));
  } finally {
    button?.removeAttribute("disabled");
  }
}

form?.addEventListener("submit", (event) => void submit(event));
