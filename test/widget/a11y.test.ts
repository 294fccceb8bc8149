/** Keyboard, focus, copy feedback, reduced motion, colour schemes and narrow/wide layouts. */
import { expect } from "@open-wc/testing";
import { emulateMedia, sendKeys } from "@web/test-runner-commands";
import sinon from "sinon";
import type { CryptoCheckout } from "../../widget/index.js";
import { axeViolations } from "./support/axe.js";
import { canEmulateMedia } from "./support/engine.js";
import { tabThrough, tabTo } from "./support/keyboard.js";
import { $, part, root, textOf, unmountAll, until, useFakeCheckout } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

describe("accessibility and layout", () => {
  const { show } = useFakeCheckout(OPEN_SHOP);
  afterEach(async () => {
    sinon.restore();
    // "no-preference" ends the override (a forced "light" stays with the page, which the test
    // runner reuses for later files, and overrides even what a frame's color-scheme asks for).
    if (canEmulateMedia) await emulateMedia({ reducedMotion: "no-preference", colorScheme: "no-preference" });
  });

  /** Tabs through the page and returns what got focus inside the element, with its outline. */
  async function focusRings(el: CryptoCheckout, presses: number): Promise<{ name: string; outline: string }[]> {
    return tabThrough(el, presses, (active) => {
      const style = getComputedStyle(active);
      return { name: textOf(active), outline: `${style.outlineStyle} ${style.outlineWidth}` };
    });
  }

  it("reaches every control by keyboard, each with a visible focus ring", async () => {
    const el = await show(VIEWS.NEW);
    const focused = await focusRings(el, 3);
    expect(focused).to.deep.equal([
      { name: "Copy address", outline: "solid 3px" },
      { name: "Copy amount", outline: "solid 3px" },
      { name: "Open in wallet", outline: "solid 3px" },
    ]);
  });

  it("reaches start again and the go-now link by keyboard", async () => {
    const el = await show(
      { ...VIEWS.EXPIRED, redirectUrls: { expired: "https://shop.example/expired" } },
      { "redirect-delay": "600" },
    );
    const focused = await focusRings(el, 2);
    expect(focused.map((f) => f.name)).to.deep.equal(["Start again", "Go now"]);
    expect(focused.every((f) => f.outline === "solid 3px")).to.equal(true);
  });

  it("copies the exact address with the keyboard and confirms it visibly and to screen readers", async () => {
    const writeText = sinon.stub(navigator.clipboard, "writeText").resolves();
    const el = await show(VIEWS.NEW);
    await tabTo(el, "Copy address");
    await sendKeys({ press: "Enter" });
    await until(() => $(el, ".feedback") !== null, "feedback");
    expect(writeText.calledOnceWithExactly(VIEWS.NEW.address)).to.equal(true);
    expect(textOf(part(el, "address"))).to.contain("Copied");
    expect(textOf($(el, "[role=status]"))).to.equal("Copied");
  });

  it("shows Copied for three seconds, a manual-copy hint until the next copy, and leaves no timer behind", async () => {
    const writeText = sinon.stub(navigator.clipboard, "writeText").resolves();
    const execCommand = sinon.stub(document, "execCommand").returns(false);
    const el = await show(VIEWS.NEW);
    const clock = sinon.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const copy = (field: string) =>
        ($(el, `#${field}-value`)?.closest(".value-row")?.querySelector("button") as HTMLButtonElement).click();
      const feedback = () =>
        [...root(el).querySelectorAll(".feedback")].map(
          (f) => `${f.closest(".value-row")?.querySelector("code")?.id}: ${textOf(f)}`,
        );
      copy("address");
      await until(() => feedback().length > 0, "feedback");
      clock.tick(2999);
      await el.updateComplete;
      expect(feedback()).to.deep.equal(["address-value: Copied"]);
      clock.tick(1);
      await el.updateComplete;
      expect(feedback()).to.deep.equal([]);

      writeText.rejects(new DOMException("denied", "NotAllowedError"));
      copy("amount");
      await until(() => feedback().length > 0, "the manual-copy hint");
      clock.tick(60_000);
      await el.updateComplete;
      expect(feedback()).to.deep.equal(["amount-value: Selected: press Ctrl+C (⌘C) to copy"]);
      expect(execCommand.calledOnceWithExactly("copy")).to.equal(true);

      writeText.resolves();
      copy("address");
      await until(() => feedback()[0] === "address-value: Copied", "the next copy's feedback");
      expect(feedback()).to.have.length(1);
      unmountAll();
      expect(clock.countTimers(), "the Copied timer is cleared with the element").to.equal(0);
    } finally {
      clock.restore();
    }
  });

  /**
   * The text selected inside the element's shadow root, read the standard way every engine here
   * has (getComposedRanges): ShadowRoot.getSelection() is Chromium's alone, and WebKit moves the
   * document selection's anchor out of the shadow tree (to the body).
   */
  const selectedIn = (el: CryptoCheckout) => {
    const [selected] = document.getSelection()?.getComposedRanges({ shadowRoots: [root(el)] }) ?? [];
    if (!selected) return undefined;
    const range = document.createRange();
    range.setStart(selected.startContainer, selected.startOffset);
    range.setEnd(selected.endContainer, selected.endOffset);
    return range.toString();
  };

  it("falls back to the selection and the legacy copy command when the Clipboard API is refused", async () => {
    sinon.stub(navigator.clipboard, "writeText").rejects(new DOMException("denied", "NotAllowedError"));
    const execCommand = sinon.stub(document, "execCommand").returns(true);
    const el = await show(VIEWS.UNDERPAID);
    ($(el, "#amount-value")?.closest(".value-row")?.querySelector("button") as HTMLButtonElement).click();
    await until(() => $(el, ".feedback") !== null, "feedback");
    expect(execCommand.calledOnceWithExactly("copy")).to.equal(true);
    expect(selectedIn(el)).to.equal("0.00011234");
    expect(textOf($(el, ".feedback"))).to.equal("Copied");
  });

  it("asks for a manual copy, with the text selected, when no copy mechanism works", async () => {
    sinon.stub(navigator.clipboard, "writeText").rejects(new DOMException("denied", "NotAllowedError"));
    sinon.stub(document, "execCommand").returns(false);
    const el = await show(VIEWS.NEW);
    ($(el, "#address-value")?.parentElement?.querySelector("button") as HTMLButtonElement).click();
    await until(() => $(el, ".feedback") !== null, "feedback");
    expect(selectedIn(el)).to.equal(VIEWS.NEW.address);
    expect(textOf($(el, ".feedback"))).to.equal("Selected: press Ctrl+C (⌘C) to copy");
    expect(textOf($(el, "[role=status]"))).to.equal("Selected: press Ctrl+C (⌘C) to copy");
  });

  // Where the driver cannot switch the media features (see canEmulateMedia), these two run in
  // Chromium only: the page cannot change the browser's setting itself. (Firefox's dark theme is
  // checked through a framing page instead, in platform.test.ts.)
  if (canEmulateMedia) {
    it("honours prefers-reduced-motion", async () => {
      const el = await show(VIEWS.UNCONFIRMED);
      const spinner = $(el, ".spinner") as HTMLElement;
      expect(getComputedStyle(spinner).animationName).to.equal("spin");
      await emulateMedia({ reducedMotion: "reduce" });
      expect(getComputedStyle(spinner).animationName).to.equal("none");
    });

    it("theme auto follows the system colour scheme; light and dark force it", async () => {
      const auto = await show(VIEWS.NEW);
      const light = await show(VIEWS.NEW, { theme: "light" });
      const background = (el: CryptoCheckout) => getComputedStyle($(el, ".base") as HTMLElement).backgroundColor;
      expect([background(auto), background(light)]).to.deep.equal(["rgb(255, 255, 255)", "rgb(255, 255, 255)"]);
      await emulateMedia({ colorScheme: "dark" });
      expect([background(auto), background(light)]).to.deep.equal(["rgb(28, 29, 33)", "rgb(255, 255, 255)"]);
      const link = part(auto, "wallet-link") as HTMLElement;
      expect(getComputedStyle(link).backgroundColor).to.equal("rgb(138, 180, 248)");
      expect(await axeViolations(auto)).to.deep.equal([]);
    });
  }

  it("custom properties restyle colours, radius, spacing and font", async () => {
    const el = await show(VIEWS.NEW);
    el.style.setProperty("--checkout-background", "rgb(1, 2, 3)");
    el.style.setProperty("--checkout-radius", "0px");
    el.style.setProperty("--checkout-spacing", "7px");
    el.style.setProperty("--checkout-font", "monospace");
    const base = getComputedStyle($(el, ".base") as HTMLElement);
    expect([
      base.backgroundColor,
      base.borderTopLeftRadius,
      base.paddingTop,
      getComputedStyle(el).fontFamily,
    ]).to.deep.equal(["rgb(1, 2, 3)", "0px", "7px", "monospace"]);
  });

  for (const width of [320, 600]) {
    for (const [name, view] of Object.entries({
      NEW: VIEWS.NEW,
      UNDERPAID: VIEWS.UNDERPAID,
      UNCONFIRMED: VIEWS.UNCONFIRMED,
      INVALID: VIEWS.INVALID,
    })) {
      it(`fits ${width} px without overflow (${name})`, async () => {
        const box = document.createElement("div");
        box.style.width = `${width}px`;
        document.body.append(box);
        try {
          const el = await show(view, { locale: "de" }, box);
          await until(() => $(el, ".base")?.getAttribute("lang") === "de", "German");
          const base = $(el, ".base") as HTMLElement;
          expect(base.scrollWidth, "no horizontal scroll").to.be.at.most(base.clientWidth);
          const limit = box.getBoundingClientRect().right + 0.5;
          const offenders = [...root(el).querySelectorAll<HTMLElement>("*")]
            .filter((n) => n.getBoundingClientRect().right > limit)
            .map((n) => n.className || n.tagName);
          expect(offenders).to.deep.equal([]);
          expect(el.getBoundingClientRect().width).to.equal(width);
        } finally {
          box.remove();
        }
      });
    }
  }
});
