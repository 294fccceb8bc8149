/**
 * The element on each engine's own platform: the real Clipboard API behind a real key press, a
 * page whose session storage is unavailable (as privacy settings and private modes make it), and
 * the colour scheme a framing page chooses.
 */
import { expect } from "@open-wc/testing";
import { sendKeys } from "@web/test-runner-commands";
import sinon from "sinon";
import { engine } from "./support/engine.js";
import { FakeCheckout } from "./support/fake-checkout.js";
import { openFrame } from "./support/frame.js";
import { $, mountWithPayment, part, root, textOf, until, useFakeCheckout } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

describe("the engine's own clipboard and storage", () => {
  const fixture = useFakeCheckout(OPEN_SHOP);
  afterEach(() => sinon.restore());

  it("copies through the engine's Clipboard API on a real key press, with no fallback", async () => {
    // Spies, not stubs: the engine's own writeText runs, with the user activation of the key press.
    const writeText = sinon.spy(navigator.clipboard, "writeText");
    const execCommand = sinon.spy(document, "execCommand");
    const el = await fixture.show(VIEWS.NEW);
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
    [
      "throws",
      () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    ],
    // Firefox answers null when storage is switched off (dom.storage.enabled).
    ["is null", () => null],
  ] as const) {
    it(`creates and shows the payment when sessionStorage ${name}`, async () => {
      sinon.stub(window, "sessionStorage").get(unavailable);
      const el = await mountWithPayment();
      expect(el.payment?.paymentId).to.equal("pay_created_1");
      expect(textOf(part(el, "amount"))).to.contain("0.00041234 BTC");
      expect(fixture.server.requestsTo("POST", "/payments")).to.have.length(1);
    });
  }

  // Where the driver cannot switch the system's colour scheme (support/engine.ts), a framing page
  // still can: Chromium and Firefox give a frame the prefers-color-scheme of its color-scheme
  // property. WebKit's frames keep the system's, so there this stays with a11y.test.ts (Chromium).
  if (engine !== "webkit") {
    it("theme auto follows prefers-color-scheme as a framing page sets it", async () => {
      const framed = new FakeCheckout(OPEN_SHOP);
      framed.payments.set(VIEWS.NEW.paymentId, VIEWS.NEW);
      const frame = await openFrame("/test/widget/fixtures/host.html", framed);
      try {
        const auto = frame.mount({ "payment-id": VIEWS.NEW.paymentId });
        const light = frame.mount({ "payment-id": VIEWS.NEW.paymentId, theme: "light" });
        const base = (el: HTMLElement) => el.shadowRoot?.querySelector<HTMLElement>(".base") ?? null;
        const backgrounds = () =>
          [auto, light].map((el) => {
            const b = base(el);
            return b ? frame.win.getComputedStyle(b).backgroundColor : undefined;
          });
        frame.iframe.scrollIntoView();
        // Each wait gives up after about 3 s (180 frames), well inside the test's time, to say which.
        await until(() => backgrounds().every((b) => b !== undefined), "both elements", 180);
        expect(frame.win.matchMedia("(prefers-color-scheme: dark)").matches).to.equal(false);
        expect(backgrounds()).to.deep.equal(["rgb(255, 255, 255)", "rgb(255, 255, 255)"]);
        frame.iframe.style.colorScheme = "dark";
        await until(
          () => frame.win.matchMedia("(prefers-color-scheme: dark)").matches,
          "the frame's dark preference",
          180,
        );
        await until(() => backgrounds()[0] === "rgb(28, 29, 33)", "the dark theme", 180);
        expect(backgrounds()).to.deep.equal(["rgb(28, 29, 33)", "rgb(255, 255, 255)"]);
      } finally {
        frame.remove();
      }
    });
  }
});
