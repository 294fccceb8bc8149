/**
 * A payment link end to end, in each engine: the merchant makes a link with the console
 * (`crypto-checkout links create`); the customer opens it (the hosted page `/pay/{shop}/{linkId}`),
 * types the reference the link asks for, picks a coin and continues; the page's element shows the
 * payment; the customer pays it in the sandbox; the element shows it confirmed; the reference shop
 * backend receives a verified `payment.confirmed` for the link's order, the link lists that
 * order with the reference, and the element's Receipt link opens the receipt with the link's
 * description and the sandbox's transaction.
 */
import { describe, expect, inject, it } from "vitest";
import { runCli } from "../cli/support/run-cli.js";
import { ENGINES, useEngine } from "./support/engines.js";
import { waitFor, waitForPayment } from "./support/checkout-page.js";
import { sandbox, until } from "./support/sandbox.js";

const SHOP = "demo-open";

interface LinkView {
  id: string;
  url: string;
  orders?: { orderId: string; reference?: string }[];
}
interface ReceivedEntry {
  type: string | null;
  verified: boolean;
  orderId?: string;
}

async function cli<T>(args: string[]): Promise<T> {
  const run = await runCli(["--shop", SHOP, "--json", "links", ...args, "--checkout-url", inject("checkoutUrl")]);
  if (run.code !== 0) throw new Error(`links ${args.join(" ")}: ${run.code} ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

describe.each(ENGINES)("a payment link from the console to the shop's backend [%s]", (name) => {
  const { newCustomer } = useEngine(name);

  it("is made with the console, opened, paid in the sandbox, the shop's backend hears payment.confirmed, and the receipt shows the transaction", async () => {
    const link = await cli<LinkView>([
      "create",
      "--description",
      `Workshop seat (${name})`,
      "--amount",
      "20.00",
      "--currency",
      "EUR",
      "--reference-label",
      "Your name",
      "--reference-required",
    ]);
    expect(link.url).toBe(`${inject("checkoutUrl")}/pay/${SHOP}/${link.id}`);

    const page = await newCustomer();
    await page.goto(link.url);
    await waitFor(page, () => document.querySelector("#pay-form") !== null, undefined, "the link page's form");
    const title = await page.evaluate(() => document.title, undefined);
    expect(title).toBe(`Demo Shop (open pricing): Workshop seat (${name})`);
    await page.evaluate((reference) => {
      const input = document.querySelector<HTMLInputElement>("#pay-reference");
      const coin = document.querySelector<HTMLSelectElement>("#pay-currency");
      if (!input) throw new Error("no reference field");
      input.value = reference;
      if (coin) coin.value = "BTC";
    }, `Ada ${name}`);
    await page.click("#pay-form button[type=submit]");

    const shown = await waitForPayment(page);
    expect(shown).toMatchObject({ priceAmount: "20.00", priceCurrency: "EUR", transferCurrency: "BTC" });
    const paid = await sandbox.pay(shown.paymentId, shown.transferAmount, { accepted: true });
    await waitForPayment(page, "CONFIRMED");

    const detail = await cli<LinkView>(["get", link.id]);
    const order = detail.orders?.[0];
    expect(order?.reference).toBe(`Ada ${name}`);
    const received = await until(
      () =>
        fetch(`${inject("backendUrl")}/received`)
          .then((response) => response.json() as Promise<{ entries: ReceivedEntry[] }>)
          .then((log) => log.entries),
      (entries) => entries.some((e) => e.type === "payment.confirmed" && e.orderId === order?.orderId),
      "payment.confirmed at the shop's backend",
      45_000,
    );
    const confirmed = received.filter((e) => e.type === "payment.confirmed" && e.orderId === order?.orderId);
    expect(confirmed.length).toBeGreaterThan(0);
    expect(confirmed.every((e) => e.verified)).toBe(true);

    // The receipt, from the confirmed element's Receipt link: the link's description and the
    // transaction the sandbox recorded.
    const receiptLink = 'a[href*="/receipt/"]';
    await waitFor(
      page,
      (selector) => !!document.querySelector("crypto-checkout")?.shadowRoot?.querySelector(selector),
      receiptLink,
      "the Receipt link",
    );
    const receiptUrl = await page.evaluate(
      (selector) =>
        document.querySelector("crypto-checkout")?.shadowRoot?.querySelector<HTMLAnchorElement>(selector)?.href ?? "",
      receiptLink,
    );
    expect(receiptUrl.startsWith(`${inject("checkoutUrl")}/receipt/${SHOP}/${shown.paymentId}#`)).toBe(true);
    await page.goto(receiptUrl);
    await waitFor(page, () => document.querySelector('main[data-state="receipt"]') !== null, undefined, "the receipt");
    const receipt = await page.evaluate(
      () => (document.querySelector("main")?.textContent ?? "").replace(/\s+/g, " "),
      undefined,
    );
    expect(receipt).toContain(paid.transactionId);
    expect(receipt).toContain(`Workshop seat (${name})`);
    expect(receipt).toContain(order?.orderId ?? "no order");
  });
});
