/**
 * The point of sale (`<pos-app>`) on /pos/{shop}/ with the Worker's answers from fixtures
 * (window.fetch answers them; the app, its keypad and its screens are the real ones) and its real
 * stylesheet: sign-in from a link's fragment, the keypad by tap and by keyboard, Charge with the
 * CSRF token, the element attached to the new payment, the full-screen Paid, Underpaid and Expired
 * from the element's events, Next sale; axe on each screen. Chromium, Firefox and WebKit.
 * The `<crypto-checkout>` element itself is not loaded here (the page loads it from /widget.js):
 * the tests dispatch the events it sends.
 */
import { expect } from "@open-wc/testing";
import { sendKeys } from "@web/test-runner-commands";
import sinon from "sinon";
import "../../pos/define.js";
import type { DeskPosSale } from "../../worker/checkout/dashboard-wire.js";
import type { PaymentView } from "../../worker/checkout/wire.js";
import { $, text, until } from "../dashboard/support/mount.js";
import { newView, OPEN_SHOP } from "../support/payment-views.js";
import { json, SESSION } from "./support/fixtures.js";
import { axeViolations } from "../widget/support/axe.js";

type App = HTMLElement & { updateComplete: Promise<boolean> };

const SALE: DeskPosSale = {
  orderId: "pos-20261127-0123456789abcdef",
  paymentId: "pay_0001",
  clientSecret: "cs_5b0f9c2e8d1a4b7c9e3f6a2d8c1b4e7f",
  priceAmount: "12.50",
  priceCurrency: "EUR",
  transferCurrency: "BTC",
};

interface Call {
  method: string;
  url: string;
  csrf: string | null;
  body: unknown;
}

/** The Worker's answers by method and path, and every request the app made. */
function fakeApi(answers: Record<string, () => Response>): Call[] {
  const calls: Call[] = [];
  sinon.stub(window, "fetch").callsFake(async (input, init) => {
    const url = new URL(String(input), location.href);
    const method = init?.method ?? "GET";
    calls.push({
      method,
      url: url.pathname,
      csrf: new Headers(init?.headers).get("x-csrf-token"),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : null,
    });
    const answer = answers[`${method} ${url.pathname}`];
    return answer
      ? answer()
      : json({ error: { code: "not_found", message: "No such route.", kind: "setup", retryable: false } }, 404);
  });
  return calls;
}

const SIGNED_IN = {
  "GET /dashboard/api/session": () => json(SESSION),
  "GET /api/shops/demo-open": () => json(OPEN_SHOP),
  "POST /dashboard/api/shops/demo-open/pos/charges": () => json(SALE, 201),
};

const mounted: HTMLElement[] = [];

async function open(url = "/pos/demo-open/"): Promise<App> {
  history.replaceState(null, "", url);
  const app = document.createElement("pos-app") as App;
  document.body.append(app);
  mounted.push(app);
  await app.updateComplete;
  return app;
}

const keypadReady = (app: App) => until(() => app.querySelector(".display") !== null, "the keypad");
const display = (app: App) => text($(app, ".display"));
const tap = (app: App, key: string) => $<HTMLButtonElement>(app, `button[data-key="${key}"]`).click();

