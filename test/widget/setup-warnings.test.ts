/**
 * The setup warnings (element/setup-check.ts, element/setup-warnings.ts): a missing or malformed
 * shop or endpoint, an attribute or a listener's name that misspells the element's own, each
 * named once in the console with its fix; a correct element prints none and loads no chunk for
 * it. From source (where the element counts as bundled into the page's script), then the
 * production bundle (widget.js, whose own origin is the right default endpoint) and the npm
 * package's build. A warning is printed once per page, so each test makes mistakes of its own.
 */
import { expect } from "@open-wc/testing";
import sinon from "sinon";
import type { CryptoCheckout } from "../../widget/index.js";
import { FakeCheckout } from "./support/fake-checkout.js";
import { openFrame } from "./support/frame.js";
import type { Frame } from "./support/frame.js";
import { create, unmountAll, until } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

const warnings = (spy: sinon.SinonSpy) => spy.getCalls().map((call) => String(call.args[0]));

/** Waits until `count` warnings were printed. */
async function printed(spy: sinon.SinonSpy, count: number, what: string): Promise<string[]> {
  await until(() => spy.callCount >= count, what);
  return warnings(spy);
}

describe("setup warnings (from source: the element bundled into the page's script)", () => {
  let warn: sinon.SinonStub;
  let server: FakeCheckout;
  beforeEach(() => {
    sessionStorage.clear();
    server = new FakeCheckout(OPEN_SHOP).install();
    server.payments.set(VIEWS.NEW.paymentId, VIEWS.NEW);
    warn = sinon.stub(console, "warn");
    sinon.stub(console, "error"); // the failures the mistakes cause, which flow.test.ts covers
  });
  afterEach(() => {
    unmountAll();
    server.restore();
    sinon.restore();
  });

  it("a missing endpoint: names the page's origin it would call and the fix, once for two elements", async () => {
    create({ endpoint: null });
    create({ endpoint: null, "order-id": "1002" });
    const [message, ...more] = await printed(warn, 1, "the endpoint warning");
    expect(message).to.equal(
      `<crypto-checkout> endpoint is missing: bundled into the page's own script, the element calls the page's origin (${location.origin}) instead of the checkout Worker; set endpoint to the checkout Worker's origin, e.g. endpoint="https://checkout.example.com".`,
    );
    // A later mistake of another kind is printed: the first was printed once, not dropped.
    create({ locle: "de" });
    await printed(warn, 2, "a second warning");
    expect(more).to.deep.equal([]);
    expect(warnings(warn).filter((w) => w.includes("endpoint is missing"))).to.have.length(1);
  });

  it("a malformed endpoint (no scheme): names it and the fix", async () => {
    create({ endpoint: "checkout.example.com" });
    const [message] = await printed(warn, 1, "the endpoint warning");
    expect(message).to.equal(
      `<crypto-checkout> endpoint="checkout.example.com" is not an http(s) URL (nor a path on this origin); set endpoint to the checkout Worker's origin, e.g. endpoint="https://checkout.example.com".`,
    );
  });

  it("a missing shop, and a malformed one: each named with the fix", async () => {
    create({ shop: null });
    const [missing] = await printed(warn, 1, "the missing shop");
    expect(missing).to.equal(
      `<crypto-checkout> shop is missing: set shop="…" to the shop's id in the checkout Worker's configuration (e.g. shop="acme").`,
    );
    create({ shop: "Acme Shop" });
    const [, malformed] = await printed(warn, 2, "the malformed shop");
    expect(malformed).to.equal(
      `<crypto-checkout> shop="Acme Shop" is not a shop id (1-64 characters of a-z, 0-9, - and _): set shop to the shop's id in the checkout Worker's configuration.`,
    );
  });

  it("an attribute that misspells one of the element's: did you mean, once per name", async () => {
    create({ "order-idd": "1001", "price-ammount": "25.00" });
    create({ "order-idd": "1001" });
    create({ orderid: "1001" }); // a camel-cased orderId, as HTML lower-cases it
    const messages = await printed(warn, 3, "three attribute warnings");
    expect(messages).to.have.members([
      "<crypto-checkout> order-idd is not an attribute of <crypto-checkout>; did you mean order-id? Rename it to order-id.",
      "<crypto-checkout> price-ammount is not an attribute of <crypto-checkout>; did you mean price-amount? Rename it to price-amount.",
      "<crypto-checkout> orderid is not an attribute of <crypto-checkout>; did you mean order-id? Rename it to order-id.",
    ]);
  });

  it("a listener's name that misspells one of the element's events: did you mean, once; an unknown checkout-* lists them", async () => {
    const el = create();
    el.addEventListener("checkout-stauts", () => undefined);
    el.addEventListener("checkout-stauts", () => undefined);
    el.addEventListener("checkoutStatus", () => undefined); // as a framework might pass onCheckoutStatus
    el.addEventListener("checkout-done", () => undefined);
    const messages = await printed(warn, 3, "three listener warnings");
    expect(messages).to.have.members([
      "<crypto-checkout> checkout-stauts is not an event of <crypto-checkout>; did you mean checkout-status? Listen to checkout-status instead.",
      "<crypto-checkout> checkoutStatus is not an event of <crypto-checkout>; did you mean checkout-status? Listen to checkout-status instead.",
      "<crypto-checkout> checkout-done is not an event of <crypto-checkout>; its events are checkout-payment, checkout-status, checkout-redirect, checkout-error, refund-link, refund-address-submitted.",
    ]);
  });

  it("a correct element, with common attributes and listeners, prints none", async () => {
    const el: CryptoCheckout = create({ id: "pay", class: "wide", lang: "en", hidden: "", "data-step": "3" });
    for (const type of [
      "checkout-payment",
      "checkout-status",
      "checkout-redirect",
      "checkout-error",
      "refund-link",
      "refund-address-submitted",
      "click",
      "focus",
    ])
      el.addEventListener(type, () => undefined);
    await el.updateComplete;
    // A mistake after it: its warning is the only one, and the correct element's would have come first.
    create({ themee: "dark" }).addEventListener("checkout-redirct", () => undefined);
    const messages = await printed(warn, 2, "the control's warnings");
    expect(messages.map((m) => m.replace(/ is not .*/, ""))).to.have.members([
      "<crypto-checkout> themee",
      "<crypto-checkout> checkout-redirct",
    ]);
  });
});

