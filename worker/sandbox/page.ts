/** The payment page (`paymentPageUrl`): what a customer without the widget sees. Public, read-only. */
import { Hono } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "./app-env.js";
import { ledgerOf } from "./ledger-stub.js";

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function pageRoutes(): Hono<AppEnv> {
  const page = new Hono<AppEnv>();
  page.get("/:paymentId", async (c) => {
    c.header("content-security-policy", CSP);
    c.header("cache-control", "no-store");
    const result = await ledgerOf(c.env).getPayment(null, c.req.param("paymentId"));
    if (!result.ok)
      return c.html(
        html`<!doctype html><html lang="en"><meta charset="utf-8"><title>Payment not found</title><p>Payment not found.</p></html>`,
        404,
      );
    const p = result.value;
    // hono's html template escapes every interpolated value.
    return c.html(html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5"><title>Pay ${p.transferAmount} ${p.transferCurrency} (sandbox)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}code{word-break:break-all;background:#f2f2f2;padding:.1rem .3rem}dt{font-weight:600}.note{color:#666;font-size:.9em}</style></head>
<body>
<h1>Sandbox payment</h1>
<p class="note">Testnet coins only: nothing here has value.</p>
<dl>
<dt>Status</dt><dd>${p.status}</dd>
<dt>Amount</dt><dd>${p.transferAmount} ${p.transferCurrency} (${p.priceAmount} ${p.priceCurrency})</dd>
<dt>Address</dt><dd><code>${p.address}</code></dd>
<dt>Paid</dt><dd>${p.paidTransferAmount} ${p.transferCurrency}, of which pending ${p.pendingPaidTransferAmount}</dd>
<dt>Expires</dt><dd>${p.expirationTime}</dd>
</dl>
${p.paymentUri ? html`<p><a href="${p.paymentUri}">Open in wallet</a></p>` : ""}
</body></html>`);
  });
  return page;
}
