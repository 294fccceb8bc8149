/** Reading the <crypto-checkout> element on a page the way a customer and a shop see it. */
import type { Locator, Page, Request } from "playwright-core";
import { inject } from "vitest";
import type { PaymentView } from "../../../worker/checkout/wire.js";

export interface DemoOrder {
  shop?: "demo-open" | "demo-signed";
  order: string;
  amount?: string;
  currency?: string;
  transfer?: string;
  locale?: string;
  theme?: "auto" | "light" | "dark";
}

let orderCounter = 0;
/** An order id unique to this run (the Worker keeps one live payment per shop and order). */
export function uniqueOrder(label: string): string {
  orderCounter += 1;
  return `e2e-${label}-${Date.now().toString(36)}-${orderCounter}`;
}

/** The demo page URL for an order (the demo keeps its configuration in the query string). */
export function demoUrl(order: DemoOrder): string {
  const params = new URLSearchParams({ shop: order.shop ?? "demo-open", order: order.order, amount: order.amount ?? "25.00", currency: order.currency ?? "EUR" });
  params.set("transfer", order.transfer ?? "BTC");
  if (order.locale) params.set("locale", order.locale);
  if (order.theme) params.set("theme", order.theme);
  return `${inject("checkoutUrl")}/demo/?${params.toString()}`;
}

/** The status heading inside the element's shadow root: what the customer reads. */
export function statusHeading(page: Page): Locator {
  return page.locator('crypto-checkout [part="status"] h2');
}

/** The payment view the element currently shows, if any. */
export function shownPayment(page: Page): Promise<PaymentView | undefined> {
  return page.evaluate(() => (document.querySelector("crypto-checkout") as unknown as { payment?: PaymentView } | null)?.payment);
}

/** Waits until the element shows a payment (optionally with one of `statuses`) and returns it. */
export async function waitForPayment(page: Page, ...statuses: string[]): Promise<PaymentView> {
  await page.waitForFunction(
    (wanted) => {
      const view = (document.querySelector("crypto-checkout") as unknown as { payment?: { status: string } } | null)?.payment;
      return view !== undefined && (wanted.length === 0 || wanted.includes(view.status));
    },
    statuses,
    { timeout: 30_000 },
  );
  const view = await shownPayment(page);
  if (!view) throw new Error("the element lost its payment");
  return view;
}

/** Every status the element announced with checkout-status since the page loaded. */
export function announcedStatuses(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses.slice());
}

/** Content-Security-Policy violations seen by the page. */
export function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __violations: string[] }).__violations.slice());
}

/** Waits for the element's redirect to land on the demo's result page for `result`; returns its URL. */
export async function waitForResultPage(page: Page, result: string): Promise<URL> {
  await page.waitForURL((url) => url.pathname === "/demo/" && url.searchParams.get("result") === result, { timeout: 30_000 });
  return new URL(page.url());
}

/** Whether a request is the element's payment creation (of one shop, or of any). */
export function isCreatePayment(request: Request, shop = "[^/]+"): boolean {
  return request.method() === "POST" && new RegExp(`/api/shops/${shop}/payments$`).test(new URL(request.url()).pathname);
}
