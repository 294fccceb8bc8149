/**
 * The details of what a customer reads and copies: the address in groups of four (copied and read
 * out whole), the amount next to its currency code, the confirmed state's icon.
 */
import { expect } from "@open-wc/testing";
import axe from "axe-core";
import sinon from "sinon";
import type { CryptoCheckout } from "../../widget/index.js";
import { CONFIRMED_ICON } from "../../widget/element/status-icons.js";
import { $, part, root, until, useFakeCheckout } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

/** A 42-character testnet address: ten groups of four and a last group of two. */
const LONG = "tb1qcmlx6x7np2dknx706eysun5nn6elnf2tl7t55m";

/**
 * What a screen reader reads for `node` where it names something (aria-labelledby context, which
 * takes the text of any element), as axe-core computes it over the flattened tree, shadow roots
 * included.
 */
function textAlternative(node: Element): string {
  axe.setup(document.body);
  try {
    return axe.commons.text.accessibleText(node, { inLabelledByContext: true });
  } finally {
    axe.teardown();
  }
}

describe("payment details", () => {
  const checkout = useFakeCheckout(OPEN_SHOP);
  afterEach(() => sinon.restore());

  const groupsOf = (el: CryptoCheckout) => [...root(el).querySelectorAll("#address-value > span")] as HTMLElement[];

  it("shows the address in groups of four, copies it exactly and reads it out whole", async () => {
    const writeText = sinon.stub(navigator.clipboard, "writeText").resolves();
    const el = await checkout.show({ ...VIEWS.NEW, address: LONG });
    const groups = groupsOf(el);
    expect(groups.map((g) => g.textContent)).to.deep.equal([
      "tb1q",
      "cmlx",
      "6x7n",
      "p2dk",
      "nx70",
      "6eys",
      "un5n",
      "n6el",
      "nf2t",
      "l7t5",
      "5m",
    ]);
    // Spaced by margins, not characters.
    expect($(el, "#address-value")?.textContent).to.equal(LONG);
    expect(parseFloat(getComputedStyle(groups[0] as HTMLElement).marginInlineEnd)).to.be.greaterThan(0);
    // Screen readers: the groups are hidden, the field reads the address once, in one piece.
    const field = part(el, "address") as HTMLElement;
    expect($(el, "#address-value")?.getAttribute("aria-hidden")).to.equal("true");
    expect(textAlternative(field.querySelector(".value-row") as Element)).to.equal(`${LONG} Copy address`);
    // The copy button copies the exact address.
    (field.querySelector("button") as HTMLButtonElement).click();
    await until(() => writeText.called, "the copy");
    expect(writeText.calledOnceWithExactly(LONG)).to.equal(true);
  });

  it("a selection of the shown address is the exact address, without the copy read to screen readers", async () => {
    const el = await checkout.show({ ...VIEWS.NEW, address: LONG });
    const shown = $(el, "#address-value") as HTMLElement;
    const spoken = part(el, "address")?.querySelector(".sr-only") as HTMLElement;
    expect(spoken.textContent).to.equal(LONG);
    // The hidden copy comes before the groups, outside them: a selection from the first group to the last leaves it out.
    expect(shown.contains(spoken)).to.equal(false);
    expect(spoken.compareDocumentPosition(shown) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    const selection = document.getSelection() as Selection;
    selection.selectAllChildren(shown);
    expect(selection.toString()).to.equal(LONG);
    selection.removeAllRanges();
  });

  for (const width of [240, 300, 360, 460, 600]) {
    it(`breaks the address between groups only, never leaving the last short group alone on a line (${width} px)`, async () => {
      const holder = document.createElement("div");
      holder.style.width = `${width}px`;
      document.body.append(holder);
      try {
        const el = await checkout.show({ ...VIEWS.NEW, address: LONG }, {}, holder);
        const groups = groupsOf(el);
        const lineOf = (g: HTMLElement) => Math.round(g.getBoundingClientRect().top);
        // Each group is on one line (a group never wraps inside itself).
        for (const g of groups) expect(g.getClientRects().length, g.textContent ?? "").to.equal(1);
        const last = groups.at(-1) as HTMLElement;
        const beforeLast = groups.at(-2) as HTMLElement;
        expect(lineOf(last), `the last group shares its line (${new Set(groups.map(lineOf)).size} lines)`).to.equal(
          lineOf(beforeLast),
        );
      } finally {
        holder.remove();
      }
    });
  }

  for (const locale of ["en", "ar"]) {
    for (const width of [260, 600]) {
      it(`keeps the amount and its currency code side by side (${locale}, ${width} px)`, async () => {
        const holder = document.createElement("div");
        holder.style.width = `${width}px`;
        document.body.append(holder);
        try {
          const el = await checkout.show(VIEWS.NEW, { locale }, holder);
          await until(() => $(el, ".base")?.getAttribute("lang") === locale, `${locale} catalog`);
          const number = $(el, "#amount-value") as HTMLElement;
          const value = number.parentElement as HTMLElement;
          const code = value.lastChild as Text;
          expect(code.textContent?.trim()).to.equal("BTC");
          const range = document.createRange();
          range.selectNodeContents(code);
          const currency = [...range.getClientRects()].find((r) => r.width > 0) as DOMRect;
          const digits = number.getBoundingClientRect();
          const em = parseFloat(getComputedStyle(number).fontSize);
          // Same line, left to right, about one space apart.
          expect(Math.abs(currency.top - digits.top)).to.be.lessThan(em / 2);
          expect(currency.left - digits.right).to.be.within(0, em);
        } finally {
          holder.remove();
        }
      });
    }
  }

  it("shows a tick beside the confirmed status, in the status colour, the stroke the demo's result page draws", async () => {
    const el = await checkout.show(VIEWS.CONFIRMED);
    const icon = part(el, "status")?.querySelector("svg.icon") as SVGSVGElement | null;
    expect(icon).to.not.equal(null);
    expect(icon?.getAttribute("aria-hidden")).to.equal("true");
    expect(icon?.querySelector("path")?.getAttribute("d")).to.equal(CONFIRMED_ICON);
    const style = getComputedStyle(icon as SVGSVGElement);
    expect(style.stroke).to.equal(getComputedStyle(part(el, "status") as HTMLElement).color);
    expect(style.fill).to.equal("none");
    expect(icon?.getBoundingClientRect().width).to.be.greaterThan(10);
  });

  it("shows the spinner, not the tick, while the payment is under way", async () => {
    const el = await checkout.show(VIEWS.NEW);
    expect(part(el, "status")?.querySelector(".spinner")).to.not.equal(null);
    expect(part(el, "status")?.querySelector("svg.icon")).to.equal(null);
  });
});
