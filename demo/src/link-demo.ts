/**
 * The demo's payment link (docs/links.md): "Create a payment link" asks the demo route
 * `POST /demo/api/payment-link` (it plays the shop's backend) for a reusable link at the order's
 * amount, shows its URL and opens it in a new tab, where the Worker's hosted page takes the payment.
 */
import { ApiError, postJson } from "./api.js";
import { byId } from "./dom.js";

interface CreatedLink {
  url: string;
}

export function setupLinkDemo(order: () => { shop: string; amount: string; priceCurrency: string }): void {
  const button = byId<HTMLButtonElement>("link-create");
  const status = byId("link-status");
  const shown = byId("link-url");
  const anchor = byId<HTMLAnchorElement>("link-open");
  button.addEventListener("click", () => {
    const { shop, amount, priceCurrency } = order();
    button.disabled = true;
    status.textContent = "Creating the link…";
    postJson<CreatedLink>("/demo/api/payment-link", { shop, priceAmount: amount, priceCurrency })
      .then((link) => {
        anchor.href = link.url;
        anchor.textContent = link.url;
        shown.hidden = false;
        status.textContent = "Link created: opened in a new tab.";
        window.open(link.url, "_blank", "noopener");
      })
      .catch((error: unknown) => {
        status.textContent =
          error instanceof ApiError ? `The link was not created: ${error.message}` : "The link was not created.";
      })
      .finally(() => (button.disabled = false));
  });
}
