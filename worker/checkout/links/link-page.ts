/**
 * The hosted page of a payment link, `/pay/{shop}/{linkId}` (pure: HTML from the link and the
 * shop; docs/links.md). Rendered by the Worker so that chat apps' link previews read the title and
 * the Open Graph tags without running a script. Every value is escaped; nothing is inline (no
 * script, no style attribute): the page's behaviour is /pay/pay.js (pay-page/, built by
 * scripts/build-pay-page.mjs) and its look /pay/pay.css, under PAGE_CSP. The <crypto-checkout>
 * element is made by the script once the payment exists (an element without its shop would only
 * report a setup error). The page speaks the language the request's Accept-Language prefers among
 * the element's (`pageLocale`, widget/locales/pages/); its texts are widget/locales/link-page/, and
 * the element takes the page's `lang`, so both agree.
 */
import { LINK_PAGE_MESSAGES, type LinkPageMessages } from "../../../widget/locales/link-page/index.js";
import type { PageLocale } from "../../../widget/locales/pages/page-language.js";
import { acceptedLanguages, pageLocale } from "../../../widget/locales/pages/page-language.js";
import type { LinkState, StoredLink } from "../link-wire.js";

/** The page's Content-Security-Policy: its own files only, no inline code, no other origin, no framing. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The page's headers: never stored (a link's state changes), no Referer (the link is the capability). */
export const PAGE_HEADERS: Record<string, string> = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": PAGE_CSP,
  "Cache-Control": "no-store",
  // The page is in the language of the request's Accept-Language: a cache must key on it.
  Vary: "Accept-Language",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
};

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text safe in HTML content and in a quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** The page's language and its texts. */
export interface LinkPageLocale {
  locale: PageLocale;
  t: LinkPageMessages;
}

/** The page's language for a request's Accept-Language header (none or garbage: English). */
export function linkPageLocale(acceptLanguage: string | null | undefined): LinkPageLocale {
  const locale = pageLocale(...acceptedLanguages(acceptLanguage));
  return { locale, t: LINK_PAGE_MESSAGES[locale.language] };
}

const ENGLISH = linkPageLocale(null);

/** The link's amount in words for the preview and the heading: fixed, or its range (exact decimals as they are). */
export function amountText(
  link: Pick<StoredLink, "priceAmount" | "minAmount" | "maxAmount" | "priceCurrency">,
  t: LinkPageMessages = ENGLISH.t,
): string {
  return link.priceAmount !== undefined
    ? `${link.priceAmount} ${link.priceCurrency}`
    : t.range(link.minAmount ?? "", link.maxAmount ?? "", link.priceCurrency);
}

function page(locale: PageLocale, title: string, description: string, body: string, script: boolean): string {
  const t = escapeHtml(title);
  const d = escapeHtml(description);
  return `<!doctype html>
<html lang="${escapeHtml(locale.tag)}" dir="${locale.dir}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <meta name="robots" content="noindex, nofollow" />
    <meta name="color-scheme" content="light dark" />
    <title>${t}</title>
    <meta name="description" content="${d}" />
    <meta property="og:type" content="website" />
    <meta property="og:title" content="${t}" />
    <meta property="og:description" content="${d}" />
    <meta name="twitter:card" content="summary" />
    <link rel="icon" href="/pay/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/pay/pay.css" />${
      script
        ? `
    <script type="module" src="/pay/pay.js"></script>
    <script type="module" src="/widget.js"></script>`
        : ""
    }
  </head>
  <body>
    <main>
${body}
    </main>
  </body>
</html>
`;
}

export interface LivePage {
  shop: { id: string; name: string };
  link: StoredLink;
  /** The shop's transfer currencies the payer picks from (one: no choice shown). */
  currencies: { code: string; name: string }[];
}

/**
 * The page of a live link: what is paid, the payer's fields, then the element. The form carries
 * the texts of the refusals the page's script may show (data-error-*), in the page's language.
 */
