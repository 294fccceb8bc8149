/**
 * Windows high contrast (forced colors, both palettes Chromium emulates): the QR keeps dark
 * modules on white, the progress bar and the spinner stay visible in the palette's colours, the
 * focus ring stays, and axe-core finds nothing.
 */
import { expect } from "@open-wc/testing";
import type { CryptoCheckout } from "../../widget/index.js";
import { axeViolations } from "./support/axe.js";
import { canEmulateMedia } from "./support/engine.js";
import { contrast, emulateForcedColors } from "./support/forced-colors.js";
import { tabThrough } from "./support/keyboard.js";
import { $, part, unmountAll, useFakeCheckout } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

// Only Chromium's driver can switch forced colors on (see canEmulateMedia in support/engine.ts;
// Firefox and WebKit read Windows' high-contrast setting only from the system, when they start):
// in Firefox and WebKit this file has no tests.
const palettes = canEmulateMedia ? (["light", "dark"] as const) : [];
for (const scheme of palettes) {
  describe(`forced colors, ${scheme} palette`, () => {
    const { show } = useFakeCheckout(OPEN_SHOP);
    beforeEach(() => emulateForcedColors(true, scheme));
    afterEach(() => emulateForcedColors(false));

    const style = (el: Element | null) => {
      if (!el) throw new Error("element not rendered");
      return getComputedStyle(el);
    };
    /** The palette's background, as the card is painted. */
    const canvas = (el: CryptoCheckout) => style($(el, ".base")).backgroundColor;

    it("is in forced colors with the palette's background", async () => {
      const el = await show(VIEWS.NEW);
      expect(matchMedia("(forced-colors: active)").matches).to.equal(true);
      expect(canvas(el)).to.equal(scheme === "dark" ? "rgb(0, 0, 0)" : "rgb(255, 255, 255)");
    });

    it("keeps the QR's dark modules on white, quiet zone included", async () => {
      const el = await show(VIEWS.NEW);
      const qr = part(el, "qr");
      const white = "rgb(255, 255, 255)";
      expect(style(qr).backgroundColor).to.equal(white);
      expect(style(qr?.querySelector("rect") ?? null).fill).to.equal(white);
      expect(style(qr?.querySelector("path") ?? null).fill).to.equal("rgb(0, 0, 0)");
    });

    it("draws the progress bar in the palette: its outline, the confirmed and the pending part stand out", async () => {
      const el = await show(VIEWS.UNCONFIRMED);
      const bar = style($(el, ".bar"));
      const fill = (part: string) => style($(el, `.bar .${part}`)).fill;
      expect([bar.borderTopStyle, bar.borderTopWidth]).to.deep.equal(["solid", "1px"]);
      expect(contrast(bar.borderTopColor, canvas(el), canvas(el)), "outline against the card").to.be.at.least(3);
      expect(contrast(fill("accepted"), fill("track"), canvas(el)), "confirmed part against the track").to.be.at.least(
        3,
      );
      expect(contrast(fill("pending"), fill("track"), canvas(el)), "pending part against the track").to.be.at.least(3);
    });

    it("keeps the spinner's turning arc visible", async () => {
      const el = await show(VIEWS.UNCONFIRMED);
      const spinner = style($(el, ".spinner"));
      expect(contrast(spinner.borderTopColor, spinner.borderBottomColor, canvas(el))).to.be.at.least(3);
    });

    it("passes axe-core in every state", async () => {
      const found: string[] = [];
      for (const [name, view] of Object.entries(VIEWS)) {
        const el = await show(view);
        found.push(...(await axeViolations(el)).map((v) => `${name}: ${v}`));
        unmountAll();
      }
      expect(found).to.deep.equal([]);
    });

    it("keeps a visible focus ring on every control", async () => {
      const el = await show(VIEWS.NEW);
      const rings = await tabThrough(el, 3, (active) => {
        const ring = style(active);
        const visible = contrast(ring.outlineColor, canvas(el), canvas(el)) >= 3;
        return `${ring.outlineStyle} ${ring.outlineWidth} ${visible ? "visible" : `invisible ${ring.outlineColor}`}`;
      });
      expect(rings).to.deep.equal(Array(3).fill("solid 3px visible"));
    });
  });
}
