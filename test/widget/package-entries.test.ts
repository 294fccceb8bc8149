/**
 * The npm package's two entries, as built (rollup.config.mjs packageConfig, served under
 * /__package__/): "./class" exports the element's class and registers nothing; "." registers
 * <crypto-checkout> with that same class. Each test loads them into a fresh frame, so that its
 * custom element registry and module instances are its own.
 */
import { expect } from "@open-wc/testing";
import { ENDPOINT, FakeCheckout, secretOf } from "./support/fake-checkout.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

import type * as ClassModule from "../../widget/class.js";
import type * as IndexModule from "../../widget/index.js";

type ClassEntry = typeof ClassModule;
type IndexEntry = typeof IndexModule;

describe("npm package entries", () => {
  let server: FakeCheckout;
  let frame: HTMLIFrameElement;
  let win: Window & typeof globalThis;
  beforeEach(async () => {
    sessionStorage.clear();
    frame = document.createElement("iframe");
    frame.title = "app";
    const loaded = new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }));
    frame.src = "/test/widget/fixtures/empty.html";
    document.body.append(frame);
    await loaded;
    win = frame.contentWindow as Window & typeof globalThis;
    server = new FakeCheckout(OPEN_SHOP).install(win);
    server.payments.set(VIEWS.NEW.paymentId, VIEWS.NEW);
  });
  afterEach(() => {
    server.restore();
    frame.remove();
  });

  /** Imports a file of the package into the frame, as the app's bundle would. */
  const load = <T>(file: string): Promise<T> =>
    (new win.Function("url", "return import(url)") as (url: string) => Promise<T>)(`/__package__/${file}`);

  it("./class exports the element without registering it; an app can define it under its own name", async () => {
    const { CryptoCheckout } = await load<ClassEntry>("class.js");
    expect(win.customElements.get("crypto-checkout")).to.equal(undefined);
    win.customElements.define("shop-checkout", CryptoCheckout);
    const el = win.document.createElement("shop-checkout") as InstanceType<typeof CryptoCheckout>;
    for (const [name, value] of Object.entries({
      shop: OPEN_SHOP.shop,
      endpoint: ENDPOINT,
      "payment-id": VIEWS.NEW.paymentId,
      "client-secret": secretOf(VIEWS.NEW.paymentId),
      locale: "en",
    }))
      el.setAttribute(name, value);
    const shown = new Promise((resolve) => el.addEventListener("checkout-payment", resolve, { once: true }));
    win.document.body.append(el);
    await shown;
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector("[part~=amount]")?.textContent).to.contain("0.00041234");
  });

  it(". registers <crypto-checkout> with the class that ./class exports", async () => {
    const index = await load<IndexEntry>("index.js");
    const { CryptoCheckout } = await load<ClassEntry>("class.js");
    expect(index.CryptoCheckout).to.equal(CryptoCheckout);
    expect(win.customElements.get("crypto-checkout")).to.equal(CryptoCheckout);
  });

  it(". leaves the class alone when the app registered it under another name already", async () => {
    const { CryptoCheckout } = await load<ClassEntry>("class.js");
    win.customElements.define("shop-checkout", CryptoCheckout);
    await load<IndexEntry>("index.js");
    expect(win.customElements.get("crypto-checkout")).to.equal(undefined);
    expect(win.customElements.get("shop-checkout")).to.equal(CryptoCheckout);
  });
});