async function settle(app: App): Promise<void> {
  await app.updateComplete;
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** The element's `checkout-payment` event for a view, as it dispatches it (bubbling, composed). */
function paymentEvent(app: App, view: PaymentView): void {
  $(app, "crypto-checkout").dispatchEvent(
    new CustomEvent("checkout-payment", { detail: view, bubbles: true, composed: true }),
  );
}

/** Types 12.50, charges, and waits for the sale screen. */
async function charged(app: App): Promise<void> {
  await keypadReady(app);
  for (const key of ["1", "2", ".", "5", "0"]) tap(app, key);
  await settle(app);
  $<HTMLButtonElement>(app, "button.charge").click();
  await until(() => app.querySelector("crypto-checkout") !== null, "the element");
}

describe("the point of sale", () => {
  const testPage = `${location.pathname}${location.search}`;
  const stylesheet = Object.assign(document.createElement("link"), { rel: "stylesheet", href: "/pos/pos.css" });

  before(async () => {
    document.head.append(stylesheet);
    await new Promise((resolve) => stylesheet.addEventListener("load", resolve, { once: true }));
  });
  after(() => stylesheet.remove());
  afterEach(() => {
    for (const el of mounted.splice(0)) el.remove();
    sinon.restore();
    history.replaceState(null, "", testPage);
  });

  it("without a session says how to sign in; with a link's token signs in on the button, then shows the keypad", async () => {
    let signedIn = false;
    const calls = fakeApi({
      ...SIGNED_IN,
      "GET /dashboard/api/session": () =>
        signedIn
          ? json(SESSION)
          : json(
              { error: { code: "unauthenticated", message: "Not signed in.", kind: "setup", retryable: false } },
              401,
            ),
      "POST /dashboard/api/session": () => {
        signedIn = true;
        return json(SESSION);
      },
    });
    const out = await open();
    await until(() => out.querySelector("[role=alert]") !== null, "the signed-out message");
    expect(text(out)).to.contain("Not signed in");
    expect(await axeViolations(out)).to.deep.equal([]);
    out.remove();

    const app = await open("/pos/demo-open/#Jm2s8Qe4t0yXcV7bN1kA9wZ3hR5uL6pD2fG8jK4mN0q");
    // The token leaves the address bar at once, and nothing is used before the button.
    expect(location.hash).to.equal("");
    expect(calls.filter((c) => c.method === "POST")).to.have.length(0);
    $<HTMLButtonElement>(app, "form button").click();
    await keypadReady(app);
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).to.deep.equal({ token: "Jm2s8Qe4t0yXcV7bN1kA9wZ3hR5uL6pD2fG8jK4mN0q" });
    expect(text($(app, ".bar"))).to.contain("Demo open shop");
  });

  it("types with the keypad: the currency's decimals, backspace and clear; Charge waits for an amount", async () => {
    fakeApi(SIGNED_IN);
    const app = await open();
    await keypadReady(app);
    expect(display(app)).to.equal("€0");
    expect($<HTMLButtonElement>(app, "button.charge").disabled).to.equal(true);
    for (const key of ["0", "1", "2", ".", "5", "0", "9"]) tap(app, key);
    await settle(app);
    expect(display(app)).to.equal("€12.50");
    expect(text($(app, "button.charge"))).to.equal("Charge €12.50");
    tap(app, "back");
    await settle(app);
    expect(display(app)).to.equal("€12.5");
    $<HTMLButtonElement>(app, "button.clear").click();
    await settle(app);
    expect(display(app)).to.equal("€0");
    expect($<HTMLButtonElement>(app, "button.charge").disabled).to.equal(true);
    expect(await axeViolations(app)).to.deep.equal([]);
  });

  it("takes the keyboard: digits, comma as the point, Backspace, Escape, and Enter to charge", async () => {
    const calls = fakeApi(SIGNED_IN);
    const app = await open();
    await keypadReady(app);
    $<HTMLElement>(app, ".display").focus();
    await sendKeys({ type: "7,25" });
    await settle(app);
    expect(display(app)).to.equal("€7.25");
    await sendKeys({ press: "Backspace" });
    await settle(app);
    expect(display(app)).to.equal("€7.2");
    await sendKeys({ press: "Escape" });
    await settle(app);
    expect(display(app)).to.equal("€0");
    await sendKeys({ type: "3" });
    await sendKeys({ press: "Enter" });
    await until(() => app.querySelector("crypto-checkout") !== null, "the sale");
    expect(calls.find((c) => c.method === "POST")?.body).to.deep.equal({
      priceAmount: "3",
      priceCurrency: "EUR",
      transferCurrency: "BTC",
    });
  });

  it("charges the amount, currency, coin and memo with the CSRF token, and attaches the element to the new payment", async () => {
    const calls = fakeApi(SIGNED_IN);
    const app = await open();
    await keypadReady(app);
    const currency = $<HTMLSelectElement>(app, "select.currency");
    currency.value = "USD";
    currency.dispatchEvent(new Event("change"));
    $<HTMLInputElement>(app, 'input[name="coin"][value="LTC"]').click();
    const memo = $<HTMLInputElement>(app, ".memo input");
    memo.value = "Table 4";
    memo.dispatchEvent(new Event("input"));
    await settle(app);
    for (const key of ["9", ".", "9", "9"]) tap(app, key);
    await settle(app);
    expect(display(app)).to.equal("$9.99");
    $<HTMLButtonElement>(app, "button.charge").click();
    await until(() => app.querySelector("crypto-checkout") !== null, "the element");
    const post = calls.find((c) => c.method === "POST");
    expect(post).to.deep.include({ url: "/dashboard/api/shops/demo-open/pos/charges", csrf: SESSION.csrfToken });
    expect(post?.body).to.deep.equal({
      priceAmount: "9.99",
      priceCurrency: "USD",
      transferCurrency: "LTC",
      memo: "Table 4",
    });
    const element = $(app, "crypto-checkout");
    expect(element.getAttribute("payment-id")).to.equal(SALE.paymentId);
    expect(element.getAttribute("client-secret")).to.equal(SALE.clientSecret);
    expect(element.getAttribute("shop")).to.equal("demo-open");
    expect(element.getAttribute("endpoint")).to.equal(location.origin);
    expect(text($(app, ".sale h1"))).to.equal("Scan to pay €12.50");
    expect(text(app)).to.contain("Memo: Table 4");
    expect(text(app)).to.contain(SALE.orderId);
    expect(document.activeElement).to.equal($(app, ".sale h1"));
    expect(await axeViolations(app)).to.deep.equal([]);
  });

  it("shows Paid over the whole screen when the payment is confirmed, and starts the next sale with one tap", async () => {
    fakeApi(SIGNED_IN);
    const app = await open();
    await charged(app);
    paymentEvent(app, newView({ paymentId: SALE.paymentId }));
    await settle(app);
    expect(app.querySelector(".overlay")).to.equal(null);
    paymentEvent(app, newView({ paymentId: SALE.paymentId, status: "CONFIRMED", priceAmount: "12.50" }));
    await settle(app);
    const overlay = $(app, ".overlay-paid");
    expect(overlay.getAttribute("role")).to.equal("alertdialog");
    expect(text($(overlay, "h2"))).to.equal("Paid");
    expect(text(overlay)).to.contain("€12.50 received");
    expect($(app, "main").inert).to.equal(true);
    const rect = overlay.getBoundingClientRect();
    expect([rect.left, rect.top, rect.width, rect.height]).to.deep.equal([0, 0, innerWidth, innerHeight]);
    expect(document.activeElement).to.equal($(overlay, "button.primary"));
    expect(await axeViolations(app)).to.deep.equal([]);
    $<HTMLButtonElement>(overlay, "button.primary").click();
    await settle(app);
    expect(app.querySelector(".overlay")).to.equal(null);
    expect(app.querySelector("crypto-checkout")).to.equal(null);
    expect(display(app)).to.equal("€0");
    expect($<HTMLInputElement>(app, ".memo input").value).to.equal("");
  });

  it("shows Underpaid with the amount still to pay, can show the QR code for the rest, then Paid", async () => {
    fakeApi(SIGNED_IN);
    const app = await open();
    await charged(app);
    const underpaid = newView({ paymentId: SALE.paymentId, status: "UNDERPAID", paidTransferAmount: "0.00011234" });
    paymentEvent(app, underpaid);
    await settle(app);
    const overlay = $(app, ".overlay-underpaid");
    expect(text($(overlay, "h2"))).to.equal("Underpaid");
    expect(text(overlay)).to.contain("0.00030000 BTC still to pay");
    expect(await axeViolations(app)).to.deep.equal([]);
    $<HTMLButtonElement>(overlay, "button.primary").click();
    await settle(app);
    expect(app.querySelector(".overlay")).to.equal(null);
    expect($(app, "main").inert).to.equal(false);
    // The same view again does not cover the QR code once more; a new remainder does.
    paymentEvent(app, underpaid);
    await settle(app);
    expect(app.querySelector(".overlay")).to.equal(null);
    paymentEvent(
      app,
      newView({ paymentId: SALE.paymentId, status: "UNDERPAID", paidTransferAmount: "0.00031234", version: 3 }),
    );
    await settle(app);
    expect(text($(app, ".overlay-underpaid"))).to.contain("0.00010000 BTC still to pay");
    paymentEvent(app, newView({ paymentId: SALE.paymentId, status: "CONFIRMED", version: 4 }));
    await settle(app);
    expect(text($(app, ".overlay h2"))).to.equal("Paid");
  });

  it("shows Expired, and Charge again makes a new payment for the same amount", async () => {
    const calls = fakeApi(SIGNED_IN);
    const app = await open();
    await charged(app);
    paymentEvent(app, newView({ paymentId: SALE.paymentId, status: "EXPIRED" }));
    await settle(app);
    const overlay = $(app, ".overlay-expired");
    expect(text($(overlay, "h2"))).to.equal("Expired");
    expect(text(overlay)).to.contain("Nothing was paid");
    expect(await axeViolations(app)).to.deep.equal([]);
    const again = [...overlay.querySelectorAll("button")].find((b) => text(b) === "Charge again");
    again?.click();
    await until(() => calls.filter((c) => c.method === "POST").length === 2, "the second charge");
    await until(
      () => app.querySelector("crypto-checkout") !== null && app.querySelector(".overlay") === null,
      "the new sale",
    );
    const posts = calls.filter((c) => c.method === "POST").map((c) => c.body);
    expect(posts[1]).to.deep.equal(posts[0]);
  });

  it("ignores another payment's events, and keeps the counter on the page when the element would redirect", async () => {
    fakeApi(SIGNED_IN);
    const app = await open();
    await charged(app);
    paymentEvent(app, newView({ paymentId: "pay_other", status: "CONFIRMED" }));
    await settle(app);
    expect(app.querySelector(".overlay")).to.equal(null);
    const redirect = new CustomEvent("checkout-redirect", {
      detail: { url: "https://shop.example/thanks", reason: "confirmed" },
      bubbles: true,
      composed: true,
      cancelable: true,
    });
    $(app, "crypto-checkout").dispatchEvent(redirect);
    expect(redirect.defaultPrevented).to.equal(true);
  });

  it("shows the Worker's refusal of a charge with its cause, and stays on the keypad", async () => {
    fakeApi({
      ...SIGNED_IN,
      "POST /dashboard/api/shops/demo-open/pos/charges": () =>
        json(
          {
            error: {
              code: "amount_out_of_range",
              message: "The amount must be between 1.00 and 5000.00 EUR.",
              kind: "order",
              retryable: false,
            },
          },
          400,
        ),
    });
    const app = await open();
    await keypadReady(app);
    tap(app, "9");
    tap(app, "9");
    tap(app, "9");
    tap(app, "9");
    tap(app, "9");
    await settle(app);
    $<HTMLButtonElement>(app, "button.charge").click();
    await until(() => app.querySelector(".keys [role=alert]") !== null, "the error");
    expect(text(app)).to.contain("The amount must be between 1.00 and 5000.00 EUR.");
    expect(app.querySelector("crypto-checkout")).to.equal(null);
    expect(display(app)).to.equal("€99,999");
  });
});
