/** Languages: English bundled, de/es/fr/pt/ar loaded on demand, Arabic right to left; exact Intl numbers. */
import { expect } from "@open-wc/testing";
import { formatAmount, formatCountdown, formatDecimal } from "../../widget/locales/format.js";
import { resolveLocale } from "../../widget/locales/index.js";
import { FakeCheckout } from "./support/fake-checkout.js";
import { $, mountWithPayment, part, textOf, unmountAll, until } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

describe("number formatting never loses a decimal", () => {
  it("formats decimal strings exactly, with the locale's separators", () => {
    expect(formatDecimal("en", "9007199254740993.5")).to.equal("9,007,199,254,740,993.5"); // past float precision
    expect(formatDecimal("de", "1234567.12345678")).to.equal("1.234.567,12345678");
    expect(formatDecimal("en", "0.000000000000000001")).to.equal("0.000000000000000001");
    expect(formatDecimal("fr", "0.10000000")).to.equal("0,10000000"); // trailing zeros kept
    expect(formatDecimal("en", "not-a-number")).to.equal("not-a-number");
  });

  it("uses Intl's currency style for ISO currencies and the code after crypto amounts", () => {
    expect(formatAmount("de", "25.00", "EUR")).to.equal("25,00\u00a0€");
    expect(formatAmount("en", "25.5", "USD")).to.equal("$25.5");
    expect(formatAmount("en", "0.00041234", "BTC")).to.equal("0.00041234 BTC");
    expect(formatAmount("es", "1234.12345678", "USDT")).to.equal("1234,12345678 USDT");
    expect(formatCountdown("en", 3_723_000)).to.equal("1:02:03");
  });

  it("chooses the attribute, else the page language, else the browser's, else English", () => {
    expect(resolveLocale("de-CH", "fr", "es")).to.deep.equal({ tag: "de-CH", language: "de" });
    expect(resolveLocale(undefined, "fr", "es")).to.deep.equal({ tag: "fr", language: "fr" });
    expect(resolveLocale("", null, "pt-BR")).to.deep.equal({ tag: "pt-BR", language: "pt" });
    expect(resolveLocale("ja", "fr")).to.deep.equal({ tag: "en", language: "en" });
    expect(resolveLocale("not a tag!", "ar")).to.deep.equal({ tag: "ar", language: "ar" });
  });
});

describe("locales in the element", () => {
  let server: FakeCheckout;
  beforeEach(() => {
    sessionStorage.clear();
    server = new FakeCheckout(OPEN_SHOP).install();
    server.payments.set(VIEWS.UNDERPAID.paymentId, VIEWS.UNDERPAID);
  });
  afterEach(() => {
    unmountAll();
    server.restore();
  });

  // textOf() collapses every white space, no-break spaces included.
  const show = (attributes: Record<string, string | null>, parent?: HTMLElement) => mountWithPayment({ "payment-id": VIEWS.UNDERPAID.paymentId, ...attributes }, parent);

  const cases = [
    ["de", "Ein Teil des Betrags ist eingegangen", "Senden Sie genau 0,00011234 BTC", "Preis: 25,00 €", "Adresse kopieren"],
    ["es", "Ha llegado una parte del importe", "Envíe exactamente 0,00011234 BTC", "Precio: 25,00 €", "Copiar dirección"],
    ["fr", "Une partie du montant est arrivée", "Envoyez exactement 0,00011234 BTC", "Prix: 25,00 €", "Copier l’adresse"],
    ["pt", "Chegou uma parte do valor", "Envie exatamente 0,00011234 BTC", "Preço: € 25,00", "Copiar endereço"],
  ] as const;
  for (const [locale, status, amount, price, copy] of cases) {
    it(`renders in ${locale}`, async () => {
      const el = await show({ locale });
      await until(() => textOf(part(el, "status")) === status, `${locale} catalog`);
      expect(textOf(part(el, "amount"))).to.contain(amount).and.to.contain(price);
      expect(textOf(part(el, "address"))).to.contain(copy);
      expect($(el, ".base")?.getAttribute("dir")).to.equal("ltr");
      expect($(el, ".base")?.getAttribute("lang")).to.equal(locale);
    });
  }

  it("renders Arabic right to left, with addresses and amounts kept left to right", async () => {
    const el = await show({ locale: "ar" });
    await until(() => textOf(part(el, "status")) === "وصل جزء من المبلغ", "ar catalog");
    const base = $(el, ".base") as HTMLElement;
    expect(base.getAttribute("dir")).to.equal("rtl");
    expect(getComputedStyle(base).direction).to.equal("rtl");
    expect(textOf(part(el, "amount"))).to.contain(new Intl.NumberFormat("ar", { minimumFractionDigits: 8 }).format("0.00011234"));
    const address = $(el, "#address-value") as HTMLElement;
    expect(getComputedStyle(address).direction).to.equal("ltr");
    expect(textOf(address)).to.equal(VIEWS.UNDERPAID.address);
    // Right to left: the value starts at the right edge, its copy button follows to its left.
    const row = address.parentElement as HTMLElement;
    const button = row.querySelector("button") as HTMLElement;
    expect(Math.round(address.getBoundingClientRect().right)).to.be.closeTo(Math.round(row.getBoundingClientRect().right), 1);
    expect(button.getBoundingClientRect().right).to.be.at.most(address.getBoundingClientRect().left + 1);
    // The countdown keeps its place at the start (right) of its line.
    const countdown = part(el, "countdown") as HTMLElement;
    expect(countdown.firstElementChild?.getBoundingClientRect().right).to.be.closeTo(countdown.getBoundingClientRect().right, 1);
  });

  it("follows the page's lang when there is no locale attribute", async () => {
    const page = document.createElement("div");
    page.lang = "fr";
    document.body.append(page);
    try {
      const el = await show({ locale: null }, page);
      await until(() => textOf(part(el, "status")) === "Une partie du montant est arrivée", "fr from the page");
    } finally {
      page.remove();
    }
  });

  it("switches language in place when the locale attribute changes, without reloading the payment", async () => {
    const el = await show({ locale: "en" });
    const requests = server.requests.length;
    el.setAttribute("locale", "de");
    await until(() => textOf(part(el, "status")) === "Ein Teil des Betrags ist eingegangen", "de catalog");
    expect(server.requests).to.have.length(requests);
  });
});
