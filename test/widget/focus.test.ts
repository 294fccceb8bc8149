/**
 * Focus stays in the element when the control that had it disappears: after picking a currency,
 * on a status change, after "Start again", "Try again" and a cancelled redirect it lands on a
 * sensible element inside the shadow root, never on the page's body; a screen reader then hears
 * the new status once, from the focused heading.
 */
import { expect } from "@open-wc/testing";
import { sendKeys } from "@web/test-runner-commands";
import type { PaymentView } from "../../worker/checkout/wire.js";
import type { CryptoCheckout } from "../../widget/index.js";
import { axeViolations } from "./support/axe.js";
import { FakeCheckout } from "./support/fake-checkout.js";
import { $, create, mountWithPayment, nextEvent, root, textOf, unmountAll, until } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

describe("focus when the focused control disappears", () => {
  let server: FakeCheckout;
  beforeEach(() => {
    sessionStorage.clear();
    server = new FakeCheckout(OPEN_SHOP).install();
  });
  afterEach(() => {
    unmountAll();
    server.restore();
  });

  function show(view: PaymentView, attributes: Record<string, string> = {}): Promise<CryptoCheckout> {
    server.payments.set(view.paymentId, view);
    return mountWithPayment({ "payment-id": view.paymentId, ...attributes });
  }

  /** Focuses the control named `name` inside the element the way a keyboard user does (Tab). */
  async function tabTo(el: CryptoCheckout, name: string): Promise<void> {
    const start = document.createElement("button");
    start.textContent = "before";
    el.before(start);
    start.focus();
    for (let i = 0; i < 10 && textOf(root(el).activeElement) !== name; i++) await sendKeys({ press: "Tab" });
    start.remove();
    expect(textOf(root(el).activeElement), "the control to start from").to.equal(name);
  }

  /** What has focus: the element inside the shadow root, tag and text, or what the page has. */
  function focused(el: CryptoCheckout): string {
    const inside = root(el).activeElement;
    if (document.activeElement !== el || !inside) return `outside: ${document.activeElement?.tagName ?? "nothing"}`;
    return `${inside.tagName.toLowerCase()}: ${textOf(inside)}`;
  }
  const liveRegion = (el: CryptoCheckout) => textOf($(el, "[role=status]"));

  it("after picking a currency: on the new payment's status heading, its status heard once, from there", async () => {
    const el = create({ "transfer-currency": null });
    await until(() => root(el).querySelector(".picker") !== null, "the picker");
    await tabTo(el, "Pay with Litecoin (LTC)");
    const shown = nextEvent(el, "checkout-payment");
    await sendKeys({ press: "Enter" });
    await shown;
    await el.updateComplete;
    expect(focused(el)).to.equal("h2: Waiting for your payment");
    expect(liveRegion(el), "not said a second time by the live region").to.equal("");
    await sendKeys({ press: "Tab" });
    expect(focused(el), "Tab goes on from the heading").to.equal("button: Copy address");
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("on a status change that removes the focused control: on the new status heading", async () => {
    const el = await show(VIEWS.NEW);
    await tabTo(el, "Copy amount");
    await until(() => server.openSockets.length === 1, "the stream");
    server.update(VIEWS.UNCONFIRMED);
    await el.updateComplete;
    expect(focused(el)).to.equal("h2: Payment received, waiting for confirmation");
    expect(liveRegion(el)).to.not.contain("Payment received");
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("on a status change that keeps the focused control: stays there, and the live region says the status", async () => {
    const el = await show(VIEWS.NEW);
    await tabTo(el, "Copy address");
    await until(() => server.openSockets.length === 1, "the stream");
    server.update(VIEWS.UNDERPAID);
    await el.updateComplete;
    expect(focused(el)).to.equal("button: Copy address");
    expect(liveRegion(el)).to.equal("Part of the amount has arrived");
  });

  it("after start again: on the new payment's status heading", async () => {
    const el = await mountWithPayment();
    await until(() => server.openSockets.length === 1, "the stream");
    server.update({ ...VIEWS.EXPIRED, paymentId: el.payment?.paymentId ?? "" });
    await el.updateComplete;
    await tabTo(el, "Start again");
    const shown = nextEvent(el, "checkout-payment");
    await sendKeys({ press: "Enter" });
    await shown;
    await el.updateComplete;
    expect(el.payment?.status).to.equal("NEW");
    expect(focused(el)).to.equal("h2: Waiting for your payment");
  });

  it("after try again fails once more: on the error's heading", async () => {
    const failed = nextEvent(document, "checkout-error");
    const el = create({ "payment-id": "pay_gone" });
    await failed;
    await el.updateComplete;
    await tabTo(el, "Try again");
    const again = nextEvent(el, "checkout-error");
    await sendKeys({ press: "Enter" });
    await again;
    await el.updateComplete;
    expect(focused(el)).to.equal("h2: The payment could not be loaded");
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("after a cancelled go-now: on the link back to the shop that replaced it", async () => {
    const el = await show({ ...VIEWS.CONFIRMED, redirectUrls: { confirmed: "https://shop.example/thanks" } }, { "redirect-delay": "600" });
    el.addEventListener("checkout-redirect", (e) => e.preventDefault());
    await tabTo(el, "Go now");
    await sendKeys({ press: "Enter" });
    await el.updateComplete;
    expect(focused(el)).to.equal("a: Back to the shop");
  });

  it("leaves focus alone when it was not inside the element", async () => {
    const outside = document.createElement("input");
    outside.setAttribute("aria-label", "coupon");
    document.body.append(outside);
    try {
      const el = await show(VIEWS.NEW);
      await until(() => server.openSockets.length === 1, "the stream");
      outside.focus();
      server.update(VIEWS.UNCONFIRMED);
      await el.updateComplete;
      expect(document.activeElement).to.equal(outside);
      expect(liveRegion(el)).to.equal("Payment received, waiting for confirmation");
    } finally {
      outside.remove();
    }
  });
});
