/** Reading the <crypto-checkout> element on a page the way a customer and a shop see it. */
import type { Locator, Page, Request } from "playwright-core";
import { inject } from "vitest";
import type { PaymentView } from "../../../worker/checkout/wire.js";
import type { RecordedRequest } from "./proxy.js";

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
  const params = new URLSearchParams({
    shop: order.shop ?? "demo-open",
    order: order.order,
    amount: order.amount ?? "25.00",
    currency: order.currency ?? "EUR",
  });
  params.set("transfer", order.transfer ?? "BTC");
  if (order.locale) params.set("locale", order.locale);
  if (order.theme) params.set("theme", order.theme);
  return `${inject("checkoutUrl")}/demo/?${params.toString()}`;
}

/**
 * What the helpers below need of a page: running a function in it. A playwright Page has it, and so
 * has every engine's EnginePage (support/engines.ts).
 */
export interface Evaluates {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

/** The status heading inside the element's shadow root: what the customer reads. */
export const STATUS_HEADING = '[part="status"] h2';

/** The status heading inside the element's shadow root, as a playwright locator. */
export function statusHeading(page: Page): Locator {
  return page.locator(`crypto-checkout ${STATUS_HEADING}`);
}

/**
 * Polls `fn(arg)` in the page until it returns true (bounded); the condition, not a fixed sleep,
 * ends the wait. A poll that fails because the page is navigating is tried again.
 */
export async function waitFor<A>(
  page: Evaluates,
  fn: (arg: A) => boolean,
  arg: A,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      if (await page.evaluate(fn, arg)) return;
      last = undefined;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `timed out after ${timeoutMs / 1000} s waiting for ${what}${last ? ` (last error: ${String(last)})` : ""}`,
  );
}

/**
 * Clicks a control of the page once it is there and enabled, as a person waits to click. The demo's
 * sandbox pane enables an action only when it applies and while it is not busy with the last one
 * (a click on a disabled button does nothing); only playwright waits for that by itself.
 */
export async function clickWhenEnabled(page: Evaluates & { click(selector: string): Promise<void> }, selector: string) {
  await waitFor(
    page,
    (s) => {
      const control = document.querySelector(s);
      return control instanceof HTMLElement && !(control as HTMLButtonElement).disabled;
    },
    selector,
    `${selector} to be enabled`,
  );
  await page.click(selector);
}

/** The text of the first match of `selector` inside the element's shadow root (null: none). */
export function elementText(page: Evaluates, selector: string): Promise<string | null> {
  return page.evaluate(
    (s) => document.querySelector("crypto-checkout")?.shadowRoot?.querySelector(s)?.textContent ?? null,
    selector,
  );
}

/** Waits until the element's status heading says `text` (it contains it). */
export function waitForStatus(page: Evaluates, text: string): Promise<void> {
  return waitFor(
    page,
    ([selector, wanted]) =>
      (document.querySelector("crypto-checkout")?.shadowRoot?.querySelector(selector)?.textContent ?? "").includes(
        wanted,
      ),
    [STATUS_HEADING, text] as const,
    `the status "${text}"`,
  );
}

/** The payment view the element currently shows, if any. */
export function shownPayment(page: Evaluates): Promise<PaymentView | undefined> {
  return page.evaluate(
    () => (document.querySelector("crypto-checkout") as unknown as { payment?: PaymentView } | null)?.payment,
    undefined,
  );
}

/** Waits until the element shows a payment (optionally with one of `statuses`) and returns it. */
export async function waitForPayment(page: Evaluates, ...statuses: string[]): Promise<PaymentView> {
  await waitFor(
    page,
    (wanted) => {
      const view = (document.querySelector("crypto-checkout") as unknown as { payment?: { status: string } } | null)
        ?.payment;
      return view !== undefined && (wanted.length === 0 || wanted.includes(view.status));
    },
    statuses,
    `a payment${statuses.length ? ` in ${statuses.join(" or ")}` : ""}`,
  );
  const view = await shownPayment(page);
  if (!view) throw new Error("the element lost its payment");
  return view;
}

/**
 * The client secret of the payment the element remembers for `paymentId` (its resume record in
 * sessionStorage holds "id secret"): what a read of the payment through the Worker needs.
 */
export async function rememberedSecret(page: Evaluates, paymentId: string): Promise<string> {
  const secret = await page.evaluate((id) => {
    for (let i = 0; i < sessionStorage.length; i += 1) {
      const key = sessionStorage.key(i) ?? "";
      const [held, secret] = (sessionStorage.getItem(key) ?? "").split(" ");
      if (key.startsWith("crypto-checkout:payment:") && held === id) return secret ?? "";
    }
    return "";
  }, paymentId);
  if (!secret) throw new Error(`the page remembers no client secret for ${paymentId}`);
  return secret;
}

/** Every status the element announced with checkout-status since the page loaded. */
export function announcedStatuses(page: Evaluates): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses.slice(), undefined);
}

/** Content-Security-Policy violations seen by the page. */
export function violations(page: Evaluates): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __violations: string[] }).__violations.slice(), undefined);
}

/**
 * Waits for the element's redirect to land on the demo's result page for `result`, showing its
 * result card; returns its URL.
 */
export async function waitForResultPage(page: Evaluates, result: string): Promise<URL> {
  await waitFor(
    page,
    (wanted) =>
      location.pathname === "/demo/" &&
      new URLSearchParams(location.search).get("result") === wanted &&
      document.querySelector('[data-testid="result"]')?.getAttribute("data-result") === wanted,
    result,
    `the ${result} result page`,
  );
  return new URL(await page.evaluate(() => location.href, undefined));
}

/**
 * Whether a request is the element's payment creation (of one shop, or of any): a playwright
 * Request, or one the RecordingProxy recorded.
 */
export function isCreatePayment(request: Request | RecordedRequest, shop = "[^/]+"): boolean {
  const [method, url] =
    typeof request.method === "function"
      ? [request.method(), (request as Request).url()]
      : [request.method, (request as RecordedRequest).url];
  return method === "POST" && new RegExp(`/api/shops/${shop}/payments$`).test(new URL(url).pathname);
}
