/**
 * Languages in the element: every language renders every state in its own words, with its lang
 * and direction, no English left and no axe violation; ar, he and fa right to left; the language
 * negotiated from the attribute, the page and the browser; exact Intl numbers.
 */
import { expect } from "@open-wc/testing";
import fc from "fast-check";
import sinon from "sinon";
import type { PaymentView } from "../../worker/checkout/wire.js";
import type { CryptoCheckout } from "../../widget/index.js";
import { formatAmount, formatCountdown, formatDecimal } from "../../widget/locales/format.js";
import { en, loadMessages, plural } from "../../widget/locales/index.js";
import type { Language, Messages, ResolvedLocale } from "../../widget/locales/index.js";
import { LANGUAGES } from "../../widget/locales/languages.js";
import { axeViolations } from "./support/axe.js";
import { FakeCheckout } from "./support/fake-checkout.js";
import { $, create, mountWithPayment, part, root, textOf, unmountAll, until } from "./support/mount.js";
import { OPEN_SHOP, SERVER_TIME, VIEWS } from "../support/payment-views.js";

describe("number formatting never loses a decimal", () => {
  it("formats decimal strings exactly, with the locale's separators", () => {
    expect(formatDecimal("en", "9007199254740993.5")).to.equal("9,007,199,254,740,993.5"); // past float precision
    expect(formatDecimal("de", "1234567.12345678")).to.equal("1.234.567,12345678");
    expect(formatDecimal("en", "0.000000000000000001")).to.equal("0.000000000000000001");
    expect(formatDecimal("fr", "0.10000000")).to.equal("0,10000000"); // trailing zeros kept
    expect(formatDecimal("en", "not-a-number")).to.equal("not-a-number");
  });

  it("formats 18-decimal amounts exactly in several locales", () => {
    const amount = "1234.123456789012345678"; // an ether amount down to the wei
    expect(formatDecimal("en", amount)).to.equal("1,234.123456789012345678");
    expect(formatDecimal("de", amount)).to.equal("1.234,123456789012345678");
    expect(formatDecimal("pt-BR", amount)).to.equal("1.234,123456789012345678");
    expect(formatDecimal("ja", amount)).to.equal("1,234.123456789012345678");
    expect(formatDecimal("es", amount)).to.equal("1234,123456789012345678"); // no grouping of four digits
    expect(formatDecimal("fr", amount)).to.equal("1\u202f234,123456789012345678");
    expect(formatAmount("de", "0.000000000000000001", "ETH")).to.equal("0,000000000000000001 ETH");
    expect(formatAmount("en", "98765432109876543210.000000000000000001", "ETH")).to.equal(
      "98,765,432,109,876,543,210.000000000000000001 ETH",
    );
  });

  it("keeps every digit of any amount with up to 18 decimals in place, the decimal separator where Intl puts it, in every locale with Latin digits (property)", () => {
    const locales = [
      "en",
      "de",
      "fr",
      "es",
      "it",
      "nl",
      "pl",
      "pt-BR",
      "ru",
      "sv",
      "tr",
      "ja",
      "ko",
      "zh-CN",
      "hi",
      "id",
      "vi",
    ];
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 27n }),
        fc.string({ unit: fc.constantFrom(..."0123456789"), maxLength: 18 }),
        fc.constantFrom(...locales),
        (whole, fraction, locale) => {
          const amount = fraction ? `${whole}.${fraction}` : `${whole}`;
          const shown = formatDecimal(locale, amount);
          // Independently of the element: Intl's own formatting of the whole part (a BigInt, exact),
          // then the locale's decimal separator as Intl formats 1.5, then the fraction digits as given.
          const integer = new Intl.NumberFormat(locale).format(whole);
          const separator =
            new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? "";
          expect(separator, locale).to.not.equal("");
          expect(shown, `${amount} in ${locale}`).to.equal(fraction ? `${integer}${separator}${fraction}` : integer);
          if (fraction)
            expect(shown.lastIndexOf(separator), `${amount} in ${locale}: ${shown}`).to.equal(integer.length);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("uses Intl's currency style for ISO currencies and the code after crypto amounts", () => {
    expect(formatAmount("de", "25.00", "EUR")).to.equal("25,00\u00a0€");
    expect(formatAmount("en", "25.5", "USD")).to.equal("$25.5");
    expect(formatAmount("en", "0.00041234", "BTC")).to.equal("0.00041234 BTC");
    expect(formatAmount("es", "1234.12345678", "USDT")).to.equal("1234,12345678 USDT");
    expect(formatCountdown("en", 3_723_000)).to.equal("1:02:03");
    expect(formatCountdown("fa", 3_723_000)).to.equal("۱:۰۲:۰۳");
  });
});

/** Whitespace collapsed as textOf() does (no-break spaces included). */
const words = (text: string) => text.replace(/\s+/g, " ").trim();

/** What each state shows, in the catalog's words. */
interface Shown {
  name: string;
  el: CryptoCheckout;
  expected: string[];
}

/** A view of its own (own payment id, so its own stream) for each state. */
const view = (name: string, base: PaymentView, extra: Partial<PaymentView> = {}): PaymentView => ({
  ...base,
  paymentId: `pay_${name.toLowerCase()}`,
  ...extra,
});
/** 90 s before expiry: inside the last two minutes, so the countdown warns. */
const SOON = new Date(Date.parse(SERVER_TIME) + 90_000).toISOString();

const STATES: [string, PaymentView, (m: Messages, locale: ResolvedLocale) => string[]][] = [
  [
    "NEW",
    view("NEW", VIEWS.NEW),
    (m) => [
      m.awaiting,
      m.sendExactly,
      m.price,
      m.address,
      m.copyAddress,
      m.amount,
      m.copyAmount,
      m.openWallet,
      m.timeLeft,
    ],
  ],
  [
    "WARNING",
    view("WARNING", VIEWS.NEW_PENDING, { expirationTime: SOON }),
    (m, locale) => [m.awaiting, m.progress, plural(locale, m.timeLeftWarning, 2)],
  ],
  [
    "UNDERPAID",
    view("UNDERPAID", VIEWS.UNDERPAID),
    (m) => [m.underpaid, m.received, m.stillToPay, m.payRemainder, m.sendExactly],
  ],
  [
    "UNCONFIRMED",
    view("UNCONFIRMED", VIEWS.UNCONFIRMED),
    (m) => [m.unconfirmed, m.progress, m.transactions, m.txAccepted, m.txPending],
  ],
  [
    "CONFIRMED",
    view("CONFIRMED", VIEWS.CONFIRMED, { redirectUrls: { confirmed: "https://shop.example/thanks" } }),
    (m) => [m.confirmed, m.transactions, m.goNow],
  ],
  ["EXPIRED", view("EXPIRED", VIEWS.EXPIRED_PAID), (m) => [m.expired, m.startAgain, m.reference]],
  ["INVALID", view("INVALID", VIEWS.INVALID), (m) => [m.invalid, m.txRejected, m.reference]],
  ["UNKNOWN", view("UNKNOWN", VIEWS.UNKNOWN), (m) => [m.unknown("REFUNDED"), m.reference]],
  ["PARTIAL", view("PARTIAL", VIEWS.PARTIAL_TRANSACTIONS), (m) => [m.txAmountUnknown, m.txStateUnknown, m.txIdUnknown]],
];

/** The element's text, without the codes it shows (addresses, transaction ids: "tx-rejected-1" is not English). */
function wordsOf(el: CryptoCheckout): string {
  const walker = document.createTreeWalker(root(el), NodeFilter.SHOW_TEXT);
  let text = "";
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (!node.parentElement?.closest("code")) text += ` ${node.textContent ?? ""}`;
  return words(text);
}

/** English texts that must not appear in `language`: every string English has and the language words differently. */
function englishLeftIn(m: Messages, text: string): string[] {
  return (Object.keys(en) as (keyof Messages)[])
    .filter((key) => key !== "dir" && typeof en[key] === "string" && en[key] !== m[key])
    .map((key) => words(en[key] as string))
    .filter((english) => text.includes(english));
}

describe("every language renders every state", () => {
  let server: FakeCheckout;
  beforeEach(() => {
    sessionStorage.clear();
    server = new FakeCheckout(OPEN_SHOP).install();
    sinon.stub(navigator.clipboard, "writeText").resolves();
  });
  afterEach(() => {
    unmountAll();
    server.restore();
    sinon.restore();
  });

  /** Checks one element on its own in the page (axe looks at the whole page), then removes it. */
  async function check(language: Language, m: Messages, { name, el, expected }: Shown): Promise<void> {
    await until(
      () => expected.every((text) => textOf(root(el)).includes(words(text))),
      `${language} ${name}: ${expected.join(" | ")}`,
    );
    const base = $(el, ".base") as HTMLElement;
    expect([base.getAttribute("lang"), base.getAttribute("dir"), getComputedStyle(base).direction], name).to.deep.equal(
      [language, m.dir, m.dir],
    );
    const labels = [...root(el).querySelectorAll("[aria-label], [aria-valuetext]")].map(
      (n) => `${n.getAttribute("aria-label") ?? ""} ${n.getAttribute("aria-valuetext") ?? ""}`,
    );
    if (language !== "en")
      expect(englishLeftIn(m, words(`${wordsOf(el)} ${labels.join(" ")}`)), name).to.deep.equal([]);
    expect(await axeViolations(el), name).to.deep.equal([]);
    unmountAll();
  }

  for (const language of LANGUAGES) {
    it(`${language}: its words in every state, its lang and direction, no English left, no axe violation`, async function () {
      this.timeout(30_000);
      const m = await loadMessages(language);
      const locale = { tag: language, language };
      for (const [name, v, expected] of STATES) {
        server.payments.set(v.paymentId, v);
        const el = await mountWithPayment({ "payment-id": v.paymentId, locale: language, "redirect-delay": "600" });
        if (name === "NEW")
          expect(part(el, "qr")?.querySelector("svg")?.getAttribute("aria-label")).to.equal(m.qrLabel("BTC"));
        if (name === "CONFIRMED") {
          // The redirect counts down in real time from 600 s: one of its first seconds is on screen.
          const redirect = textOf($(el, ".redirect span"));
          expect(Array.from({ length: 30 }, (_, i) => words(plural(locale, m.redirecting, 600 - i)))).to.include(
            redirect,
          );
        }
        await check(language, m, { name, el, expected: expected(m, locale) });
      }
      const picker = create({ locale: language, "transfer-currency": null });
      await check(language, m, {
        name: "picker",
        el: picker,
        expected: [m.sandbox, m.chooseCurrency, m.payWith("Bitcoin", "BTC"), m.payWith("Litecoin", "LTC")],
      });
      const quiet = sinon.stub(console, "error");
      try {
        await check(language, m, {
          name: "error",
          el: create({ locale: language, shop: "no-such-shop" }),
          expected: [m.errors.setup],
        });
      } finally {
        quiet.restore();
      }
      server.payments.set(VIEWS.NEW.paymentId, VIEWS.NEW);
      const copy = await mountWithPayment({ "payment-id": VIEWS.NEW.paymentId, locale: language });
      ($(copy, "[part=address] button") as HTMLButtonElement).click();
      await check(language, m, { name: "copied", el: copy, expected: [m.copied] });
      server.socketMode = "refuse";
      await check(language, m, {
        name: "reconnecting",
        el: await mountWithPayment({ "payment-id": VIEWS.NEW.paymentId, locale: language }),
        expected: [m.reconnecting, m.awaiting],
      });
    });
  }
});

describe("right to left", () => {
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

  for (const language of ["ar", "he", "fa"] as const) {
    it(`lays out ${language} right to left, with addresses and amounts kept left to right`, async () => {
      const el = await mountWithPayment({ "payment-id": VIEWS.UNDERPAID.paymentId, locale: language });
      const m = await loadMessages(language);
      await until(() => textOf(part(el, "status")) === m.underpaid, `${language} catalog`);
      const base = $(el, ".base") as HTMLElement;
      expect(base.getAttribute("dir")).to.equal("rtl");
      expect(getComputedStyle(base).direction).to.equal("rtl");
      expect(textOf(part(el, "amount"))).to.contain(
        new Intl.NumberFormat(language, { minimumFractionDigits: 8 }).format("0.00011234"),
      );
      const address = $(el, "#address-value") as HTMLElement;
      expect(getComputedStyle(address).direction).to.equal("ltr");
      expect(textOf(address)).to.equal(VIEWS.UNDERPAID.address);
      // Right to left: the value starts at the right edge, its copy button follows to its left.
      const row = address.parentElement as HTMLElement;
      const button = row.querySelector("button") as HTMLElement;
      expect(Math.round(address.getBoundingClientRect().right)).to.be.closeTo(
        Math.round(row.getBoundingClientRect().right),
        1,
      );
      expect(button.getBoundingClientRect().right).to.be.at.most(address.getBoundingClientRect().left + 1);
      // The countdown keeps its place at the start (right) of its line.
      const countdown = part(el, "countdown") as HTMLElement;
      expect(countdown.firstElementChild?.getBoundingClientRect().right).to.be.closeTo(
        countdown.getBoundingClientRect().right,
        1,
      );
    });
  }
});

describe("the language of the element", () => {
  let server: FakeCheckout;
  const pageLang = document.documentElement.getAttribute("lang");
  beforeEach(() => {
    sessionStorage.clear();
    server = new FakeCheckout(OPEN_SHOP).install();
    server.payments.set(VIEWS.UNDERPAID.paymentId, VIEWS.UNDERPAID);
    document.documentElement.removeAttribute("lang");
  });
  afterEach(() => {
    unmountAll();
    server.restore();
    if (pageLang !== null) document.documentElement.setAttribute("lang", pageLang);
    delete (navigator as { languages?: readonly string[] }).languages; // back to Navigator.prototype's
  });

  // textOf() collapses every white space, no-break spaces included.
  const show = (attributes: Record<string, string | null>, parent?: HTMLElement) =>
    mountWithPayment({ "payment-id": VIEWS.UNDERPAID.paymentId, ...attributes }, parent);
  const inPage = async (lang: string, attributes: Record<string, string | null>) => {
    const page = document.createElement("div");
    page.lang = lang;
    document.body.append(page);
    try {
      return { el: await show(attributes, page), page };
    } finally {
      page.remove();
    }
  };

  it("keeps the regional formats of the tag it was given", async () => {
    const cases = [
      ["de-AT", "de", "Senden Sie genau 0,00011234 BTC", "Preis: € 25,00"],
      ["pt-BR", "pt", "Envie exatamente 0,00011234 BTC", "Preço: € 25,00"],
      ["pt-PT", "pt", "Envie exatamente 0,00011234 BTC", "Preço: 25,00 €"],
      ["fr-CH", "fr", "Envoyez exactement 0,00011234 BTC", "Prix : 25.00 €"],
    ] as const;
    for (const [locale, language, amount, price] of cases) {
      const el = await show({ locale });
      const m = await loadMessages(language);
      await until(() => textOf(part(el, "status")) === m.underpaid, `${locale} catalog`);
      expect(textOf(part(el, "amount")), locale)
        .to.contain(amount)
        .and.to.contain(price);
      expect($(el, ".base")?.getAttribute("lang"), locale).to.equal(language);
    }
  });

  it("follows the page's lang when there is no locale attribute (zh-Hant-TW: Traditional Chinese)", async () => {
    const { el } = await inPage("zh-Hant-TW", { locale: null });
    expect(textOf(part(el, "status"))).to.equal("已收到部分款項");
    expect($(el, ".base")?.getAttribute("lang")).to.equal("zh-TW");
  });

  it("passes over a language it has no catalog for, to the page's", async () => {
    const { el } = await inPage("fi", { locale: "sw" });
    expect(textOf(part(el, "status"))).to.equal("Osa summasta on saapunut");
  });

  it("follows the browser's languages, in order, when neither the attribute nor the page says", async () => {
    Object.defineProperty(navigator, "languages", { value: ["sw-KE", "uk-UA", "de"], configurable: true });
    const el = await show({ locale: null });
    expect(textOf(part(el, "status"))).to.equal("Надійшла частина суми");
    expect($(el, ".base")?.getAttribute("lang")).to.equal("uk");
  });

  it("falls back to English when nothing has a catalog", async () => {
    Object.defineProperty(navigator, "languages", { value: ["sw-KE"], configurable: true });
    const { el } = await inPage("yo", { locale: "zu" });
    expect(textOf(part(el, "status"))).to.equal("Part of the amount has arrived");
    expect($(el, ".base")?.getAttribute("lang")).to.equal("en");
  });

  it("switches language in place when the locale attribute changes, without reloading the payment", async () => {
    const el = await show({ locale: "en" });
    const requests = server.requests.length;
    el.setAttribute("locale", "ja");
    await until(() => textOf(part(el, "status")) === "金額の一部が入金されました", "ja catalog");
    expect(server.requests).to.have.length(requests);
  });
});
