/**
 * Its own file (a fresh page): the Arabic catalog is not loaded yet here, so switching to Arabic
 * and straight back to English makes the catalogs arrive out of order.
 */
import { expect } from "@open-wc/testing";
import { loadMessages } from "../../widget/locales/index.js";
import { FakeCheckout } from "./support/fake-checkout.js";
import { $, mountWithPayment, part, textOf, unmountAll, until } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

describe("locale changes", () => {
  it("end in the language of the last change when catalogs arrive out of order", async () => {
    const server = new FakeCheckout(OPEN_SHOP).install();
    try {
      server.payments.set(VIEWS.UNDERPAID.paymentId, VIEWS.UNDERPAID);
      const el = await mountWithPayment({ "payment-id": VIEWS.UNDERPAID.paymentId, locale: "en" });
      el.setAttribute("locale", "ar"); // a chunk to fetch
      await el.updateComplete;
      el.setAttribute("locale", "en"); // bundled
      await until(() => $(el, ".base")?.getAttribute("lang") === "en", "English");
      await loadMessages("ar"); // settles after the element's own, earlier request for it
      await el.updateComplete;
      expect($(el, ".base")?.getAttribute("lang")).to.equal("en");
      expect(textOf(part(el, "status"))).to.equal("Part of the amount has arrived");
    } finally {
      unmountAll();
      server.restore();
    }
  });
});
