/**
 * The point of sale at the sizes of the counter: a 360 px phone, a tablet in portrait (768×1024)
 * and in landscape (1024×768), each a frame of exactly that size under the page's strict CSP, with
 * the real element attached to the charged payment (its Worker stubbed: FakeCheckout, as the
 * element's own tests). Keys big enough for a thumb, nothing wider than the screen, the keypad
 * beside the amount in landscape and under it in portrait, a big QR code in view on a tablet, and
 * Paid covering the whole screen in letters readable from a distance; axe-core on each screen. Chromium, Firefox, WebKit.
 */
import { expect } from "@open-wc/testing";
import type axe from "axe-core";
import type { DeskPosSale } from "../../worker/checkout/dashboard-wire.js";
import { newView, OPEN_SHOP } from "../support/payment-views.js";
import { json, SESSION } from "./support/fixtures.js";
import { until } from "../dashboard/support/mount.js";
import { ENDPOINT, FakeCheckout, secretOf } from "../widget/support/fake-checkout.js";

const PAYMENT = newView({ paymentId: "pay_pos_1", priceAmount: "12.50" });
const SALE: DeskPosSale = {
  orderId: "pos-20261127-0123456789abcdef",
  paymentId: PAYMENT.paymentId,
  clientSecret: secretOf(PAYMENT.paymentId),
  priceAmount: "12.50",
  priceCurrency: "EUR",
  transferCurrency: "BTC",
};

type FrameWindow = Window & typeof globalThis & { cspViolations?: string[]; axe?: typeof axe };

/** axe-core's violations on the frame's whole page, the element's shadow tree included. */
async function frameViolations(win: FrameWindow): Promise<string[]> {
  if (!win.axe) throw new Error("axe-core is not loaded in the frame");
  const results = await win.axe.run(win.document, { resultTypes: ["violations"] });
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

interface PosFrame {
  win: FrameWindow;
  doc: Document;
  server: FakeCheckout;
  remove(): void;
}

/**
 * The fixture page in a frame of `width`×`height`: the dashboard API answered here, the element's
 * routes (same origin as the page) by FakeCheckout, then `<pos-app>` put in.
 */
async function openPos(width: number, height: number): Promise<PosFrame> {
  const iframe = document.createElement("iframe");
  Object.assign(iframe, { width: String(width), height: String(height), title: "point of sale" });
  iframe.style.border = "0";
  const loaded = new Promise((resolve) => iframe.addEventListener("load", resolve, { once: true }));
  iframe.src = "/test/pos/fixtures/pos-frame.html";
  document.body.append(iframe);
  await loaded;
  const win = iframe.contentWindow as FrameWindow;
  await win.customElements.whenDefined("pos-app");
  await win.customElements.whenDefined("crypto-checkout");
  await until(() => (win as FrameWindow).axe !== undefined, "axe-core in the frame");
  const server = new FakeCheckout(OPEN_SHOP).install(win);
  server.payments.set(PAYMENT.paymentId, PAYMENT);
  win.fetch = async (input, init) => {
    const url = new URL(String(input), win.location.href);
    const method = init?.method ?? "GET";
    if (url.pathname === "/dashboard/api/session") return json(SESSION);
    if (method === "POST" && url.pathname === "/dashboard/api/shops/demo-open/pos/charges") return json(SALE, 201);
    // The element's routes: the stubbed Worker, which answers on its own origin.
    return server.fetch(`${ENDPOINT}${url.pathname}${url.search}`, init);
  };
  win.document.body.append(win.document.createElement("pos-app"));
  await until(() => win.document.querySelector(".display") !== null, "the keypad");
  return {
    win,
    doc: win.document,
    server,
    remove() {
      server.restore();
      iframe.remove();
    },
  };
}

const rect = (doc: Document, selector: string) => {
  const el = doc.querySelector(selector);
  if (!el) throw new Error(`no ${selector}`);
  return el.getBoundingClientRect();
};

async function charge(frame: PosFrame): Promise<void> {
  for (const key of ["1", "2", ".", "5", "0"])
    frame.doc.querySelector<HTMLButtonElement>(`button[data-key="${key}"]`)?.click();
  await until(() => !frame.doc.querySelector<HTMLButtonElement>("button.charge")?.disabled, "Charge");
  frame.doc.querySelector<HTMLButtonElement>("button.charge")?.click();
  await until(
    () => frame.doc.querySelector("crypto-checkout")?.shadowRoot?.querySelector("[part=qr] svg") != null,
    "the element's QR code",
    8000,
  );
}

const qrRect = (frame: PosFrame) =>
  frame.doc.querySelector("crypto-checkout")?.shadowRoot?.querySelector("[part=qr]")?.getBoundingClientRect() ??
  new DOMRect();

const SIZES = [
  { name: "a 360 px phone", width: 360, height: 740, landscape: false, qr: 280, qrInView: false },
  { name: "a tablet in portrait (768×1024)", width: 768, height: 1024, landscape: false, qr: 400, qrInView: true },
  { name: "a tablet in landscape (1024×768)", width: 1024, height: 768, landscape: true, qr: 400, qrInView: true },
];

describe("the point of sale's layout", () => {
  let frame: PosFrame | undefined;
  afterEach(() => {
    frame?.remove();
    frame = undefined;
  });

  for (const size of SIZES)
    it(`works on ${size.name}: keypad, the element's big QR code, and Paid over the whole screen`, async function () {
      // Three axe-core runs over the page and the element's shadow tree, and the element's first load from source.
      this.timeout(40_000);
      frame = await openPos(size.width, size.height);
      const { doc, win } = frame;
      expect(doc.documentElement.scrollWidth, "no sideways scrolling").to.be.at.most(win.innerWidth);
      for (const key of doc.querySelectorAll(".key")) {
        const box = key.getBoundingClientRect();
        expect(box.height, "key height").to.be.at.least(48);
        expect(box.width, "key width").to.be.at.least(48);
      }
      const entry = rect(doc, ".entry");
      const keys = rect(doc, ".keys");
      if (size.landscape) expect(keys.left, "keys beside the amount").to.be.at.least(entry.right);
      else expect(keys.top, "keys under the amount").to.be.at.least(entry.bottom);
      expect(rect(doc, "button.charge").bottom, "Charge on the first screen").to.be.at.most(win.innerHeight);
      expect(await frameViolations(win), "axe on the keypad").to.deep.equal([]);

      await charge(frame);
      expect(doc.documentElement.scrollWidth, "no sideways scrolling").to.be.at.most(win.innerWidth);
      const qr = qrRect(frame);
      expect(qr.width, "QR code width").to.be.at.least(size.qr);
      if (size.qrInView) expect(qr.bottom, "QR code in view").to.be.at.most(win.innerHeight);
      expect(await frameViolations(win), "axe on the sale").to.deep.equal([]);

      frame.server.update({ ...PAYMENT, status: "CONFIRMED", version: 2 });
      await until(() => doc.querySelector(".overlay-paid") !== null, "Paid");
      const overlay = rect(doc, ".overlay-paid");
      expect([overlay.left, overlay.top, overlay.width, overlay.height]).to.deep.equal([
        0,
        0,
        win.innerWidth,
        win.innerHeight,
      ]);
      const title = doc.querySelector(".overlay-paid h2");
      expect(title?.textContent).to.equal("Paid");
      expect(parseFloat(win.getComputedStyle(title as Element).fontSize), "Paid's letters").to.be.at.least(48);
      expect(await frameViolations(win), "axe on Paid").to.deep.equal([]);
      expect(win.cspViolations).to.deep.equal([]);
    });
});
