/**
 * The payment link page in the browser: the HTML the Worker renders (worker/checkout/links/link-page.ts)
 * with its stylesheet and script (pay-page/), in Chromium, Firefox and WebKit. The form sends what
 * the payer entered, a refusal is shown by its field in the page's language, and the payment the
 * create made is handed to the page's <crypto-checkout> in the page's language (its `lang`, which
 * the Worker chose); the closed page says why. axe finds
 * nothing at 360 px and 768 px. (The Worker's side of the page: test/worker/checkout/links/.)
 */
import { expect } from "@open-wc/testing";
import { setViewport } from "@web/test-runner-commands";
import sinon from "sinon";
import { fieldOf, paymentBody, refusalOf } from "../../pay-page/src/pay-form.js";
import { closedPage, linkPageLocale, livePage } from "../../worker/checkout/links/link-page.js";
import type { StoredLink } from "../../worker/checkout/link-wire.js";
import { axeViolations } from "./support/axe.js";
import { engine } from "./support/engine.js";
import { until } from "./support/mount.js";

const ID = "lnk_0123456789abcdef0123456789abcdef";
const LINK: StoredLink = {
  id: ID,
  description: "Donation <for> the garden",
  priceCurrency: "EUR",
  minAmount: "5",
  maxAmount: "500",
  singleUse: false,
  orderPrefix: "link",
  reference: { label: "Your name", required: true },
  createdAt: "2026-11-27T10:00:00.000Z",
  uses: 0,
};
const SHOP = { id: "demo-open", name: "Northwind Coffee" };
const CURRENCIES = [
  { code: "BTC", name: "Bitcoin" },
  { code: "LTC", name: "Litecoin" },
];

/** The page's <main> as the Worker renders it, with its stylesheet and its lang and dir, in this document. */
function show(html: string): HTMLElement {
  const parsed = new DOMParser().parseFromString(html, "text/html");
  document.documentElement.lang = parsed.documentElement.lang;
  document.documentElement.dir = parsed.documentElement.dir;
  document.querySelector("main.pay-test")?.remove();
  const main = document.createElement("main");
  main.className = "pay-test";
  main.innerHTML = parsed.querySelector("main")?.innerHTML ?? "";
  document.body.append(main);
  return main;
}

function styles(): Promise<void> {
  if (document.querySelector("link[data-pay]")) return Promise.resolve();
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: "/pay-page/pay.css" });
  link.dataset.pay = "";
  document.head.append(link);
  return new Promise((resolve) => link.addEventListener("load", () => resolve(), { once: true }));
}

/**
 * The page at `width`: the viewport where the driver can set it (Chromium, Firefox); WebKit's
 * WebDriver cannot, so there the page's body is given that width (the layout, not the media queries).
 */
async function atWidth(width: number): Promise<void> {
  if (engine === "webkit") document.body.style.width = `${width}px`;
  else await setViewport({ width, height: 800 });
}

async function accessibleAt(el: Element): Promise<string[]> {
  const found: string[] = [];
  for (const width of [360, 768]) {
    await atWidth(width);
    for (const v of await axeViolations(el)) found.push(`${width}px: ${v}`);
  }
  return found;
}

