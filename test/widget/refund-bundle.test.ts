/**
 * The refund mode in the production bundle (rollup.config.mjs, built in memory by the test server),
 * on a host page whose Content-Security-Policy has no 'unsafe-inline' and no 'unsafe-eval': the
 * refund mode is a chunk of its own that a checkout never fetches, and every step renders with no
 * securitypolicyviolation, from source and built.
 */
import { expect } from "@open-wc/testing";
import type { CryptoCheckout } from "../../widget/index.js";
import { FakeCheckout } from "./support/fake-checkout.js";
import { FakeRefundWorker, VECTORS } from "./support/fake-refund.js";
import { openFrame } from "./support/frame.js";
import type { Frame } from "./support/frame.js";
import { textOf, until } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

const shadow = (el: CryptoCheckout, selector: string) => el.shadowRoot?.querySelector<HTMLElement>(selector) ?? null;
const heading = (el: CryptoCheckout) => textOf(shadow(el, "h2"));

/** The chunks the frame fetched, by file name without their hash. */
const chunksOf = (frame: Frame) =>
  frame.win.performance
    .getEntriesByType("resource")
    .map((e) => new URL(e.name).pathname)
    .filter((p) => p.includes("/chunks/"))
    .map((p) => p.replace(/^.*\/chunks\/(.+)-[\w-]{6}\.js$/, "$1"));

describe("refund mode in the production bundle", () => {
  let frame: Frame | undefined;
  let refunds: FakeRefundWorker | undefined;
  afterEach(() => {
    refunds?.restore();
    frame?.remove();
    frame = undefined;
    refunds = undefined;
  });

  it("is a chunk of its own: a checkout never fetches it", async function () {
    this.timeout(60_000); // the bundle is built on first use
    const entry = await (await fetch("/__built__/widget.js")).text();
    expect(entry, "no refund text in widget.js").not.to.contain("Loading the refund");
    const server = new FakeCheckout(OPEN_SHOP);
    server.payments.set(VIEWS.NEW.paymentId, VIEWS.NEW);
    frame = await openFrame("/test/widget/fixtures/csp-built.html", server);
    const checkout = frame.mount({ "payment-id": VIEWS.NEW.paymentId, locale: "en" });
    await until(() => textOf(shadow(checkout, "[part=status]")) === "Waiting for your payment", "the payment");
    expect(chunksOf(frame)).to.deep.equal([]);
  });

  for (const variant of ["source", "built"] as const) {
    it(`renders every step under a strict CSP with no violation, fetching only its chunks (${variant})`, async function () {
      this.timeout(60_000);
      frame = await openFrame(`/test/widget/fixtures/csp-${variant}.html`, new FakeCheckout(OPEN_SHOP));
      refunds = new FakeRefundWorker().install(frame.win);
      const el = frame.doc.createElement("crypto-checkout");
      for (const [name, value] of Object.entries({
        mode: "refund",
        endpoint: "https://checkout.test",
        shop: "demo-open",
        "refund-token": "rl_token_1",
        locale: "fr",
        theme: "dark",
      }))
        el.setAttribute(name, value);
      frame.doc.body.append(el);
      await until(() => heading(el) === "Remboursement de Northwind Coffee", "the form");
      const field = shadow(el, "#address-input") as HTMLInputElement;
      field.value = VECTORS.bech32Typo;
      field.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
      field.dispatchEvent(new FocusEvent("blur"));
      await until(() => shadow(el, "#address-problem") !== null, "the problem");
      field.value = VECTORS.bech32;
      field.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
      (shadow(el, "button[type=submit]") as HTMLButtonElement).click();
      await until(() => heading(el) === "Vérifiez l’adresse", "the confirmation");
      (shadow(el, ".actions button.primary") as HTMLButtonElement).click();
      await until(() => heading(el) === "Adresse reçue", "received");
      // The refund mode's own styles arrived through adoptedStyleSheets: its address box is drawn.
      const box = frame.win.getComputedStyle(shadow(el, ".refund-address") as HTMLElement);
      expect(box.borderTopStyle).to.equal("solid");
      expect(frame.win.getComputedStyle(shadow(el, ".base") as HTMLElement).backgroundColor).to.equal(
        "rgb(28, 29, 33)",
      );
      expect(frame.win.cspViolations).to.deep.equal([]);
      // The element's French catalog, the refund mode and the refund mode's French catalog.
      if (variant === "built") expect(chunksOf(frame).sort()).to.deep.equal(["fr", "refund-fr", "refund-mode"]);
    });
  }
});
