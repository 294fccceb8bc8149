/**
 * A host page whose Content-Security-Policy has no 'unsafe-inline' and no 'unsafe-eval': the
 * element (from source, and the production bundle with its lazily loaded locale chunk) renders
 * every block without a single securitypolicyviolation.
 */
import { expect } from "@open-wc/testing";
import type { CryptoCheckout } from "../../widget/index.js";
import { FakeCheckout } from "./support/fake-checkout.js";
import { openFrame } from "./support/frame.js";
import type { Frame } from "./support/frame.js";
import { textOf, until } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

function shadow(el: CryptoCheckout, selector: string): HTMLElement | null {
  return el.shadowRoot?.querySelector<HTMLElement>(selector) ?? null;
}

describe("strict Content-Security-Policy", () => {
  let frame: Frame | undefined;
  afterEach(() => {
    frame?.remove();
    frame = undefined;
  });

  it("reports a violation when there is one (the probe works)", async () => {
    frame = await openFrame("/test/widget/fixtures/csp-source.html", new FakeCheckout(OPEN_SHOP));
    const div = frame.doc.createElement("div");
    div.setAttribute("style", "color: red");
    frame.doc.body.append(div);
    const { win } = frame;
    await until(() => (win.cspViolations ?? []).length > 0, "a violation report");
    expect(win.cspViolations?.[0]).to.match(/^style-src-attr/);
  });

  for (const variant of ["source", "built"] as const) {
    it(`renders every block with no violation (${variant})`, async function () {
      this.timeout(60_000); // the production bundle is built on first use
      const server = new FakeCheckout(OPEN_SHOP);
      frame = await openFrame(`/test/widget/fixtures/csp-${variant}.html`, server);
      const el = frame.mount({ "transfer-currency": null, locale: "de", theme: "dark", "redirect-delay": "600" });
      await until(() => shadow(el, ".picker button") !== null, "the picker");
      shadow(el, ".picker button")?.click();
      await until(() => shadow(el, "[part=qr] svg") !== null, "the QR code");
      expect(textOf(shadow(el, "[part=status]"))).to.equal("Wir warten auf Ihre Zahlung");
      const id = el.payment?.paymentId ?? "";
      await until(() => server.openSockets.length === 1, "the stream");
      server.update({ ...VIEWS.UNDERPAID, paymentId: id });
      await until(() => shadow(el, "[part=progress] svg") !== null, "the progress bar");
      shadow(el, "[part=address] button")?.click(); // copy: Clipboard API or the selection fallback
      await until(() => shadow(el, ".feedback") !== null, "copy feedback");
      server.update({ ...VIEWS.CONFIRMED, paymentId: id, redirectUrls: { confirmed: "https://shop.example/ok" } });
      await until(() => shadow(el, ".redirect") !== null, "the redirect notice");
      // Styles arrived through adoptedStyleSheets: the dark theme and the card's radius apply.
      const base = shadow(el, ".base") as HTMLElement;
      expect(frame.win.getComputedStyle(base).borderTopLeftRadius).to.equal("12px");
      expect(frame.win.getComputedStyle(base).backgroundColor).to.equal("rgb(28, 29, 33)");
      expect(frame.win.cspViolations).to.deep.equal([]);
    });
  }
});
