/** From attributes to a payment: settings, picker, create or resume, start again, errors, events. */
import { expect } from "@open-wc/testing";
import sinon from "sinon";
import { CryptoCheckout } from "../../widget/index.js";
import type { CheckoutErrorDetail, CheckoutStatusDetail } from "../../widget/index.js";
import { axeViolations } from "./support/axe.js";
import { ENDPOINT, errorBody, FakeCheckout, secretOf } from "./support/fake-checkout.js";
import { $, create, mountWithPayment, nextEvent, part, root, textOf, unmountAll, until } from "./support/mount.js";
import { OPEN_SHOP, SIGNED_SHOP, VIEWS } from "../support/payment-views.js";

describe("checkout flow", () => {
  let server: FakeCheckout;
  beforeEach(() => {
    sessionStorage.clear();
    server = new FakeCheckout(OPEN_SHOP, SIGNED_SHOP).install();
  });
  afterEach(() => {
    unmountAll();
    server.restore();
  });

  it("loads the shop, creates the payment and renders it", async () => {
    const el = await mountWithPayment();
    expect(server.requestsTo("GET", "/api/shops/demo-open")).to.have.length(1);
    const [created] = server.requestsTo("POST", "/payments");
    expect(created?.body).to.deep.equal({
      orderId: "1001",
      transferCurrency: "BTC",
      priceAmount: "25.00",
      priceCurrency: "EUR",
    });
    expect(textOf(part(el, "amount"))).to.contain("0.00041234 BTC");
    expect(textOf(part(el, "address"))).to.contain("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
    expect(part(el, "qr")?.querySelector("svg")).to.be.instanceOf(SVGSVGElement);
    expect(textOf(part(el, "countdown"))).to.match(/^Time left 1[45]:\d\d$/);
    expect(textOf($(el, ".badge"))).to.equal("Test mode: no real money moves");
    expect(el.payment?.paymentId).to.equal("pay_created_1");
  });

  it("sends the order token for a shop with signed pricing", async () => {
    await mountWithPayment({
      shop: "demo-signed",
      "order-token": "header.claims.signature",
      "price-amount": null,
      "price-currency": null,
      "transfer-currency": null,
    });
    expect(server.requestsTo("POST", "/payments")[0]?.body).to.deep.equal({
      orderId: "1001",
      transferCurrency: "BTC",
      orderToken: "header.claims.signature",
    });
  });

  it("shows a currency picker when the shop enables several and none is given", async () => {
    const el = create({ "transfer-currency": null });
    await until(() => root(el).querySelector(".picker") !== null, "the picker");
    expect(textOf($(el, ".picker h2"))).to.equal("Choose how to pay");
    const buttons = [...root(el).querySelectorAll<HTMLButtonElement>(".picker button")];
    expect(buttons.map((b) => textOf(b))).to.deep.equal(["Pay with Bitcoin (BTC)", "Pay with Litecoin (LTC)"]);
    expect(server.requestsTo("POST", "/payments")).to.have.length(0);
    expect(await axeViolations(el)).to.deep.equal([]);
    const shown = nextEvent(el, "checkout-payment");
    buttons[1]?.click();
    await shown;
    expect((server.requestsTo("POST", "/payments")[0]?.body as { transferCurrency: string }).transferCurrency).to.equal(
      "LTC",
    );
  });

  it("resumes the same payment after a reload instead of creating another", async () => {
    const first = await mountWithPayment();
    const paymentId = first.payment?.paymentId;
    unmountAll(); // the page goes away; sessionStorage stays
    const again = await mountWithPayment();
    expect(again.payment?.paymentId).to.equal(paymentId);
    expect(server.requestsTo("POST", "/payments")).to.have.length(1);
    expect(server.requestsTo("GET", `/payments/${paymentId}`)).to.have.length(1);
  });

  it("creates a new payment when the remembered one no longer exists", async () => {
    const first = await mountWithPayment();
    server.payments.clear();
    unmountAll();
    const again = await mountWithPayment();
    expect(again.payment?.paymentId).to.not.equal(first.payment?.paymentId);
    expect(server.requestsTo("POST", "/payments")).to.have.length(2);
  });

  it("attaches to the payment-id attribute without creating", async () => {
    server.payments.set(VIEWS.UNDERPAID.paymentId, VIEWS.UNDERPAID);
    const el = await mountWithPayment({ "payment-id": VIEWS.UNDERPAID.paymentId });
    expect(el.payment?.status).to.equal("UNDERPAID");
    expect(server.requestsTo("POST", "/payments")).to.have.length(0);
  });

  describe("the client secret", () => {
    /** The sessionStorage record of the base attributes' order. */
    const recordKey = `crypto-checkout:payment:${JSON.stringify([ENDPOINT, "demo-open", "1001"])}`;

    it("keeps the secret with the resume record and sends it on every read and on the stream", async () => {
      const first = await mountWithPayment();
      const paymentId = first.payment?.paymentId ?? "";
      expect(sessionStorage.getItem(recordKey)).to.equal(`${paymentId} ${secretOf(paymentId)}`);
      await until(() => server.openSockets.length === 1, "the stream");
      expect(new URL(server.sockets[0]?.url ?? "").searchParams.get("clientSecret")).to.equal(secretOf(paymentId));
      unmountAll();
      const again = await mountWithPayment();
      expect(again.payment?.paymentId).to.equal(paymentId);
      const reads = server.requestsTo("GET", `/payments/${paymentId}`);
      expect(reads).to.have.length(1);
      expect(new URL(reads[0]?.url ?? "").searchParams.get("clientSecret")).to.equal(secretOf(paymentId));
      expect(server.requestsTo("POST", "/payments")).to.have.length(1);
    });

    it("polls with the secret when the stream cannot connect", async () => {
      server.socketMode = "refuse";
      const el = await mountWithPayment();
      const paymentId = el.payment?.paymentId ?? "";
      await until(() => server.requestsTo("GET", `/payments/${paymentId}`).length > 0, "a poll", 3000);
      for (const read of server.requestsTo("GET", `/payments/${paymentId}`))
        expect(new URL(read.url).searchParams.get("clientSecret")).to.equal(secretOf(paymentId));
      for (const socket of server.sockets)
        expect(new URL(socket.url).searchParams.get("clientSecret")).to.equal(secretOf(paymentId));
    });

    it("forgets a resume record that holds only an id (an earlier element's) and makes a new payment", async () => {
      server.payments.set(VIEWS.UNDERPAID.paymentId, VIEWS.UNDERPAID);
      sessionStorage.setItem(recordKey, VIEWS.UNDERPAID.paymentId);
      const el = await mountWithPayment();
      expect(server.requestsTo("GET", `/payments/${VIEWS.UNDERPAID.paymentId}`)).to.have.length(0);
      expect(server.requestsTo("POST", "/payments")).to.have.length(1);
      const paymentId = el.payment?.paymentId ?? "";
      expect(paymentId).to.not.equal(VIEWS.UNDERPAID.paymentId);
      expect(sessionStorage.getItem(recordKey)).to.equal(`${paymentId} ${secretOf(paymentId)}`);
    });

    it("never puts the secret in the checkout-payment event, the payment property or an error message", async () => {
      const details: unknown[] = [];
      const onPayment = (e: Event) => details.push((e as CustomEvent).detail);
      document.addEventListener("checkout-payment", onPayment);
      const el = await mountWithPayment();
      document.removeEventListener("checkout-payment", onPayment);
      expect(details).to.have.length(1);
      expect(details[0]).to.not.have.property("clientSecret");
      expect(el.payment).to.not.have.property("clientSecret");

      const consoleError = sinon.stub(console, "error");
      try {
        const secret = secretOf(el.payment?.paymentId ?? "");
        unmountAll();
        server.networkDown = true;
        const failed = nextEvent(document, "checkout-error");
        create();
        const error = await failed;
        expect(error.code).to.equal("network_error");
        expect(error.message).to.not.contain(secret);
        expect(String(consoleError.firstCall?.args[0])).to.not.contain(secret);
      } finally {
        consoleError.restore();
      }
    });

    it("attaches with payment-id and client-secret; a wrong secret is payment_not_found and creates nothing", async () => {
      server.payments.set(VIEWS.UNDERPAID.paymentId, VIEWS.UNDERPAID);
      const consoleError = sinon.stub(console, "error");
      try {
        const failed = nextEvent(document, "checkout-error");
        create({ "payment-id": VIEWS.UNDERPAID.paymentId, "client-secret": "not-the-secret" });
        expect((await failed).code).to.equal("payment_not_found");
      } finally {
        consoleError.restore();
      }
      expect(server.requestsTo("POST", "/payments")).to.have.length(0);
      unmountAll();
      const el = await mountWithPayment({
        "payment-id": VIEWS.UNDERPAID.paymentId,
        "client-secret": secretOf(VIEWS.UNDERPAID.paymentId),
      });
      expect(el.payment?.status).to.equal("UNDERPAID");
    });
  });

  it("starts again after EXPIRED with a fresh payment", async () => {
    const el = await mountWithPayment();
    const expiredId = el.payment?.paymentId ?? "";
    await until(() => server.openSockets.length === 1, "the stream");
    server.update({ ...VIEWS.EXPIRED, paymentId: expiredId });
    await el.updateComplete;
    const button = root(el).querySelector<HTMLButtonElement>(".actions button");
    expect(textOf(button)).to.equal("Start again");
    const shown = nextEvent(el, "checkout-payment");
    button?.click();
    await shown;
    await el.updateComplete;
    expect(server.requestsTo("POST", "/payments")).to.have.length(2);
    expect(el.payment?.paymentId).to.not.equal(expiredId);
    expect(textOf(part(el, "status"))).to.equal("Waiting for your payment");
    // and a reload now resumes the new payment
    unmountAll();
    const again = await mountWithPayment();
    expect(again.payment?.paymentId).to.equal(el.payment?.paymentId);
    expect(server.requestsTo("POST", "/payments")).to.have.length(2);
  });

  /** Shows the element's payment as EXPIRED and returns its "Start again" button. */
  async function expire(el: CryptoCheckout): Promise<HTMLButtonElement> {
    await until(() => server.openSockets.length === 1, "the stream");
    server.update({ ...VIEWS.EXPIRED, paymentId: el.payment?.paymentId ?? "" });
    await el.updateComplete;
    const button = root(el).querySelector<HTMLButtonElement>(".actions button");
    expect(textOf(button)).to.equal("Start again");
    if (!button) throw new Error("no start again button");
    return button;
  }

  it("starts again without the copy feedback of the payment before", async () => {
    const writeText = sinon.stub(navigator.clipboard, "writeText").resolves();
    try {
      const el = await mountWithPayment();
      ($(el, "#address-value")?.parentElement?.querySelector("button") as HTMLButtonElement).click();
      await until(() => textOf($(el, ".feedback")) === "Copied", "the copy feedback");
      const button = await expire(el); // within the three seconds "Copied" stays
      const shown = nextEvent(el, "checkout-payment");
      button.click();
      await shown;
      await el.updateComplete;
      expect(textOf(part(el, "status"))).to.equal("Waiting for your payment");
      expect(textOf(part(el, "address")), "no stale Copied next to the new address").to.not.contain("Copied");
      expect(root(el).querySelectorAll(".feedback").length).to.equal(0);
    } finally {
      writeText.restore();
    }
  });

  it("starts again from the same clean state as a start: an earlier error is forgotten", async () => {
    const el = await mountWithPayment();
    const button = await expire(el);
    // No click leads to start again with an error set (the error screen's retry is a start, which
    // clears it), so the test plants one in the element's private state.
    const internals = el as unknown as { _error: unknown; _phase: string };
    internals._error = { code: "upstream_unavailable", message: "Stale.", retryable: true };
    const shown = nextEvent(el, "checkout-payment");
    button.click();
    await shown;
    await el.updateComplete;
    expect(internals._error).to.equal(undefined);
    expect(internals._phase).to.equal("ready");
    expect(textOf(part(el, "status"))).to.equal("Waiting for your payment");
  });

  it("emits checkout-payment for every view and checkout-status with the previous status", async () => {
    server.payments.set(VIEWS.NEW.paymentId, VIEWS.NEW);
    const statuses: CheckoutStatusDetail[] = [];
    const payments: string[] = [];
    document.addEventListener("checkout-status", (e) => statuses.push((e as CustomEvent<CheckoutStatusDetail>).detail));
    const onPayment = (e: Event) => payments.push((e as CustomEvent<{ status: string }>).detail.status);
    document.addEventListener("checkout-payment", onPayment);
    const el = await mountWithPayment({ "payment-id": VIEWS.NEW.paymentId });
    await until(() => server.openSockets.length === 1, "the stream");
    server.update(VIEWS.NEW_PENDING);
    server.update(VIEWS.CONFIRMED);
    await el.updateComplete;
    document.removeEventListener("checkout-payment", onPayment);
    expect(payments).to.deep.equal(["NEW", "NEW", "CONFIRMED"]);
    expect(statuses.slice(-2)).to.deep.equal([
      { status: "NEW", previous: null },
      { status: "CONFIRMED", previous: "NEW" },
    ]);
  });

  describe("errors", () => {
    let consoleError: sinon.SinonStub;
    beforeEach(() => {
      consoleError = sinon.stub(console, "error");
    });
    afterEach(() => consoleError.restore());

    for (const [name, setup, attributes, expected, shown] of [
      [
        "a Worker error (409 order_conflict)",
        (s: FakeCheckout) =>
          (s.createResponse = () => ({
            status: 409,
            body: errorBody("order_conflict", "Order 1001 has a live payment with another amount."),
          })),
        {},
        { code: "order_conflict", message: "Order 1001 has a live payment with another amount.", retryable: false },
        "This order cannot be paid here. Please return to the shop.",
      ],
      [
        "an unavailable upstream (503)",
        (s: FakeCheckout) =>
          (s.createResponse = () => ({ status: 503, body: errorBody("upstream_unavailable", "Try again later.") })),
        {},
        { code: "upstream_unavailable", message: "Try again later.", retryable: true },
        "The checkout cannot be reached right now. Please try again in a moment.",
      ],
      [
        "a refused origin (403 origin_not_allowed)",
        (s: FakeCheckout) =>
          (s.createResponse = () => ({
            status: 403,
            body: errorBody(
              "origin_not_allowed",
              "origin http://127.0.0.1:9210 is not in allowedOrigins of shop demo-open — see docs/checkout.md#allowed-origins",
            ),
          })),
        {},
        {
          code: "origin_not_allowed",
          message:
            "origin http://127.0.0.1:9210 is not in allowedOrigins of shop demo-open — see docs/checkout.md#allowed-origins",
          retryable: false,
        },
        "This checkout is not allowed on this page. Please contact the shop.",
      ],
      [
        "an expired order token (400 invalid_order_token)",
        (s: FakeCheckout) =>
          (s.createResponse = () => ({
            status: 400,
            body: errorBody("invalid_order_token", "The order token has expired."),
          })),
        {},
        { code: "invalid_order_token", message: "The order token has expired.", retryable: false },
        "This order cannot be paid here. Please return to the shop.",
      ],
      [
        "a server error (500 internal_error)",
        (s: FakeCheckout) =>
          (s.createResponse = () => ({ status: 500, body: errorBody("internal_error", "Internal error.") })),
        {},
        { code: "internal_error", message: "Internal error.", retryable: true },
        "Something went wrong. Please try again.",
      ],
      [
        "a code and kind the element does not know (a newer Worker's)",
        (s: FakeCheckout) =>
          (s.createResponse = () => ({
            status: 400,
            body: {
              error: { code: "brand_new_code", message: "Something new.", kind: "brand_new_kind", retryable: false },
            },
          })),
        {},
        { code: "brand_new_code", message: "Something new.", retryable: false },
        "Something went wrong. Please try again.",
      ],
      [
        "an unknown shop",
        () => undefined,
        { shop: "nope" },
        { code: "unknown_shop", message: "No shop nope.", retryable: false },
        "This checkout is not set up correctly. Please contact the shop.",
      ],
      [
        "an unreachable Worker",
        () => undefined,
        { endpoint: "https://elsewhere.test" },
        {
          code: "network_error",
          message:
            "no answer from https://elsewhere.test/api/shops/demo-open: Worker down or shop unknown — see docs/widget.md#errors",
          retryable: true,
        },
        "The checkout cannot be reached right now. Please try again in a moment.",
      ],
      [
        "a missing order-id",
        () => undefined,
        { "order-id": null },
        {
          code: "invalid_attributes",
          message: "The order-id attribute is required to create a payment.",
          retryable: false,
        },
        "This checkout is not set up correctly. Please contact the shop.",
      ],
    ] as const) {
      it(`reports ${name}: the event and the console name code and cause, the customer reads the message of its kind, "Try again" only when it can help`, async () => {
        setup(server);
        const failed = nextEvent(document, "checkout-error");
        const el = create(attributes);
        const detail: CheckoutErrorDetail = await failed;
        expect(detail).to.deep.equal(expected);
        await el.updateComplete;
        expect(textOf(part(el, "status"))).to.equal(shown);
        expect(textOf(root(el)), "no code and no server text on screen")
          .not.to.contain(expected.code)
          .and.not.to.contain(expected.message);
        expect(consoleError.args).to.deep.equal([[`<crypto-checkout> ${expected.code}: ${expected.message}`]]);
        const retry = $(el, ".actions button");
        if (expected.retryable) expect(textOf(retry)).to.equal("Try again");
        else expect(retry).to.equal(null);
        expect(await axeViolations(el)).to.deep.equal([]);
      });
    }

    it("shows the message in the element's language, after its catalog has loaded", async () => {
      server.createResponse = () => ({
        status: 400,
        body: errorBody("invalid_order_token", "The order token has expired."),
      });
      const failed = nextEvent(document, "checkout-error");
      const el = create({ locale: "de" });
      await failed;
      await el.updateComplete;
      expect(textOf(part(el, "status"))).to.equal(
        "Diese Bestellung kann hier nicht bezahlt werden. Bitte kehren Sie zum Shop zurück.",
      );
      expect(textOf(root(el))).not.to.contain("invalid_order_token");
      expect($(el, ".actions button")).to.equal(null);
    });

    it("retries after an error", async () => {
      server.networkDown = false;
      server.createResponse = () => ({ status: 503, body: errorBody("upstream_unavailable", "Try again later.") });
      const failed = nextEvent(document, "checkout-error");
      const el = create();
      await failed;
      await el.updateComplete;
      server.createResponse = undefined;
      const shown = nextEvent(el, "checkout-payment");
      root(el).querySelector<HTMLButtonElement>(".actions button")?.click();
      await shown;
      expect(el.payment?.status).to.equal("NEW");
    });
  });

  it("sees attributes set right after insertion (as some frameworks do) and starts once", async () => {
    const el = document.createElement("crypto-checkout");
    const holder = document.createElement("div");
    document.body.append(holder);
    const errors: unknown[] = [];
    el.addEventListener("checkout-error", (e) => errors.push(e.detail));
    try {
      holder.append(el);
      for (const [name, value] of Object.entries({
        shop: "demo-open",
        endpoint: "https://checkout.test",
        "order-id": "2001",
        "price-amount": "5.00",
        "price-currency": "EUR",
        "transfer-currency": "BTC",
      })) {
        el.setAttribute(name, value);
      }
      await nextEvent(el, "checkout-payment");
      expect(errors).to.deep.equal([]);
      expect(server.requestsTo("GET", "/api/shops/demo-open")).to.have.length(1);
      expect(server.requestsTo("POST", "/payments")).to.have.length(1);
    } finally {
      holder.remove();
    }
  });

  describe("time to QR", () => {
    /** Holds every settings request until the returned function is called. */
    function slowSettings(): () => void {
      let release = (): void => {};
      server.settingsGate = new Promise((resolve) => (release = resolve));
      return release;
    }
    const qr = (el: CryptoCheckout) => part(el, "qr")?.querySelector("svg path");

    it("sends the create while the shop's settings load when the attributes settle it, and shows its answer", async () => {
      const release = slowSettings();
      const el = create();
      await until(() => server.requestsTo("POST", "/payments").length === 1, "the create");
      expect(server.requestsTo("GET", "/api/shops/demo-open")).to.have.length(1);
      expect(el.payment, "nothing shown before the settings came").to.equal(undefined);
      const shown = nextEvent(el, "checkout-payment");
      release();
      await shown;
      await el.updateComplete;
      expect(qr(el)).to.be.instanceOf(SVGPathElement);
      expect(server.requestsTo("POST", "/payments")).to.have.length(1);
    });

    it("waits for the settings when the attributes leave the request open (no transfer currency)", async () => {
      const release = slowSettings();
      create({ "transfer-currency": null });
      // An early create would have been sent before the settings request.
      await until(() => server.requestsTo("GET", "/api/shops/demo-open").length === 1, "the settings request");
      expect(server.requestsTo("POST", "/payments")).to.have.length(0);
      release();
    });

    it("sends the create as a request without a preflight: no header but the text/plain body's type", async () => {
      await mountWithPayment();
      const [created] = server.requestsTo("POST", "/payments");
      expect([...(created?.headers.keys() ?? [])]).to.deep.equal(["content-type"]);
      expect(created?.headers.get("content-type")).to.equal("text/plain;charset=UTF-8");
    });

    it("uses the early create only when the settings agree: a signed shop without a token is a setup error", async () => {
      const consoleError = sinon.stub(console, "error");
      try {
        const release = slowSettings();
        const failed = nextEvent(document, "checkout-error");
        const el = create({ shop: "demo-signed" });
        await until(() => server.requestsTo("POST", "/payments").length === 1, "the early create");
        release();
        expect((await failed).message).to.equal(
          "This shop uses signed pricing: the order-token attribute is required.",
        );
        expect(el.payment, "the early answer is not shown").to.equal(undefined);
        expect(server.requestsTo("POST", "/payments")).to.have.length(1);
      } finally {
        consoleError.restore();
      }
    });

    it("creates again with the settings' request when the early one differs from it", async () => {
      // An order token for a shop with open pricing: the early create sends it, the settings say price.
      const el = await mountWithPayment({ "order-token": "header.claims.signature" });
      const bodies = server.requestsTo("POST", "/payments").map((r) => r.body);
      expect(bodies).to.deep.equal([
        { orderId: "1001", transferCurrency: "BTC", orderToken: "header.claims.signature" },
        { orderId: "1001", transferCurrency: "BTC", priceAmount: "25.00", priceCurrency: "EUR" },
      ]);
      expect(el.payment?.paymentId).to.equal("pay_created_2");
    });

    it("renders the QR from the create's answer, before the stream's first message", async () => {
      server.socketMode = "silent";
      const el = await mountWithPayment();
      expect(qr(el)).to.be.instanceOf(SVGPathElement);
      expect(server.openSockets, "the stream is open and has said nothing").to.have.length(1);
    });
  });

  it("does nothing for an element removed before it started", async () => {
    const el = create();
    el.parentElement?.remove();
    await el.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(server.requests).to.have.length(0);
  });

  it("starts over when the order changes", async () => {
    const el = await mountWithPayment();
    const shown = nextEvent(el, "checkout-payment");
    el.setAttribute("order-id", "1002");
    await shown;
    expect(server.requestsTo("POST", "/payments").map((r) => (r.body as { orderId: string }).orderId)).to.deep.equal([
      "1001",
      "1002",
    ]);
  });

  it("registers once: a second copy of the script does not throw", async function () {
    this.timeout(60_000); // the dev server builds the production bundle on first use
    const copy = "/__built__/widget.js"; // the production bundle: a second, separate copy of the class
    const module = (await import(/* @vite-ignore */ copy)) as { CryptoCheckout: typeof CryptoCheckout };
    expect(module.CryptoCheckout).to.be.a("function");
    expect(module.CryptoCheckout).to.not.equal(CryptoCheckout); // a separate evaluation...
    expect(customElements.get("crypto-checkout")).to.equal(CryptoCheckout); // ...that kept the first definition
    expect(document.createElement("crypto-checkout")).to.be.instanceOf(CryptoCheckout);
  });
});
