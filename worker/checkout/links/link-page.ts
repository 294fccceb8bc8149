/**
 * The hosted page of a payment link, `/pay/{shop}/{linkId}` (pure: HTML from the link and the
 * shop; docs/links.md). Rendered by the Worker so that chat apps' link previews read the title and
 * the Open Graph tags without running a script. Every value is escaped; nothing is inline (no
 * script, no style attribute): the page's behaviour is /pay/pay.js (pay-page/, built by
 * scripts/build-pay-page.mjs) and its look /pay/pay.css, under PAGE_CSP. The <crypto-checkout>
 * element is made by the script once the payment exists (an element without its shop would only
 * report a setup error).
 */
import type { LinkState, StoredLink } from "../link-wire.js";
import { GONE_TEXT } from "./link-texts.js";

/** The page's Content-Security-Policy: its own files only, no inline code, no other origin, no framing. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The page's headers: never stored (a link's state changes), no Referer (the link is the capability). */
export const PAGE_HEADERS: Record<string, string> = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": PAGE_CSP,
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
};

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text safe in HTML content and in a quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** The link's amount in words for the preview and the heading: fixed, or its range. */
export function amountText(
  link: Pick<StoredLink, "priceAmount" | "minAmount" | "maxAmount" | "priceCurrency">,
): string {
  return link.priceAmount !== undefined
    ? `${link.priceAmount} ${link.priceCurrency}`
    : `${link.minAmount} to ${link.maxAmount} ${link.priceCurrency}`;
}

function page(title: string, description: string, body: string, script: boolean): string {
  const t = escapeHtml(title);
  const d = escapeHtml(description);
  return `<!doctype html>
<html lang="en">
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

/** The page of a live link: what is paid, the payer's fields, then the element. */
export function livePage({ shop, link, currencies }: LivePage): string {
  const amount = amountText(link);
  const shopName = escapeHtml(shop.name);
  const fields: string[] = [];
  if (link.priceAmount === undefined)
    fields.push(`        <p class="field">
          <label for="pay-amount">Amount (${escapeHtml(link.priceCurrency)})</label>
          <input id="pay-amount" name="amount" inputmode="decimal" autocomplete="off" required aria-describedby="pay-amount-hint" />
          <span class="hint" id="pay-amount-hint">Between ${escapeHtml(link.minAmount ?? "")} and ${escapeHtml(link.maxAmount ?? "")} ${escapeHtml(link.priceCurrency)}</span>
        </p>`);
  if (link.reference)
    fields.push(`        <p class="field">
          <label for="pay-reference">${escapeHtml(link.reference.label)}${link.reference.required ? "" : " (optional)"}</label>
          <input id="pay-reference" name="reference" maxlength="200" autocomplete="off"${link.reference.required ? " required" : ""} />
        </p>`);
  if (currencies.length > 1)
    fields.push(`        <p class="field">
          <label for="pay-currency">Pay with</label>
          <select id="pay-currency" name="transferCurrency">
${currencies.map((c) => `            <option value="${escapeHtml(c.code)}">${escapeHtml(c.name)} (${escapeHtml(c.code)})</option>`).join("\n")}
          </select>
        </p>`);
  else if (currencies[0])
    fields.push(`        <input type="hidden" name="transferCurrency" value="${escapeHtml(currencies[0].code)}" />`);
  const body = `      <header>
        <p class="shop">${shopName}</p>
        <h1>${escapeHtml(link.description)}</h1>
        <p class="amount">${escapeHtml(link.priceAmount === undefined ? `Any amount from ${amount}` : amount)}</p>
      </header>
      <form id="pay-form" data-shop="${escapeHtml(shop.id)}" data-link="${escapeHtml(link.id)}" data-ask="${link.priceAmount === undefined || link.reference || currencies.length > 1 ? "yes" : "no"}" novalidate>
${fields.join("\n")}
        <p id="pay-error" class="error" role="alert"></p>
        <button type="submit">Continue to payment</button>
      </form>
      <div id="pay-checkout"></div>
      <noscript><p>This page needs JavaScript to take the payment.</p></noscript>`;
  return page(`${shop.name}: ${link.description}`, `${link.description} · ${amount}`, body, true);
}

/** The page of a link that takes no payment (gone), or of no link at all (null state). */
export function closedPage(
  shopName: string | null,
  state: Exclude<LinkState, "live"> | null,
  link?: StoredLink,
): string {
  const text = state ? GONE_TEXT[state] : "There is no payment link at this address. Check the link you were sent.";
  const title = shopName
    ? `${shopName}: ${state ? GONE_TEXT[state] : "Payment link not found"}`
    : "Payment link not found";
  const body = `      <header>
        ${shopName ? `<p class="shop">${escapeHtml(shopName)}</p>` : ""}
        <h1>${escapeHtml(link?.description ?? "Payment link")}</h1>
      </header>
      <p class="closed" role="status">${escapeHtml(text)}</p>
      <p>Contact the shop for a new link.</p>`;
  return page(title, text, body, false);
}