describe("payment link page", () => {
  afterEach(() => {
    sinon.restore();
    document.body.style.width = "";
    document.documentElement.lang = "en";
    document.documentElement.dir = "";
  });

  it("the form's body leaves out what was not asked; an error names its field", () => {
    expect(paymentBody({ transferCurrency: "BTC" })).to.deep.equal({ transferCurrency: "BTC" });
    expect(paymentBody({ transferCurrency: "BTC", amount: " 12.50 ", reference: "  " })).to.deep.equal({
      transferCurrency: "BTC",
      amount: "12.50",
    });
    expect(fieldOf("amount_out_of_range", "The amount must be between 5 and 500 EUR.")).to.equal("pay-amount");
    expect(fieldOf("invalid_request", "Enter the Your name.")).to.equal("pay-reference");
    expect(fieldOf("rate_limited", "Too many payment requests")).to.equal(undefined);
    expect(refusalOf("amount_out_of_range", "The amount must be between 5 and 500 EUR.")).to.deep.equal({
      kind: "amount",
      field: "pay-amount",
    });
    expect(refusalOf("invalid_request", "Enter the Your name.")).to.deep.equal({
      kind: "reference",
      field: "pay-reference",
    });
    expect(refusalOf("link_gone", "This payment link has expired.")).to.deep.equal({ kind: "gone" });
    expect(refusalOf("rate_limited", "Too many payment requests")).to.deep.equal({ kind: "failed" });
  });

  it("takes the payer's amount and reference, shows a refusal by its field, then hands the payment to the element", async function () {
    this.timeout(20_000);
    await styles();
    const main = show(livePage({ shop: SHOP, link: LINK, currencies: CURRENCIES }));
    expect(main.querySelector("h1")?.textContent).to.equal("Donation <for> the garden");
    expect(await accessibleAt(main)).to.deep.equal([]);

    const answers = [
      new Response(
        JSON.stringify({
          error: { code: "amount_out_of_range", message: "The amount must be between 5 and 500 EUR." },
        }),
        {
          status: 400,
        },
      ),
      new Response(JSON.stringify({ paymentId: "pay_1", clientSecret: "cs_1", orderId: "link-abc" }), { status: 201 }),
    ];
    const fetchStub = sinon
      .stub(window, "fetch")
      .callsFake(async () => answers.shift() ?? new Response("{}", { status: 500 }));
    await import("../../pay-page/src/main.js");

    const amount = main.querySelector<HTMLInputElement>("#pay-amount");
    const reference = main.querySelector<HTMLInputElement>("#pay-reference");
    const currency = main.querySelector<HTMLSelectElement>("#pay-currency");
    if (!amount || !reference || !currency) throw new Error("the form's fields are missing");
    amount.value = "4";
    reference.value = "Ada";
    currency.value = "LTC";
    main.querySelector<HTMLButtonElement>("button[type=submit]")?.click();
    await until(() => main.querySelector("#pay-error")?.textContent !== "", "the refusal");
    expect(main.querySelector("#pay-error")?.textContent).to.equal("Enter an amount between 5 and 500 EUR.");
    expect(amount.getAttribute("aria-invalid")).to.equal("true");
    expect(document.activeElement).to.equal(amount);
    expect(JSON.parse(String(fetchStub.firstCall.args[1]?.body))).to.deep.equal({
      transferCurrency: "LTC",
      amount: "4",
      reference: "Ada",
    });
    expect(String(fetchStub.firstCall.args[0])).to.equal(`/api/shops/demo-open/links/${ID}/payments`);
    expect(await accessibleAt(main)).to.deep.equal([]);

    amount.value = "25";
    main.querySelector<HTMLButtonElement>("button[type=submit]")?.click();
    await until(() => main.querySelector("crypto-checkout") !== null, "the element");
    const element = main.querySelector("crypto-checkout");
    expect(element?.getAttribute("payment-id")).to.equal("pay_1");
    expect(element?.getAttribute("client-secret")).to.equal("cs_1");
    expect(element?.getAttribute("shop")).to.equal("demo-open");
    expect(element?.getAttribute("endpoint")).to.equal(location.origin);
    expect(element?.getAttribute("locale")).to.equal("en");
    const form = main.querySelector<HTMLFormElement>("#pay-form");
    expect(form?.hidden).to.equal(true);
    expect(form && getComputedStyle(form).display).to.equal("none");
  });

  it("speaks the page's language: its refusals, and the element it makes", async function () {
    this.timeout(20_000);
    await styles();
    const main = show(
      livePage({ shop: SHOP, link: LINK, currencies: CURRENCIES }, linkPageLocale("de-DE,de;q=0.9,en;q=0.8")),
    );
    expect(document.documentElement.lang).to.equal("de-DE");
    expect(main.querySelector("button[type=submit]")?.textContent).to.equal("Weiter zur Zahlung");
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError("Failed to fetch");
      },
      () =>
        new Response(JSON.stringify({ error: { code: "invalid_request", message: "Enter the Your name." } }), {
          status: 400,
        }),
      () => new Response(JSON.stringify({ error: { code: "rate_limited", message: "Too many" } }), { status: 429 }),
      () =>
        new Response(JSON.stringify({ paymentId: "pay_2", clientSecret: "cs_2", orderId: "link-def" }), {
          status: 201,
        }),
    ];
    sinon
      .stub(window, "fetch")
      .callsFake(async () => (answers.shift() ?? (() => new Response("{}", { status: 500 })))());
    sinon.stub(console, "warn");
    // A module of its own for this page (the first test's copy holds the first page's form); the
    // dev server serves the TypeScript source as a module.
    const script = "../../pay-page/src/main.ts?page=de";
    await import(script);
    const amount = main.querySelector<HTMLInputElement>("#pay-amount");
    const error = main.querySelector<HTMLElement>("#pay-error");
    if (!amount || !error) throw new Error("the form is missing");
    amount.value = "25";
    const submitted = async (): Promise<string> => {
      error.textContent = "";
      main.querySelector<HTMLButtonElement>("button[type=submit]")?.click();
      await until(() => error.textContent !== "" || main.querySelector("crypto-checkout") !== null, "an answer");
      return error.textContent ?? "";
    };
    expect(await submitted()).to.equal(
      "Die Zahlung konnte nicht gestartet werden. Prüfen Sie Ihre Verbindung und versuchen Sie es noch einmal.",
    );
    expect(await submitted()).to.equal("Bitte füllen Sie „Your name“ aus.");
    expect(main.querySelector("#pay-reference")?.getAttribute("aria-invalid")).to.equal("true");
    expect(await submitted()).to.equal(
      "Die Zahlung konnte nicht gestartet werden. Laden Sie die Seite neu und versuchen Sie es noch einmal.",
    );
    await submitted();
    expect(main.querySelector("crypto-checkout")?.getAttribute("locale")).to.equal("de-DE");
  });

  it("lays out right to left in Arabic: the fields and the button start on the right, nothing sideways", async () => {
    await styles();
    await atWidth(360);
    const main = show(livePage({ shop: SHOP, link: LINK, currencies: CURRENCIES }, linkPageLocale("ar")));
    expect([document.documentElement.lang, document.documentElement.dir]).to.deep.equal(["ar", "rtl"]);
    const label = main.querySelector<HTMLElement>("label[for=pay-amount]");
    expect(label?.textContent).to.equal("المبلغ (EUR)");
    const box = main.getBoundingClientRect();
    const labelBox = label?.getBoundingClientRect();
    expect(labelBox && box.right - labelBox.right, "the label starts on the right").to.be.below(48);
    expect(document.documentElement.scrollWidth).to.be.at.most(document.documentElement.clientWidth);
    expect(await accessibleAt(main)).to.deep.equal([]);
  });

  it("a closed link's page says why, accessibly", async () => {
    await styles();
    const main = show(closedPage(SHOP.name, "expired", LINK));
    expect(main.querySelector(".closed")?.textContent).to.equal("This payment link has expired.");
    expect(await accessibleAt(main)).to.deep.equal([]);
    const none = show(closedPage(null, null));
    expect(none.querySelector(".closed")?.textContent).to.contain("There is no payment link at this address.");
    expect(await accessibleAt(none)).to.deep.equal([]);
  });
});
