/**
 * The QR codes of the production bundle (rollup.config.mjs, built in memory by the test server)
 * are qrcode's own: the build shortens qrcode's internal names (QRCODE_INTERNALS), and this shows
 * that the codes it draws are, module for module, those the element's source draws with qrcode
 * unbundled, for a bech32 address (upper-cased in the code) and a longer URI of another shape.
 */
import { expect } from "@open-wc/testing";
import { qrPath, qrPayload } from "../../widget/qr/qr-matrix.js";
import { FakeCheckout } from "./support/fake-checkout.js";
import { openFrame } from "./support/frame.js";
import type { Frame } from "./support/frame.js";
import { until } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";
import type { PaymentView } from "../../worker/checkout/wire.js";

const ETHEREUM: PaymentView = {
  ...VIEWS.NEW,
  paymentId: "pay-eth-1",
  transferCurrency: "ETH",
  address: "0x52908400098527886E0F7030069857D2E4169EE7",
  paymentUri:
    "ethereum:0x52908400098527886E0F7030069857D2E4169EE7@1?value=1.25e16&label=Order%20tip-7%20%E2%80%94%20Demo",
};

describe("QR codes of the production bundle", () => {
  let frame: Frame | undefined;
  afterEach(() => {
    frame?.remove();
    frame = undefined;
  });

  for (const view of [VIEWS.NEW, ETHEREUM]) {
    it(`are qrcode's own (${view.transferCurrency})`, async function () {
      this.timeout(60_000); // the bundle is built on first use
      const server = new FakeCheckout(OPEN_SHOP);
      server.payments.set(view.paymentId, view);
      frame = await openFrame("/test/widget/fixtures/csp-built.html", server);
      const el = frame.mount({ "payment-id": view.paymentId, locale: "en" });
      const path = () => el.shadowRoot?.querySelector("[part=qr] svg path")?.getAttribute("d");
      await until(() => Boolean(path()), "the QR code");
      const expected = qrPath(qrPayload(view.paymentUri, view.address));
      expect(expected.d.length).to.be.greaterThan(100);
      expect(path()).to.equal(expected.d);
      expect(el.shadowRoot?.querySelector("[part=qr] svg")?.getAttribute("viewBox")).to.equal(
        `0 0 ${expected.size} ${expected.size}`,
      );
    });
  }
});
