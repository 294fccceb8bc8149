/**
 * The payment link page in the payer's language (docs/links.md, "The page's language"): the
 * Worker reads the request's Accept-Language and renders the page, live or closed, in the
 * language the element would choose, with its lang and dir; an answer that differs by the header
 * says so to caches (Vary). Any header, however malformed, yields one of the element's languages.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../../widget/locales/languages.js";
import { acceptedLanguages } from "../../../../widget/locales/pages/page-language.js";
import { closedPage, linkPageLocale } from "../../../../worker/checkout/links/link-page.js";
import type { StoredLink } from "../../../../worker/checkout/link-wire.js";
import { call } from "../support/http.js";
import { useStubs } from "../support/stubs.js";
import { confirm, linksPath, makeLink, paidWith, postBackend, SHOP } from "./link-support.js";

const stubs = useStubs();

const open = { description: "Spende", minAmount: "5", maxAmount: "500.00", priceCurrency: "EUR" };
const fixed = { description: "Beratung", priceAmount: "80.00", priceCurrency: "EUR" };

const page = (id: string, acceptLanguage?: string, shop = SHOP) =>
  call(`/pay/${shop}/${id}`, acceptLanguage === undefined ? {} : { headers: { "Accept-Language": acceptLanguage } });

/** The <html> start tag of a page. */
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];

describe("the page's language", () => {
  it("answers in German for a German browser, and says that the answer varies by Accept-Language", async () => {
    const link = await makeLink({ ...open, reference: { label: "Ihr Name", required: false } });
    const response = await page(link.id, "de-DE,de;q=0.9,en;q=0.8");
    expect(response.status).toBe(200);
    expect(response.headers.get("Vary")).toBe("Accept-Language");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const html = await response.text();
    expect(htmlTag(html)).toBe('<html lang="de-DE" dir="ltr">');
    expect(html).toContain('<label for="pay-amount">Betrag (EUR)</label>');
    expect(html).toContain("Zwischen 5 und 500.00 EUR");
    expect(html).toContain('<p class="amount">Beliebiger Betrag von 5 bis 500.00 EUR</p>');
    expect(html).toContain("Ihr Name (optional)");
    expect(html).toContain('<button type="submit">Weiter zur Zahlung</button>');
    expect(html).toContain("Diese Seite benötigt JavaScript");
    expect(html).toContain('<meta property="og:description" content="Spende · 5 bis 500.00 EUR" />');
    // The refusals the page's script shows, in the page's language.
    expect(html).toContain('data-error-amount="Geben Sie einen Betrag zwischen 5 und 500.00 EUR ein."');
    expect(html).toContain('data-error-reference="Bitte füllen Sie „Ihr Name“ aus."');
    expect(html).toContain('data-error-network="Die Zahlung konnte nicht gestartet werden.');
  });

  it("answers in Arabic right to left, and in Hebrew or Persian too", async () => {
    const link = await makeLink(open);
    const html = await (await page(link.id, "ar-SA,ar;q=0.9")).text();
    expect(htmlTag(html)).toBe('<html lang="ar-SA" dir="rtl">');
    expect(html).toContain('<button type="submit">المتابعة إلى الدفع</button>');
    expect(htmlTag(await (await page(link.id, "he-IL")).text())).toBe('<html lang="he-IL" dir="rtl">');
    expect(htmlTag(await (await page(link.id, "fa")).text())).toBe('<html lang="fa" dir="rtl">');
  });

  it("answers in English without the header, for garbage, and for languages without a catalog", async () => {
    const link = await makeLink(fixed);
    for (const header of [undefined, "", "x;;;q=abc,,,", "tlh-Latn, i-klingon", "*", "de;q=0"]) {
      const response = await page(link.id, header);
      expect(response.headers.get("Vary"), String(header)).toBe("Accept-Language");
      const html = await response.text();
      expect(htmlTag(html), String(header)).toBe('<html lang="en" dir="ltr">');
      expect(html).toContain('<button type="submit">Continue to payment</button>');
    }
  });

  it("says a link is disabled, paid or not there in the payer's language, with the same headers", async () => {
    const disabled = await makeLink(fixed);
    expect((await postBackend(`${linksPath()}/${disabled.id}/disable`, {})).status).toBe(200);
    const gone = await page(disabled.id, "fr-FR,fr;q=0.9");
    expect(gone.status).toBe(410);
    expect(gone.headers.get("Vary")).toBe("Accept-Language");
    const goneHtml = await gone.text();
    expect(htmlTag(goneHtml)).toBe('<html lang="fr-FR" dir="ltr">');
    expect(goneHtml).toContain("Ce lien de paiement n’est plus actif.");
    expect(goneHtml).toContain("Contactez la boutique pour obtenir un nouveau lien.");

    const single = await makeLink({ ...fixed, singleUse: true });
    const created = await paidWith(single);
    const upstreamPayment = stubs.upstream.payments.get(created.paymentId);
    if (!upstreamPayment) throw new Error("the upstream has no such payment");
    await confirm(upstreamPayment);
    const used = await page(single.id, "ja");
    expect(used.status).toBe(410);
    expect(await used.text()).toContain("この支払いリンクは支払い済みです。");

    const missing = await page("lnk_00000000000000000000000000000000", "pt-BR");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Vary")).toBe("Accept-Language");
    const missingHtml = await missing.text();
    expect(missingHtml).toContain(": Link de pagamento não encontrado</title>");
    expect(missingHtml).toContain("Não há nenhum link de pagamento neste endereço.");
    const noShop = await (await page("lnk_00000000000000000000000000000000", "ru", "no-such-shop")).text();
    expect(noShop).toContain("Платёжная ссылка не найдена");
  });

  it("an expired link's page says so in the page's language", () => {
    const link: StoredLink = {
      id: "lnk_0123456789abcdef0123456789abcdef",
      ...fixed,
      singleUse: false,
      orderPrefix: "link",
      createdAt: "2026-11-27T10:00:00.000Z",
      uses: 0,
    };
    const html = closedPage("Northwind", "expired", link, linkPageLocale("de"));
    expect(html).toContain("<title>Northwind: Dieser Zahlungslink ist abgelaufen.</title>");
    expect(html).toContain('<p class="closed" role="status">Dieser Zahlungslink ist abgelaufen.</p>');
  });
});