describe("setup warnings in the built element", () => {
  let frame: Frame | undefined;
  afterEach(() => {
    frame?.remove();
    frame = undefined;
    sinon.restore();
  });

  /** The URLs of the chunks the frame has fetched so far. */
  const chunks = (f: Frame) =>
    f.win.performance
      .getEntriesByType("resource")
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.includes("/chunks/"));

  it("widget.js (the script-tag way): no endpoint is right, nothing printed, no chunk fetched; a mistake loads the warnings' chunk", async function () {
    this.timeout(60_000); // the bundle is built on first use
    const server = new FakeCheckout(OPEN_SHOP);
    server.payments.set(VIEWS.NEW.paymentId, VIEWS.NEW);
    frame = await openFrame("/test/widget/fixtures/csp-built.html", server);
    const warn = sinon.stub(frame.win.console, "warn");
    const el = frame.mount({ endpoint: null, "payment-id": VIEWS.NEW.paymentId, locale: "en", id: "pay" });
    el.addEventListener("checkout-status", () => undefined);
    await el.updateComplete;
    frame.mount({ "payment-id": VIEWS.NEW.paymentId, locale: "en", "order-idd": "1" });
    const messages = await printed(warn, 1, "the control's warning");
    expect(messages).to.deep.equal([
      "<crypto-checkout> order-idd is not an attribute of <crypto-checkout>; did you mean order-id? Rename it to order-id.",
    ]);
    expect(chunks(frame).map((p) => p.replace(/-[\w-]{6}\.js$/, ""))).to.deep.equal([
      "/__built__/chunks/setup-warnings",
    ]);
  });

  it("the npm package's index.js (bundled by the app): a missing endpoint is named", async function () {
    this.timeout(60_000);
    const iframe = document.createElement("iframe");
    iframe.title = "app";
    const loaded = new Promise((resolve) => iframe.addEventListener("load", resolve, { once: true }));
    iframe.src = "/test/widget/fixtures/empty.html";
    document.body.append(iframe);
    await loaded;
    const win = iframe.contentWindow as Window & typeof globalThis;
    const server = new FakeCheckout(OPEN_SHOP).install(win);
    try {
      await (new win.Function("url", "return import(url)") as (url: string) => Promise<unknown>)(
        "/__package__/index.js",
      );
      const warn = sinon.stub(win.console, "warn");
      sinon.stub(win.console, "error");
      const el = win.document.createElement("crypto-checkout");
      el.setAttribute("shop", OPEN_SHOP.shop);
      win.document.body.append(el);
      const [message] = await printed(warn, 1, "the endpoint warning");
      expect(message).to.match(
        /^<crypto-checkout> endpoint is missing: .* e\.g\. endpoint="https:\/\/checkout\.example\.com"\.$/,
      );
    } finally {
      server.restore();
      iframe.remove();
    }
  });
});
