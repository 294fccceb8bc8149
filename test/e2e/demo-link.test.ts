/**
 * The demo page's "Create a payment link and open it" button, in each engine (docs/demo.md): the
 * shop owner clicks it on a configured order; the demo's route (it plays the shop's backend) makes
 * a reusable link at the order's amount, whose address the page shows (and opens in a new tab);
 * followed, that address is the link's hosted page, which takes the payment with the element.
 */
import { describe, expect, inject, it } from "vitest";
import { ENGINES, useEngine } from "./support/engines.js";
import { demoUrl, uniqueOrder, waitFor, waitForPayment } from "./support/checkout-page.js";

const SHOP = "demo-open";

describe.each(ENGINES)("the demo's payment link button [%s]", (name) => {
  const { newCustomer } = useEngine(name);

  it("makes a link at the order's amount, whose page takes the payment with the element", async () => {
    const page = await newCustomer();
    await page.goto(demoUrl({ order: uniqueOrder(`link-${name}`), amount: "17.25", currency: "EUR" }));
    // The demo's script is running once its element shows the order's payment.
    await waitForPayment(page, "NEW");
    await page.click("#link-create");
    await waitFor(
      page,
      () => {
        const shown = document.querySelector<HTMLElement>("#link-url");
        return !!shown && !shown.hidden && !!document.querySelector<HTMLAnchorElement>("#link-open")?.href;
      },
      undefined,
      "the link's address on the demo page",
    );
    const made = await page.evaluate(
      () => ({
        url: document.querySelector<HTMLAnchorElement>("#link-open")?.href ?? "",
        text: document.querySelector("#link-open")?.textContent ?? "",
        status: document.querySelector("#link-status")?.textContent ?? "",
      }),
      undefined,
    );
    expect(made.url).toMatch(/\/pay\/demo-open\/lnk_[0-9a-f]{32}$/);
    expect(made.url.startsWith(`${inject("checkoutUrl")}/pay/${SHOP}/`)).toBe(true);
    expect(made.text).toBe(made.url);
    expect(made.status).toBe("Link created: opened in a new tab.");

    // Followed: the link's page, at the demo order's amount, and its payment in the element.
    await page.goto(made.url);
    await waitFor(page, () => document.querySelector("#pay-form") !== null, undefined, "the link page's form");
    const heading = await page.evaluate(
      () => ({ title: document.title, text: (document.querySelector("main")?.textContent ?? "").replace(/\s+/g, " ") }),
      undefined,
    );
    expect(heading.title).toBe("Demo Shop (open pricing): Demo order at Demo Shop (open pricing)");
    expect(heading.text).toContain("17.25");
    await page.evaluate(() => {
      const coin = document.querySelector<HTMLSelectElement>("#pay-currency");
      if (coin) coin.value = "BTC";
    }, undefined);
    await page.click("#pay-form button[type=submit]");
    const shown = await waitForPayment(page, "NEW");
    expect(shown).toMatchObject({ priceAmount: "17.25", priceCurrency: "EUR", transferCurrency: "BTC" });
  });
});