describe("Accept-Language", () => {
  it("is read by q-value, ties in order; q=0 and malformed ranges are left out; the wildcard is English", () => {
    expect(acceptedLanguages("fr;q=0.5, de, en;q=0.8")).toEqual(["de", "en", "fr"]);
    expect(acceptedLanguages("da, en-GB;q=0.8, en;q=0.7")).toEqual(["da", "en-GB", "en"]);
    expect(acceptedLanguages("de;q=0, fr;q=0.1")).toEqual(["fr"]);
    expect(acceptedLanguages("es;q=1.5, it;q=0.3, *;q=0.2")).toEqual(["it", "en"]);
    expect(acceptedLanguages("de-DE ; Q = 0.7 , nl")).toEqual(["nl", "de-DE"]);
    expect(acceptedLanguages("<script>, ;q=1, 12345")).toEqual([]);
    expect(acceptedLanguages(null)).toEqual([]);
  });

  it("falls back by region and script as the element does", () => {
    const language = (header: string) => linkPageLocale(header).locale.language;
    expect(language("pt-BR")).toBe("pt");
    expect(language("pt-PT")).toBe("pt");
    expect(language("zh-Hant")).toBe("zh-TW");
    expect(language("zh-HK")).toBe("zh-TW");
    expect(language("zh")).toBe("zh-CN");
    expect(language("zh-SG")).toBe("zh-CN");
    expect(language("nn-NO, en;q=0.5")).toBe("nb");
    expect(language("iw")).toBe("he");
    expect(language("tlh, sv;q=0.4")).toBe("sv");
    expect(linkPageLocale("pt-BR").locale.tag).toBe("pt-BR");
  });

  it("yields one of the element's languages for any header, without throwing", () => {
    const range = fc.oneof(
      fc.constantFrom(...LANGUAGES, "*", "pt-BR", "zh-Hant", "zh-HK", "x-private", "i-klingon", "und", "root"),
      fc.stringMatching(/^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8}){0,3}$/),
      fc.string(),
    );
    const item = fc.tuple(range, fc.option(fc.oneof(fc.double(), fc.string()), { nil: undefined }));
    const header = fc.oneof(
      fc.string(),
      fc.string({ unit: "grapheme" }),
      fc.array(item).map((items) => items.map(([r, q]) => (q === undefined ? r : `${r};q=${q}`)).join(",")),
    );
    fc.assert(
      fc.property(header, (value) => {
        const { locale, t } = linkPageLocale(value);
        expect(LANGUAGES).toContain(locale.language);
        expect(["ltr", "rtl"]).toContain(locale.dir);
        expect(typeof t.continue).toBe("string");
        expect(Intl.getCanonicalLocales(locale.tag)).toHaveLength(1);
      }),
      { seed: 20261127, numRuns: 2000 },
    );
  });
});
