/**
 * The confirmed state's link to the payment's receipt page: on the Worker's origin, with the
 * payment's client secret in the fragment (never in the path or query), in a new tab, in the
 * customer's language, accessible at a phone's and a tablet's width; and no link before the
 * payment is confirmed or when it ended otherwise.
 */
import { expect } from "@open-wc/testing";
import type { CryptoCheckout } from "../../widget/index.js";
import { axeViolations } from "./support/axe.js";
import { ENDPOINT, secretOf } from "./support/fake-checkout.js";
import { root, textOf, until, useFakeCheckout } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

const receiptLink = (el: CryptoCheckout): HTMLAnchorElement | undefined =>
  [...root(el).querySelectorAll("a")].find((a) => a.getAttribute("href")?.includes("/receipt/"));

describe("the confirmed state's receipt link", () => {
  const checkout = useFakeCheckout(OPEN_SHOP);

  for (const width of [360, 768]) {
    it(`links to the receipt page with the client secret in the fragment, accessible at ${width} px`, async () => {
      const holder = document.createElement("div");
      holder.style.inlineSize = `${width}px`;
      document.body.append(holder);
      try {
        const el = await checkout.show(VIEWS.CONFIRMED, {}, holder);
        const link = receiptLink(el);
        const id = VIEWS.CONFIRMED.paymentId;
        expect(link?.getAttribute("href")).to.equal(`${ENDPOINT}/receipt/demo-open/${id}#${secretOf(id)}`);
        expect(new URL(link?.href ?? "").search).to.equal("");
        expect(textOf(link ?? null)).to.equal("Receipt");
        expect(link?.target).to.equal("_blank");
        expect(link?.getBoundingClientRect().right).to.be.at.most(holder.getBoundingClientRect().right + 0.5);
        expect(await axeViolations(el)).to.deep.equal([]);
      } finally {
        holder.remove();
      }
    });
  }

  it("speaks the customer's language and keeps to the Worker's origin when the endpoint ends with a slash", async () => {
    const el = await checkout.show(VIEWS.CONFIRMED, { locale: "de", endpoint: `${ENDPOINT}/` });
    await until(() => textOf(receiptLink(el) ?? null) === "Quittung", "the German link");
    const id = VIEWS.CONFIRMED.paymentId;
    expect(receiptLink(el)?.getAttribute("href")).to.equal(`${ENDPOINT}/receipt/demo-open/${id}#${secretOf(id)}`);
  });

  it("is not there before the payment is confirmed, nor for an expired one", async () => {
    for (const view of [VIEWS.UNCONFIRMED, VIEWS.EXPIRED]) {
      const el = await checkout.show(view);
      expect(receiptLink(el), view.status).to.equal(undefined);
      el.remove();
    }
  });
});
