/** Redirects: only http(s) from redirectUrls, after redirect-delay, "go now", cancelable event. */
import { expect } from "@open-wc/testing";
import sinon from "sinon";
import type { PaymentView } from "../../worker/checkout/wire.js";
import type { CheckoutRedirectDetail } from "../../widget/index.js";
import { FakeCheckout } from "./support/fake-checkout.js";
import { nextLoad, openFrame } from "./support/frame.js";
import { $, mountWithPayment, root, textOf, unmountAll } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

const LANDED = `${location.origin}/test/widget/fixtures/landed.html`;

describe("redirect", () => {
  let server: FakeCheckout;
  let clock: sinon.SinonFakeTimers | undefined;
  beforeEach(() => {
    sessionStorage.clear();
    server = new FakeCheckout(OPEN_SHOP);
  });
  afterEach(() => {
    unmountAll();
    server.restore();
    clock?.restore();
    clock = undefined;
  });

  async function showInPage(view: PaymentView, attributes: Record<string, string> = {}) {
    clock = sinon.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"],
    });
    server.install();
    server.payments.set(view.paymentId, view);
    const el = await mountWithPayment({ "payment-id": view.paymentId, ...attributes });
    return { el };
  }

  it("refuses javascript: and other non-http(s) URLs: no countdown, no event, no navigation", async () => {
    for (const url of ["javascript:alert(document.domain)", "data:text/html,<p>x", "//shop.example/ok"]) {
      const view = { ...VIEWS.CONFIRMED, redirectUrls: { confirmed: url } };
      const { el } = await showInPage(view);
      const fired = sinon.spy();
      el.addEventListener("checkout-redirect", fired);
      await clock?.tickAsync(60_000);
      expect(fired.called, url).to.equal(false);
      expect($(el, ".redirect"), url).to.equal(null);
      expect(root(el).querySelectorAll("a[href^='javascript']"), url).to.have.length(0);
      unmountAll();
      server.restore();
      clock?.restore();
    }
  });

  it("counts down redirect-delay seconds with a go-now link, then fires a cancelable event; a cancelled redirect stays", async () => {
    const view = { ...VIEWS.CONFIRMED, redirectUrls: { confirmed: "https://shop.example/thanks?order=1001" } };
    const { el } = await showInPage(view, { "redirect-delay": "3" });
    expect(textOf($(el, ".redirect"))).to.equal("Returning to the shop in 3 seconds Go now");
    expect($(el, ".redirect a")?.getAttribute("href")).to.equal("https://shop.example/thanks?order=1001");
    const details: CheckoutRedirectDetail[] = [];
    el.addEventListener("checkout-redirect", (e) => {
      details.push(e.detail);
      expect(e.cancelable && e.bubbles && e.composed).to.equal(true);
      e.preventDefault();
    });
    await clock?.tickAsync(1000);
    await el.updateComplete;
    expect(textOf($(el, ".redirect"))).to.equal("Returning to the shop in 2 seconds Go now");
    await clock?.tickAsync(1000);
    await el.updateComplete;
    expect(textOf($(el, ".redirect"))).to.equal("Returning to the shop in 1 second Go now");
    expect(details).to.have.length(0);
    await clock?.tickAsync(1000);
    await el.updateComplete;
    expect(details).to.deep.equal([{ url: "https://shop.example/thanks?order=1001", reason: "confirmed" }]);
    // Still here: the countdown is gone, a plain link back remains.
    expect(el.isConnected).to.equal(true);
    expect($(el, ".redirect")).to.equal(null);
    expect(textOf(root(el).querySelector(`a[href="https://shop.example/thanks?order=1001"]`))).to.equal(
      "Back to the shop",
    );
    await clock?.tickAsync(60_000);
    expect(details).to.have.length(1);
  });

  it("starts the countdown at the whole delay, not a second more, on a clock that moves between readings", async () => {
    let now = 0;
    sinon.stub(performance, "now").callsFake(() => (now += 1)); // every reading a millisecond later
    try {
      server.install();
      server.payments.set(VIEWS.CONFIRMED.paymentId, {
        ...VIEWS.CONFIRMED,
        redirectUrls: { confirmed: "https://shop.example/ok" },
      });
      const el = await mountWithPayment({ "payment-id": VIEWS.CONFIRMED.paymentId, "redirect-delay": "600" });
      expect(textOf($(el, ".redirect span"))).to.equal("Returning to the shop in 600 seconds");
    } finally {
      sinon.restore();
    }
  });

  it("promises no return to the page the customer is on: no countdown, no link, no event (the fragment aside)", async () => {
    for (const url of [location.href, `${location.href.split("#")[0]}#thanks`]) {
      const { el } = await showInPage({ ...VIEWS.UNCONFIRMED, redirectUrls: { unconfirmed: url } });
      const fired = sinon.spy();
      el.addEventListener("checkout-redirect", fired);
      expect($(el, ".redirect"), url).to.equal(null);
      await clock?.tickAsync(60_000);
      await el.updateComplete;
      expect(fired.called, url).to.equal(false);
      expect($(el, ".redirect"), url).to.equal(null);
      expect(root(el).querySelectorAll(".actions a"), url).to.have.length(0);
      // The next status leads elsewhere: that redirect counts down as usual.
      server.update({ ...VIEWS.CONFIRMED, redirectUrls: { unconfirmed: url, confirmed: "https://shop.example/ok" } });
      await el.updateComplete;
      expect(textOf($(el, ".redirect")), url).to.equal("Returning to the shop in 5 seconds Go now");
      unmountAll();
      server.restore();
      clock?.restore();
    }
  });

  it("go now fires the event at once; preventing it keeps the customer on the page", async () => {
    const view = { ...VIEWS.EXPIRED, redirectUrls: { expired: "https://shop.example/expired" } };
    const { el } = await showInPage(view);
    const details: CheckoutRedirectDetail[] = [];
    el.addEventListener("checkout-redirect", (e) => {
      details.push(e.detail);
      e.preventDefault();
    });
    const link = $(el, ".redirect a") as HTMLAnchorElement;
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, composed: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).to.equal(true);
    expect(details).to.deep.equal([{ url: "https://shop.example/expired", reason: "expired" }]);
  });

  it("uses the unconfirmed key for UNCONFIRMED and nothing for NEW", async () => {
    const urls = { unconfirmed: "https://shop.example/wait", confirmed: "https://shop.example/ok" };
    const { el } = await showInPage({ ...VIEWS.NEW, redirectUrls: urls });
    expect($(el, ".redirect")).to.equal(null);
    server.update({ ...VIEWS.UNCONFIRMED, redirectUrls: urls });
    await el.updateComplete;
    expect($(el, ".redirect a")?.getAttribute("href")).to.equal("https://shop.example/wait");
  });

  it("navigates the host page when nobody cancels", async () => {
    const frame = await openFrame("/test/widget/fixtures/host.html", server);
    try {
      frame.server.payments.set("pay_0001", {
        ...VIEWS.CONFIRMED,
        redirectUrls: { confirmed: `${LANDED}?order=1001` },
      });
      const left = nextLoad(frame.iframe);
      const seen: CheckoutRedirectDetail[] = [];
      frame.doc.addEventListener("checkout-redirect", (e) =>
        seen.push((e as CustomEvent<CheckoutRedirectDetail>).detail),
      );
      frame.mount({ "payment-id": "pay_0001", "redirect-delay": "0" });
      await left;
      expect(seen).to.deep.equal([{ url: `${LANDED}?order=1001`, reason: "confirmed" }]);
      expect(frame.iframe.contentWindow?.location.href).to.equal(`${LANDED}?order=1001`);
    } finally {
      frame.remove();
    }
  });
});
