/**
 * Focus stays in the element when the control that had it disappears: after picking a currency,
 * on a status change, after "Start again", "Try again" and a cancelled redirect it lands on a
 * sensible element inside the shadow root, never on the page's body; a screen reader then hears
 * the new status once, from the focused heading.
 */
import { expect } from "@open-wc/testing";
import { sendKeys } from "@web/test-runner-commands";
import sinon from "sinon";
import type { PaymentView } from "../../worker/checkout/wire.js";
import type { CryptoCheckout } from "../../widget/index.js";
import { axeViolations } from "./support/axe.js";
import { tabTo } from "./support/keyboard.js";
import { $, create, mountWithPayment, nextEvent, root, textOf, until, useFakeCheckout } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

describe("focus when the focused control disappears", () => {
  const checkout = useFakeCheckout(OPEN_SHOP);

  /** Shows `from`, focuses its control `name` by keyboard, then pushes `to` over the stream. */
  async function statusChangeWithFocusOn(name: string, from: PaymentView, to: PaymentView): Promise<CryptoCheckout> {
    const el = await checkout.show(from);
    await tabTo(el, name);
    await until(() => checkout.server.openSockets.length === 1, "the stream");
    checkout.server.update(to);
    await el.updateComplete;
    return el;
  }

  /** Tabs to the control `name`, presses Enter on it, and waits for the element's next `event` and its render. */
  async function pressEnterOn(
    el: CryptoCheckout,
    name: string,
    event: "checkout-payment" | "checkout-error",
  ): Promise<void> {
    await tabTo(el, name);
    const next = nextEvent(el, event);
    await sendKeys({ press: "Enter" });
    await next;
    await el.updateComplete;
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
    await pressEnterOn(el, "Pay with Litecoin (LTC)", "checkout-payment");
    expect(focused(el)).to.equal("h2: Waiting for your payment");
    expect(liveRegion(el), "not said a second time by the live region").to.equal("");
    await sendKeys({ press: "Tab" });
    expect(focused(el), "Tab goes on from the heading").to.equal("button: Copy address");
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("on a status change that removes the focused control: on the new status heading", async () => {
    const el = await statusChangeWithFocusOn("Copy amount", VIEWS.NEW, VIEWS.UNCONFIRMED);
    expect(focused(el)).to.equal("h2: Payment received, waiting for confirmation");
    expect(liveRegion(el)).to.not.contain("Payment received");
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("on a status change that keeps the focused control: stays there, and the live region says the status", async () => {
    const el = await statusChangeWithFocusOn("Copy address", VIEWS.NEW, VIEWS.UNDERPAID);
    expect(focused(el)).to.equal("button: Copy address");
    expect(liveRegion(el)).to.equal("Part of the amount has arrived");
  });

  it("after start again: on the new payment's status heading", async () => {
    const el = await mountWithPayment();
    await until(() => checkout.server.openSockets.length === 1, "the stream");
    checkout.server.update({ ...VIEWS.EXPIRED, paymentId: el.payment?.paymentId ?? "" });
    await el.updateComplete;
    await pressEnterOn(el, "Start again", "checkout-payment");
    expect(el.payment?.status).to.equal("NEW");
    expect(focused(el)).to.equal("h2: Waiting for your payment");
  });

  it("after try again fails once more: on the error's heading", async () => {
    const quiet = sinon.stub(console, "error");
    try {
      checkout.server.networkDown = true;
      const failed = nextEvent(document, "checkout-error");
      const el = create({ "payment-id": "pay_gone" });
      await failed;
      await el.updateComplete;
      await pressEnterOn(el, "Try again", "checkout-error");
      expect(focused(el)).to.equal("h2: The checkout cannot be reached right now. Please try again in a moment.");
      expect(await axeViolations(el)).to.deep.equal([]);
    } finally {
      quiet.restore();
    }
  });

  it("after a cancelled go-now: on the link back to the shop that replaced it", async () => {
    const el = await checkout.show(
      { ...VIEWS.CONFIRMED, redirectUrls: { confirmed: "https://shop.example/thanks" } },
      { "redirect-delay": "600" },
    );
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
      const el = await checkout.show(VIEWS.NEW);
      await until(() => checkout.server.openSockets.length === 1, "the stream");
      outside.focus();
      checkout.server.update(VIEWS.UNCONFIRMED);
      await el.updateComplete;
      expect(document.activeElement).to.equal(outside);
      expect(liveRegion(el)).to.equal("Payment received, waiting for confirmation");
    } finally {
      outside.remove();
    }
  });
});
