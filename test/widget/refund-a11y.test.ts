/**
 * The refund mode for keyboard, screen reader and right-to-left readers: axe in every step (light
 * and dark), the whole refund given with the keyboard alone, and Arabic, Hebrew and Persian laid
 * out right to left with the address left to right.
 */
import { expect } from "@open-wc/testing";
import { emulateMedia, sendKeys } from "@web/test-runner-commands";
import type { CryptoCheckout } from "../../widget/index.js";
import { axeViolations } from "./support/axe.js";
import { canEmulateMedia } from "./support/engine.js";
import { BTC_LINK, FakeRefundWorker, refusal, TOKEN, VECTORS } from "./support/fake-refund.js";
import { button, enter, heading, input, mountRefund, q, showing, unmountRefunds } from "./support/refund-mount.js";
import { textOf, until } from "./support/mount.js";

describe("refund mode: accessibility", () => {
  let worker: FakeRefundWorker;
  const consoleError = console.error;
  beforeEach(() => {
    worker = new FakeRefundWorker().install();
    console.error = () => {};
  });
  afterEach(async () => {
    unmountRefunds();
    worker.restore();
    console.error = consoleError;
    if (canEmulateMedia) await emulateMedia({ colorScheme: "no-preference", reducedMotion: "no-preference" });
  });

  /** Every step of a refund, reached one after the other; `visit` runs in each. */
  async function everyStep(el: CryptoCheckout, visit: (step: string) => Promise<void>): Promise<void> {
    await showing(el, "Refund from Northwind Coffee");
    await visit("awaiting address");
    await enter(el, VECTORS.bech32Typo);
    await visit("awaiting address, with a problem");
    await enter(el, VECTORS.bech32);
    button(el, "Continue")?.click();
    await showing(el, "Check the address");
    await visit("confirming");
    button(el, "Yes, send it here")?.click();
    await showing(el, "Address received");
    await visit("received");
  }

  for (const theme of ["light", "dark"] as const) {
    it(`has no axe violation in any step (${theme})`, async function () {
      this.timeout(30_000);
      const el = mountRefund({ theme });
      const found: string[] = [];
      await everyStep(el, async (step) => {
        for (const v of await axeViolations(el)) found.push(`${step}: ${v}`);
      });
      for (const [answer, text] of [
        [refusal("refund_link_expired", 410), "This refund link has expired. Ask the shop for a new link."],
        [refusal("rate_limited", 429), "Too many attempts in a short time. Wait a minute, then try again."],
      ] as const) {
        unmountRefunds();
        worker.getAnswers.push(answer);
        const failed = mountRefund({ theme });
        await showing(failed, text);
        for (const v of await axeViolations(failed)) found.push(`${text}: ${v}`);
      }
      expect(found).to.deep.equal([]);
    });
  }

  // Only Chromium's driver can switch the media features (support/engine.ts): elsewhere the page
  // cannot change the browser's setting itself, and the explicit themes above stand for both.
  if (canEmulateMedia) {
    it("follows the system's dark scheme and stops the spinner for reduced motion", async () => {
      await emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
      let open = () => {};
      worker.getGate = new Promise((resolve) => (open = resolve));
      const el = mountRefund();
      await showing(el, "Loading the refund…");
      expect(getComputedStyle(q(el, ".spinner") as HTMLElement).animationName).to.equal("none");
      open();
      await showing(el, "Refund from Northwind Coffee");
      expect(getComputedStyle(q(el, ".base") as HTMLElement).backgroundColor).to.equal("rgb(28, 29, 33)");
      expect(getComputedStyle(input(el) as HTMLElement).color).to.equal("rgb(236, 238, 241)");
      expect(await axeViolations(el)).to.deep.equal([]);
    });
  }

  it("gives the whole refund with the keyboard alone, focus on each new step's heading", async function () {
    this.timeout(30_000);
    const el = mountRefund();
    await showing(el, "Refund from Northwind Coffee");
    const before = document.createElement("button");
    before.textContent = "before";
    el.before(before);
    before.focus();
    await sendKeys({ press: "Tab" });
    expect(el.shadowRoot?.activeElement).to.equal(input(el));
    await sendKeys({ type: VECTORS.bech32Typo });
    await sendKeys({ press: "Tab" });
    expect(textOf(el.shadowRoot?.activeElement as Element)).to.equal("Continue");
    expect(textOf(q(el, "#address-problem"))).to.match(/its checksum does not match/);
    await sendKeys({ press: "Enter" }); // Continue with a problem: back to the field that has it
    await until(() => el.shadowRoot?.activeElement === input(el), "focus back on the field");
    expect(heading(el)).to.equal("Refund from Northwind Coffee");
    await sendKeys({ press: "End" });
    await sendKeys({ press: "Backspace" });
    await sendKeys({ type: "4" });
    expect(input(el)?.value).to.equal(VECTORS.bech32);
    await sendKeys({ press: "Enter" }); // submits the form
    await showing(el, "Check the address");
    await until(() => el.shadowRoot?.activeElement === q(el, "h2"), "focus on the heading");
    await sendKeys({ press: "Tab" });
    expect(textOf(el.shadowRoot?.activeElement as Element)).to.equal("Yes, send it here");
    await sendKeys({ press: "Enter" });
    await showing(el, "Address received");
    await until(() => el.shadowRoot?.activeElement === q(el, "h2"), "focus on the received heading");
    expect(worker.posts.map((p) => p.body)).to.deep.equal([{ address: VECTORS.bech32 }]);
    before.remove();
  });

  const RTL: [string, string, string][] = [
    ["ar", "استرداد من Northwind Coffee", "عنوان BTC الخاص بك"],
    ["he", "החזר כספי מ־Northwind Coffee", "כתובת ה־BTC שלכם"],
    ["fa", "بازپرداخت از Northwind Coffee", "نشانی BTC شما"],
  ];
  for (const [locale, title, label] of RTL) {
    it(`lays out ${locale} right to left, the address and its fields left to right`, async () => {
      const el = mountRefund({ locale });
      await showing(el, title);
      const base = q(el, ".base") as HTMLElement;
      expect(base.getAttribute("dir")).to.equal("rtl");
      expect(base.getAttribute("lang")).to.equal(locale);
      expect(getComputedStyle(base).direction).to.equal("rtl");
      expect(textOf(q(el, "label[for=address-input]"))).to.equal(label);
      expect(getComputedStyle(input(el) as HTMLElement).direction).to.equal("ltr");
      await enter(el, VECTORS.bech32);
      (q(el, "button[type=submit]") as HTMLButtonElement).click();
      await until(() => q(el, "[part=address]") !== null, "the confirmation");
      expect(getComputedStyle(q(el, "[part=address] .groups") as HTMLElement).direction).to.equal("ltr");
      expect(heading(el)).not.to.equal("Check the address");
      expect(await axeViolations(el)).to.deep.equal([]);
    });
  }

  it("shows the refund in the language of the page, and follows a change of locale", async () => {
    const el = mountRefund({ locale: "de" });
    await showing(el, "Rückerstattung von Northwind Coffee");
    expect(textOf(q(el, "[part=amount]"))).to.equal("Sie erhalten 0,0005 BTC Erstattung von: 25,00 €");
    el.setAttribute("locale", "ja");
    await showing(el, "Northwind Coffee からの返金");
    expect(worker.requests.length, "the link is not loaded again").to.equal(1);
    expect(worker.links.get(TOKEN)).to.deep.equal(BTC_LINK);
  });
});
