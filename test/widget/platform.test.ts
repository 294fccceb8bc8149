/**
 * The element on each engine's own platform: the real Clipboard API behind a real key press, and a
 * page whose session storage is unavailable (as privacy settings and private modes make it).
 */
import { expect } from "@open-wc/testing";
import { sendKeys } from "@web/test-runner-commands";
import sinon from "sinon";
import { FakeCheckout } from "./support/fake-checkout.js";
import { $, mountWithPayment, part, root, textOf, unmountAll, until } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

describe("the engine's own clipboard and storage", () => {
  let server: FakeCheckout;
  beforeEach(() => {
    sessionStorage.clear();
    server = new FakeCheckout(OPEN_SHOP).install();
  });
  afterEach(() => {
    unmountAll();
    server.restore();
    sinon.restore();
  });

  it("copies through the engine's Clipboard API on a real key press, with no fallback", async () => {
    // Spies, not stubs: the engine's own writeText runs, with the user activation of the key press.
    const writeText = sinon.spy(navigator.clipboard, "writeText");
    const execCommand = sinon.spy(document, "execCommand");
    server.payments.set(VIEWS.NEW.paymentId, VIEWS.NEW);
    const el = await mountWithPayment({ "payment-id": VIEWS.NEW.paymentId });
    const copyAddress = part(el, "address")?.querySelector("button");
    if (!copyAddress) throw new Error("no copy button");
    copyAddress.focus();
    expect(root(el).activeElement).to.equal(copyAddress);
    await sendKeys({ press: "Enter" });
    await until(() => $(el, ".feedback") !== null, "feedback");
    expect(writeText.calledOnceWithExactly(VIEWS.NEW.address)).to.equal(true);
    await writeText.firstCall.returnValue;
    expect(execCommand.called, "no legacy fallback").to.equal(false);
    expect(textOf($(el, ".feedback"))).to.equal("Copied");
  });

  for (const [name, unavailable] of [
    // Chromium and WebKit throw a SecurityError when storage is blocked for the page.
    ["throws", () => { throw new DOMException("The operation is insecure.", "SecurityError"); }],
    // Firefox answers null when storage is switched off (dom.storage.enabled).
    ["is null", () => null],
  ] as const) {
    it(`creates and shows the payment when sessionStorage ${name}`, async () => {
      sinon.stub(window, "sessionStorage").get(unavailable);
      const el = await mountWithPayment();
      expect(el.payment?.paymentId).to.equal("pay_created_1");
      expect(textOf(part(el, "amount"))).to.contain("0.00041234 BTC");
      expect(server.requestsTo("POST", "/payments")).to.have.length(1);
    });
  }
});