export function livePage({ shop, link, currencies }: LivePage, { locale, t }: LinkPageLocale = ENGLISH): string {
  const amount = amountText(link, t);
  const min = link.minAmount ?? "";
  const max = link.maxAmount ?? "";
  const shopName = escapeHtml(shop.name);
  const fields: string[] = [];
  if (link.priceAmount === undefined)
    fields.push(`        <p class="field">
          <label for="pay-amount">${escapeHtml(t.amountLabel(link.priceCurrency))}</label>
          <input id="pay-amount" name="amount" inputmode="decimal" autocomplete="off" required aria-describedby="pay-amount-hint" />
          <span class="hint" id="pay-amount-hint">${escapeHtml(t.amountHint(min, max, link.priceCurrency))}</span>
        </p>`);
  if (link.reference)
    fields.push(`        <p class="field">
          <label for="pay-reference">${escapeHtml(link.reference.required ? link.reference.label : t.optional(link.reference.label))}</label>
          <input id="pay-reference" name="reference" maxlength="200" autocomplete="off"${link.reference.required ? " required" : ""} />
        </p>`);
  if (currencies.length > 1)
    fields.push(`        <p class="field">
          <label for="pay-currency">${escapeHtml(t.payWith)}</label>
          <select id="pay-currency" name="transferCurrency">
${currencies.map((c) => `            <option value="${escapeHtml(c.code)}">${escapeHtml(c.name)} (${escapeHtml(c.code)})</option>`).join("\n")}
          </select>
        </p>`);
  else if (currencies[0])
    fields.push(`        <input type="hidden" name="transferCurrency" value="${escapeHtml(currencies[0].code)}" />`);
  const errors: Record<string, string> = { gone: t.goneError, failed: t.failedError, network: t.networkError };
  if (link.priceAmount === undefined) errors.amount = t.amountError(min, max, link.priceCurrency);
  if (link.reference) errors.reference = t.referenceError(link.reference.label);
  const errorTexts = Object.entries(errors)
    .map(([kind, text]) => ` data-error-${kind}="${escapeHtml(text)}"`)
    .join("");
  const body = `      <header>
        <p class="shop">${shopName}</p>
        <h1>${escapeHtml(link.description)}</h1>
        <p class="amount">${escapeHtml(link.priceAmount === undefined ? t.anyAmount(amount) : amount)}</p>
      </header>
      <form id="pay-form" data-shop="${escapeHtml(shop.id)}" data-link="${escapeHtml(link.id)}" data-ask="${link.priceAmount === undefined || link.reference || currencies.length > 1 ? "yes" : "no"}"${errorTexts} novalidate>
${fields.join("\n")}
        <p id="pay-error" class="error" role="alert"></p>
        <button type="submit">${escapeHtml(t.continue)}</button>
      </form>
      <div id="pay-checkout"></div>
      <noscript><p>${escapeHtml(t.needsScript)}</p></noscript>`;
  return page(locale, `${shop.name}: ${link.description}`, `${link.description} · ${amount}`, body, true);
}

/** The page of a link that takes no payment (gone), or of no link at all (null state). */
export function closedPage(
  shopName: string | null,
  state: Exclude<LinkState, "live"> | null,
  link?: StoredLink,
  { locale, t }: LinkPageLocale = ENGLISH,
): string {
  const text = state ? t[state] : t.notFound;
  const heading = state ? t[state] : t.notFoundTitle;
  const title = shopName ? `${shopName}: ${heading}` : t.notFoundTitle;
  const body = `      <header>
        ${shopName ? `<p class="shop">${escapeHtml(shopName)}</p>` : ""}
        <h1>${escapeHtml(link?.description ?? t.linkHeading)}</h1>
      </header>
      <p class="closed" role="status">${escapeHtml(text)}</p>
      <p>${escapeHtml(t.contactShop)}</p>`;
  return page(locale, title, text, body, false);
}
