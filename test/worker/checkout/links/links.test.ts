/**
 * Payment links (docs/links.md): made by the backend API, used by the hosted page's create, and
 * the page itself. Expiry, single use, disabled, open-amount limits and bad decimals, a reusable
 * link's orders kept apart, cross-shop isolation, and the page's escaping and preview tags.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PaymentLinkDetail, PaymentLinkList } from "../../../../worker/checkout/link-wire.js";
import { LINK_ID } from "../../../../worker/checkout/links/link-rules.js";
import { backend, backendJson, testEnv } from "../support/merchant.js";
import { errorOf } from "../support/http.js";
import { useStubs } from "../support/stubs.js";
import {
  confirmedDelivered,
  linksPath,
  makeLink,
  OTHER_SHOP,
  page,
  paidWith,
  payLink,
  postBackend,
  SHOP,
} from "./link-support.js";

const stubs = useStubs();

const fixed = { description: "Consultation", priceAmount: "80.00", priceCurrency: "EUR" };
const open = { description: "Donation", minAmount: "5", maxAmount: "500.00", priceCurrency: "EUR" };

describe("making links", () => {
  it("makes a link with an unguessable id and its page's URL, and lists and reads it", async () => {
    const link = await makeLink({ ...fixed, reference: { label: "Invoice number", required: true } });
    expect(link.id).toMatch(LINK_ID);
    expect(link).toMatchObject({
      shop: SHOP,
      url: `https://checkout.test/pay/${SHOP}/${link.id}`,
      priceAmount: "80.00",
      singleUse: false,
      orderPrefix: "link",
      reference: { label: "Invoice number", required: true },
      uses: 0,
      state: "live",
    });
    const second = await makeLink(fixed);
    expect(second.id).not.toBe(link.id);
    const list = await backendJson<PaymentLinkList>(linksPath());
    expect(list.links.map((l) => l.id).slice(0, 2)).toEqual([second.id, link.id]);
    const detail = await backendJson<PaymentLinkDetail>(`${linksPath()}/${link.id}`);
    expect(detail).toMatchObject({ id: link.id, orders: [] });
  });

  it.each([
    [{ ...fixed, priceAmount: "1e3" }, "priceAmount"],
    [{ ...fixed, priceAmount: "-1" }, "priceAmount"],
    [{ ...fixed, priceAmount: "0" }, "priceAmount"],
    [{ ...fixed, priceAmount: 80 }, "priceAmount"],
    [{ ...open, minAmount: "1,5" }, "minAmount"],
    [{ ...open, minAmount: "600" }, "minAmount"],
    [{ ...fixed, ...open }, "priceAmount"],
    [{ description: "x", priceCurrency: "EUR", minAmount: "1" }, "priceAmount"],
    [{ ...fixed, orderId: "order-1" }, "orderId"],
    [{ ...fixed, priceCurrency: "eur" }, "priceCurrency"],
    [{ ...fixed, orderPrefix: "-bad" }, "orderPrefix"],
    [{ ...fixed, extra: 1 }, ""],
  ])("refuses a bad body %j (400 naming %s)", async (body, field) => {
    const response = await postBackend(linksPath(), body);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("invalid_request");
    expect(error.message).toContain(field);
  });

  it("refuses an expiry in the past, and needs the shop's backend token", async () => {
    const past = await postBackend(linksPath(), { ...fixed, expiresAt: "2020-01-01T00:00:00Z" });
    expect(past.status).toBe(400);
    expect((await errorOf(past)).message).toMatch(/future/);
    expect((await postBackend(linksPath(), fixed, null)).status).toBe(401);
    expect((await postBackend(linksPath(), fixed, "wrong-token")).status).toBe(401);
  });
});

describe("a shop's links are its own", () => {
  it("never reads, lists, disables or pays another shop's link", async () => {
    const link = await makeLink(fixed);
    // The other shop's own token, on its own path, naming this shop's link.
    const read = await backend(`${linksPath(OTHER_SHOP)}/${link.id}`);
    expect(read.status).toBe(404);
    expect((await errorOf(read)).code).toBe("link_not_found");
    const list = await backendJson<PaymentLinkList>(linksPath(OTHER_SHOP));
    expect(list.links.map((l) => l.id)).not.toContain(link.id);
    expect((await postBackend(`${linksPath(OTHER_SHOP)}/${link.id}/disable`, {})).status).toBe(404);
    expect((await payLink(link, {}, OTHER_SHOP)).status).toBe(404);
    expect((await page(OTHER_SHOP, link.id)).status).toBe(404);
    // And the other shop's token does not open this shop's path.
    const foreign = await backend(`${linksPath()}/${link.id}`, {}, "iroXRQsle91pLtRqfy-vmcfLloPmxvBsWXssUx8Q");
    expect(foreign.status).toBe(401);
    expect((await backendJson<PaymentLinkDetail>(`${linksPath()}/${link.id}`)).state).toBe("live");
  });
});

describe("paying through a link", () => {
  it("a fixed link creates an ordinary payment at its price, whatever amount the page sends", async () => {
    const link = await makeLink(fixed);
    const created = await paidWith(link);
    expect(created).toMatchObject({ priceAmount: "80.00", priceCurrency: "EUR", transferCurrency: "BTC" });
    expect(created.orderId).toMatch(/^link-[0-9a-f]{20}$/);
    expect(created.clientSecret).toBeTruthy();
    const other = await payLink(link, { amount: "1.00" });
    expect(other.status).toBe(400);
    expect((await errorOf(other)).code).toBe("amount_out_of_range");
    const call = stubs.upstream.calls.find((c) => c.method === "POST" && c.path === "/v3/payments");
    // The link's description is the message the customer's wallet shows (and the receipt's description).
    expect(JSON.parse(call?.body ?? "{}")).toMatchObject({
      priceAmount: "80.00",
      priceCurrency: "EUR",
      walletMessage: "Consultation",
    });
  });

  it("a reusable link keeps each use's order apart, with its reference", async () => {
    const link = await makeLink({
      ...fixed,
      orderPrefix: "consult",
      reference: { label: "Your name", required: true },
    });
    const a = await paidWith(link, { reference: "Ada" });
    const b = await paidWith(link, { reference: "Grace" });
    expect(a.orderId).toMatch(/^consult-[0-9a-f]{20}$/);
    expect(b.orderId).not.toBe(a.orderId);
    expect(b.paymentId).not.toBe(a.paymentId);
    const missing = await payLink(link, {});
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toContain("Your name");
    const detail = await backendJson<PaymentLinkDetail>(`${linksPath()}/${link.id}`);
    expect(detail.uses).toBe(2);
    expect(detail.orders.map((o) => [o.orderId, o.reference]).sort()).toEqual(
      [
        [a.orderId, "Ada"],
        [b.orderId, "Grace"],
      ].sort(),
    );
  });

  it("an open link takes an amount within its limits and refuses bad decimals", async () => {
    const link = await makeLink(open);
    for (const [amount, code] of [
      ["4.99", "amount_out_of_range"],
      ["500.01", "amount_out_of_range"],
      ["0", "amount_out_of_range"],
      ["1e2", "invalid_request"],
      ["12,50", "invalid_request"],
      [" 12", "invalid_request"],
      ["-10", "invalid_request"],
      ["NaN", "invalid_request"],
    ] as const) {
      const response = await payLink(link, { amount });
      expect(response.status, amount).toBe(400);
      expect((await errorOf(response)).code, amount).toBe(code);
    }
    const none = await payLink(link, {});
    expect(none.status).toBe(400);
    expect((await paidWith(link, { amount: "5" })).priceAmount).toBe("5");
    expect((await paidWith(link, { amount: "500.00" })).priceAmount).toBe("500.00");
  });

  it("a single-use link has one order: concurrent visitors share it and make one upstream payment", async () => {
    const link = await makeLink({ ...fixed, singleUse: true, orderId: "inv-2026-118" });
    expect(link.orderId).toBe("inv-2026-118");
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => payLink(link, {})));
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ paymentId: string; orderId: string }>));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(bodies.map((b) => b.paymentId)).size).toBe(1);
    expect(bodies.every((b) => b.orderId === "inv-2026-118")).toBe(true);
    expect(stubs.upstream.count("POST", "/v3/payments")).toBe(1);
    // Another coin while that payment is live: the order's conflict, not a second payment.
    expect((await payLink(link, { transferCurrency: "LTC" })).status).toBe(409);
  });

  it("a single-use link whose order is paid is used: the page says so (410) and no further payment is made", async () => {
    const link = await makeLink({ ...fixed, singleUse: true });
    const created = await paidWith(link);
    await confirmedDelivered(stubs, created.paymentId);
    const gone = await payLink(link, {});
    expect(gone.status).toBe(410);
    expect((await errorOf(gone)).code).toBe("link_gone");
    const response = await page(SHOP, link.id);
    expect(response.status).toBe(410);
    expect(await response.text()).toContain("This payment link has already been paid.");
    const detail = await backendJson<PaymentLinkDetail>(`${linksPath()}/${link.id}`);
    expect(detail).toMatchObject({ state: "used", uses: 1, orders: [{ orderId: created.orderId }] });
    expect(stubs.upstream.count("POST", "/v3/payments")).toBe(1);
  });

  it("a disabled link takes no payment and its page says so (410); disabling again is the same", async () => {
    const link = await makeLink(fixed);
    const disabled = await postBackend(`${linksPath()}/${link.id}/disable`, {});
    expect(disabled.status).toBe(200);
    const view = (await disabled.json()) as { state: string; disabledAt: string };
    expect(view.state).toBe("disabled");
    const again = (await (await postBackend(`${linksPath()}/${link.id}/disable`, {})).json()) as { disabledAt: string };
    expect(again.disabledAt).toBe(view.disabledAt);
    expect((await payLink(link, {})).status).toBe(410);
    const response = await page(SHOP, link.id);
    expect(response.status).toBe(410);
    expect(await response.text()).toContain("This payment link is no longer active.");
    expect(stubs.upstream.count("POST", "/v3/payments")).toBe(0);
  });

  it("an expired link takes no payment and its page says so (410)", async () => {
    const link = await makeLink({ ...fixed, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await page(SHOP, link.id)).status).toBe(200);
    // Move the link's expiry into the past, as time would.
    const stub = testEnv.LINKS.get(testEnv.LINKS.idFromName(SHOP));
    await runInDurableObject(stub, (_instance, state) => {
      const row = state.storage.sql.exec<{ link: string }>("SELECT link FROM links WHERE id = ?", link.id).one();
      const stored = { ...JSON.parse(row.link), expiresAt: new Date(Date.now() - 1000).toISOString() };
      state.storage.sql.exec("UPDATE links SET link = ? WHERE id = ?", JSON.stringify(stored), link.id);
    });
    const refused = await payLink(link, {});
    expect(refused.status).toBe(410);
    expect((await errorOf(refused)).message).toBe("This payment link has expired.");
    const response = await page(SHOP, link.id);
    expect(response.status).toBe(410);
    expect(await response.text()).toContain("This payment link has expired.");
    expect((await backendJson<PaymentLinkDetail>(`${linksPath()}/${link.id}`)).state).toBe("expired");
  });

  it("an unknown or malformed link id is 404, on the page and the create", async () => {
    for (const id of ["lnk_00000000000000000000000000000000", "nope", "lnk_%3Cscript%3E"]) {
      expect((await page(SHOP, id)).status).toBe(404);
      expect((await payLink({ id }, {})).status).toBe(404);
    }
    expect((await page("no-such-shop", "lnk_00000000000000000000000000000000")).status).toBe(404);
  });
});

describe("the hosted page", () => {
  it("renders the shop, description and amount with preview tags, escaped, under a strict CSP", async () => {
    const evil = `Tea <script>alert("x")</script> & 'cake'`;
    const link = await makeLink({
      description: evil,
      minAmount: "1",
      maxAmount: "20",
      priceCurrency: "EUR",
      reference: { label: `Name"><img src=x onerror=alert(1)>`, required: false },
    });
    const response = await page(SHOP, link.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    const html = await response.text();
    const escaped = "Tea &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;cake&#39;";
    expect(html).toContain(`<title>Demo Shop (open pricing): ${escaped}</title>`);
    expect(html).toContain(`<meta property="og:title" content="Demo Shop (open pricing): ${escaped}" />`);
    expect(html).toContain(`<meta property="og:description" content="${escaped} · 1 to 20 EUR" />`);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("Name&quot;&gt;&lt;img src=x onerror=alert(1)&gt; (optional)");
    expect(html).toContain('<label for="pay-amount">Amount (EUR)</label>');
    // Only the page's own files: no inline script or style, nothing from another origin.
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script type="module" src="/pay/pay.js">',
      '<script type="module" src="/widget.js">',
    ]);
    expect(html).not.toMatch(/style=|https?:\/\//);
    // The element is made by the page's script once the payment exists, not before.
    expect(html).not.toContain("<crypto-checkout");
    expect(html).toContain('<div id="pay-checkout"></div>');
    // The currencies the shop takes, to pick from.
    expect(html).toContain('<option value="BTC">');
    expect(html).toContain('<option value="LTC">');
  });

  it("a fixed link's page states its amount and asks nothing the payer need not answer", async () => {
    const link = await makeLink(fixed);
    const html = await (await page(SHOP, link.id)).text();
    expect(html).toContain('<p class="amount">80.00 EUR</p>');
    expect(html).toContain('<meta property="og:description" content="Consultation · 80.00 EUR" />');
    expect(html).not.toContain("pay-amount");
    expect(html).not.toContain("pay-reference");
  });
});

describe("the page's create from a browser", () => {
  it("is allowed from this Worker's own origin and refused from another", async () => {
    const link = await makeLink(fixed);
    const own = await payLink(link, {}, SHOP, { Origin: "https://checkout.test" });
    expect(own.status).toBe(201);
    expect(own.headers.get("Access-Control-Allow-Origin")).toBe("https://checkout.test");
    const foreign = await payLink(link, {}, SHOP, { Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await errorOf(foreign)).code).toBe("origin_not_allowed");
  });
});
