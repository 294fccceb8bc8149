#!/usr/bin/env node
/* global document -- used inside page.evaluate callbacks, which run in the browser */
// `npm run screenshots`: starts the demo (fresh state, free ports), drives it into the states the
// README shows and writes docs/screenshots/*.png: light, dark, underpaid, confirmed, 360 px wide;
// then the merchant's dashboard (overview, payments, a payment's detail with its refunds, a refund's
// approval; desktop and 360 px; light and dark) as the Worker serves it, its API's answers a sample
// month (scripts/dashboard-sample.mjs); then the refund page (awaiting the address, confirming,
// received, an expired link; desktop and 360 px; light and dark) as the Worker serves it, the
// refund link's answers a sample refund; then the point of sale (scripts/pos-screenshots.mjs); then
// the receipt page (a receipt, and one not ready yet; desktop and 360 px; light and dark) as the
// Worker serves it, the receipt route's answer a sample.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Decimal from "decimal.js";
import { sampleAnswer, sampleDetail } from "./dashboard-sample.mjs";
import { launchChromium } from "./engines.mjs";
import { shootPosPages } from "./pos-screenshots.mjs";
import { ensureBuilt, ROOT, startServers } from "./servers.mjs";

const OUT = join(ROOT, "docs", "screenshots");
const DESKTOP = { width: 1120, height: 860 };
const PHONE = { width: 360, height: 800 };
/** The sample refund link the refund page shows (worker/checkout/refund-wire.ts, RefundLinkView). */
const SAMPLE_REFUND = {
  refundId: "rf_sample",
  shopName: "Northwind Coffee",
  amount: "0.0005",
  currency: "BTC",
  priceAmount: "25.00",
  priceCurrency: "EUR",
  network: "mainnet",
  rule: "bitcoin-like",
  state: "awaiting_address",
  expiresAt: "2030-01-01T00:00:00Z",
};
const SAMPLE_ADDRESS = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";

/** The sample receipt the receipt page shows (worker/checkout/receipt-wire.ts, Receipt). */
const SAMPLE_RECEIPT = {
  confirmed: true,
  shop: { id: "demo-open", name: "Northwind Coffee" },
  sandbox: true,
  orderId: "NW-1001",
  reference: "3f9a1c2e-8b7d-4c1a-9e5f-0a1b2c3d4e5f",
  confirmedAt: "2026-11-24T10:21:00.000Z",
  price: { amount: "47.40", currency: "EUR" },
  transfer: { amount: "0.00078183", currency: "BTC" },
  paid: { priceAmount: "47.40", transferAmount: "0.00078183" },
  exchangeRate: "60627.50",
  transactions: [
    {
      transactionId: "f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16",
      amount: "0.00050000",
      priceAmount: "30.31",
      state: "ACCEPTED",
      observedTime: "2026-11-24T10:02:00Z",
      acceptedTime: "2026-11-24T10:12:00Z",
    },
    {
      transactionId: "0e3e2357e806b6cdb1f70b54c3a3a17b6714ee1f0e68bebb44a74b1efd512098",
      amount: "0.00028183",
      priceAmount: "17.09",
      state: "ACCEPTED",
      observedTime: "2026-11-24T10:09:00Z",
      acceptedTime: "2026-11-24T10:21:00Z",
    },
  ],
};

/** `--dashboard`: only the dashboard's pictures (the element's stay as they are). */
const DASHBOARD_ONLY = process.argv.includes("--dashboard");
/** `--refund`: only the refund page's pictures. */
const REFUND_ONLY = process.argv.includes("--refund");
/** `--pos`: only the point of sale's pictures. */
const POS_ONLY = process.argv.includes("--pos");
/** `--receipt`: only the receipt page's pictures. */
const RECEIPT_ONLY = process.argv.includes("--receipt");

ensureBuilt();
mkdirSync(OUT, { recursive: true });
const persistDir = mkdtempSync(join(tmpdir(), "crypto-checkout-shots-"));
const servers = await startServers({ persistDir, vars: { DEMO_MODE: "true" } });
const browser = await launchChromium();

/** Calls the sandbox control API (the test pane does the same through the Worker). */
async function control(path, body) {
  const response = await fetch(`${servers.sandboxUrl}/sandbox${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  if (!response.ok) throw new Error(`sandbox ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** Opens the demo for a new order and waits until the element shows a payment in `status`. */
async function openDemo({ name, viewport, theme = "light", amount = "47.40", transfer = "BTC", scale = 1 }) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: scale,
    locale: "en-US",
    colorScheme: theme === "dark" ? "dark" : "light",
  });
  const page = await context.newPage();
  const params = new URLSearchParams({
    shop: "demo-open",
    order: `NW-${name.toUpperCase().replaceAll(/[^A-Z0-9]/g, "")}${Date.now().toString(36).toUpperCase().slice(-4)}`,
    amount,
    currency: "EUR",
    transfer,
    theme,
  });
  await page.goto(`${servers.checkoutUrl}/demo/?${params}`);
  // Keep the customer on the page for the picture (the element would follow the shop's redirect).
  await page.evaluate(() => document.addEventListener("checkout-redirect", (event) => event.preventDefault()));
  return { context, page, payment: await waitForStatus(page, "NEW") };
}

async function waitForStatus(page, status) {
  try {
    await page.waitForFunction(
      (wanted) => document.querySelector("crypto-checkout")?.payment?.status === wanted,
      status,
      { timeout: 30_000 },
    );
  } catch (error) {
    const shown = await page.evaluate(() =>
      document.querySelector("crypto-checkout")?.shadowRoot?.textContent?.replaceAll(/\s+/g, " ").trim(),
    );
    throw new Error(`the demo did not reach ${status}; the element shows: ${shown}`, { cause: error });
  }
  await page.locator("crypto-checkout [part=status]").waitFor();
  return page.evaluate(() => document.querySelector("crypto-checkout").payment);
}

async function shoot(page, file) {
  await page.evaluate(() => document.fonts.ready);
  await page.locator("#sandbox-log tr").first().waitFor({ state: "attached" });
  await page.screenshot({ path: join(OUT, file), animations: "disabled", caret: "hide" });
  console.log(`wrote docs/screenshots/${file}`);
}

/**
 * One page of the dashboard, served by the Worker from the built app, in `theme`: the dashboard
 * API's answers come from the sample month (a fresh demo has no history for the chart).
 */
async function shootDashboard({ path, file, viewport, theme, scale = 1, act }) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: scale,
    locale: "en-US",
    colorScheme: theme,
  });
  const page = await context.newPage();
  const violations = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.route(`${servers.checkoutUrl}/dashboard/api/**`, (route) => {
    const url = new URL(route.request().url());
    const body = sampleAnswer(url.pathname, url.search);
    return body === undefined
      ? route.fulfill({ status: 404, json: { error: { code: "not_found", message: "Not in the sample." } } })
      : route.fulfill({ json: body });
  });
  await page.goto(`${servers.checkoutUrl}${path}`);
  await page.locator("main h1").first().waitFor();
  await page.waitForFunction(() => !document.querySelector("main .loading"));
  if (act) await act(page);
  await page.evaluate(() => document.fonts.ready);
  if (violations.length) throw new Error(`CSP violations on ${path}: ${violations.join("; ")}`);
  // A modal dialog sits in the viewport: its picture is the viewport's, the others the whole page.
  await page.screenshot({ path: join(OUT, file), fullPage: !act, animations: "disabled", caret: "hide" });
  console.log(`wrote docs/screenshots/${file}`);
  await context.close();
}

try {
  const only = DASHBOARD_ONLY || REFUND_ONLY || POS_ONLY || RECEIPT_ONLY;
  if (!only) await shootElement();
  if (!only || DASHBOARD_ONLY) await shootDashboardPages();
  if (!only || REFUND_ONLY) await shootRefundPages();
  if (!only || POS_ONLY) await shootPosPages({ browser, checkoutUrl: servers.checkoutUrl, control, out: OUT });
  if (!only || RECEIPT_ONLY) await shootReceiptPages();
} finally {
  await browser.close();
  await servers.stop();
  rmSync(persistDir, { recursive: true, force: true });
}

async function shootElement() {
  {
    const { context, page } = await openDemo({ name: "light", viewport: DESKTOP });
    await shoot(page, "light.png");
    await context.close();
  }
  {
    const { context, page } = await openDemo({ name: "dark", viewport: DESKTOP, theme: "dark", transfer: "LTC" });
    await shoot(page, "dark.png");
    await context.close();
  }
  {
    const { context, page, payment } = await openDemo({ name: "under", viewport: DESKTOP });
    const part = new Decimal(payment.transferAmount).mul("0.6").toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8);
    await control(`/payments/${payment.paymentId}/transactions`, { amount: part, state: "ACCEPTED" });
    await waitForStatus(page, "UNDERPAID");
    await shoot(page, "underpaid.png");
    await context.close();
  }
  {
    const { context, page, payment } = await openDemo({ name: "paid", viewport: DESKTOP });
    await control(`/payments/${payment.paymentId}/transactions`, { amount: payment.transferAmount, state: "ACCEPTED" });
    await waitForStatus(page, "CONFIRMED");
    await page.locator("#sandbox-log td.ok").first().waitFor();
    await shoot(page, "confirmed.png");
    await context.close();
  }
  {
    const { context, page } = await openDemo({ name: "phone", viewport: PHONE, scale: 2 });
    await shoot(page, "mobile-360.png");
    await context.close();
  }
}

async function shootDashboardPages() {
  const detail = sampleDetail().payment.paymentId;
  const pages = [
    ["overview", "/dashboard/?shop=demo-open"],
    ["payments", "/dashboard/payments?shop=demo-open"],
    ["payment", `/dashboard/payments/${detail}?shop=demo-open`],
  ];
  for (const [name, path] of pages)
    for (const theme of ["light", "dark"]) {
      await shootDashboard({ path, file: `dashboard-${name}-${theme}.png`, viewport: DESKTOP, theme });
      await shootDashboard({ path, file: `dashboard-${name}-${theme}-360.png`, viewport: PHONE, theme, scale: 2 });
    }
  // The payment's refunds: the approval's confirmation, naming the amount and the address.
  const approve = async (page) => {
    await page.getByRole("button", { name: "Approve…" }).click();
    await page.locator("dialog.confirm-approval[open]").waitFor();
  };
  const path = `/dashboard/payments/${detail}?shop=demo-open`;
  for (const theme of ["light", "dark"]) {
    await shootDashboard({
      path,
      file: `dashboard-refund-approve-${theme}.png`,
      viewport: DESKTOP,
      theme,
      act: approve,
    });
    const file = `dashboard-refund-approve-${theme}-360.png`;
    await shootDashboard({ path, file, viewport: PHONE, theme, scale: 2, act: approve });
  }
}

/**
 * One step of the refund page, served by the Worker from the built page, in `theme`: the refund
 * link's answers are the sample's (an expired link answers 410, as the Worker does).
 */
async function shootRefund({ step, viewport, theme, scale = 1, suffix }) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: scale, locale: "en-US", colorScheme: theme });
  const page = await context.newPage();
  const violations = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  let link = { ...SAMPLE_REFUND };
  await page.route(`${servers.checkoutUrl}/api/shops/demo-open/refund-links/**`, async (route) => {
    const request = route.request();
    if (step === "expired")
      return route.fulfill({
        status: 410,
        json: { error: { code: "refund_link_expired", message: "expired", kind: "order", retryable: false } },
      });
    if (request.method() === "POST")
      link = { ...link, state: "address_received", address: JSON.parse(request.postData() ?? "{}").address };
    return route.fulfill({ json: link });
  });
  await page.goto(`${servers.checkoutUrl}/refund/demo-open/#rl_sample_token`);
  const heading = page.locator("crypto-checkout h2");
  const expected = {
    awaiting: "Refund from Northwind Coffee",
    confirm: "Check the address",
    received: "Address received",
    expired: "This refund link has expired. Ask the shop for a new link.",
  }[step];
  if (step !== "expired") {
    await heading.filter({ hasText: "Refund from" }).waitFor();
    const input = page.locator("crypto-checkout #address-input");
    if (step === "awaiting") {
      // A typo, as a customer might make one, so that the picture shows a problem and its fix.
      await input.fill(SAMPLE_ADDRESS.replace(/4$/, "5"));
      await input.blur();
    } else {
      await input.fill(SAMPLE_ADDRESS);
      await page.locator("crypto-checkout button[type=submit]").click();
      if (step === "received") await page.locator("crypto-checkout .actions button.primary").click();
    }
  }
  await heading.filter({ hasText: expected }).waitFor();
  await page.mouse.move(0, 0);
  await page.evaluate(() => document.fonts.ready);
  if (violations.length) throw new Error(`CSP violations on the refund page: ${violations.join("; ")}`);
  const file = `refund-${step}-${theme}${suffix}.png`;
  await page.screenshot({ path: join(OUT, file), fullPage: true, animations: "disabled", caret: "hide" });
  console.log(`wrote docs/screenshots/${file}`);
  await context.close();
}

async function shootRefundPages() {
  for (const step of ["awaiting", "confirm", "received", "expired"])
    for (const theme of ["light", "dark"]) {
      await shootRefund({ step, viewport: DESKTOP, theme, suffix: "" });
      await shootRefund({ step, viewport: PHONE, theme, scale: 2, suffix: "-360" });
    }
}

/**
 * The receipt page, served by the Worker from the built page, in `theme`: the receipt route's
 * answer is the sample receipt ("receipt"), or a payment not confirmed yet ("pending").
 */
async function shootReceipt({ step, viewport, theme, scale = 1, suffix }) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: scale, locale: "en-US", colorScheme: theme });
  const page = await context.newPage();
  const violations = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const pending = {
    confirmed: false,
    shop: SAMPLE_RECEIPT.shop,
    reference: SAMPLE_RECEIPT.reference,
    status: "UNCONFIRMED",
    final: false,
  };
  await page.route(`${servers.checkoutUrl}/api/shops/demo-open/payments/*/receipt?*`, (route) =>
    route.fulfill({ json: step === "receipt" ? SAMPLE_RECEIPT : pending }),
  );
  await page.goto(`${servers.checkoutUrl}/receipt/demo-open/${SAMPLE_RECEIPT.reference}#sample-client-secret`);
  await page.locator(`main[data-state="${step}"]`).waitFor();
  await page.evaluate(() => document.fonts.ready);
  if (violations.length) throw new Error(`CSP violations on the receipt page: ${violations.join("; ")}`);
  const file = `receipt-${step}-${theme}${suffix}.png`;
  await page.screenshot({ path: join(OUT, file), fullPage: true, animations: "disabled", caret: "hide" });
  console.log(`wrote docs/screenshots/${file}`);
  await context.close();
}

async function shootReceiptPages() {
  for (const step of ["receipt", "pending"])
    for (const theme of ["light", "dark"]) {
      await shootReceipt({ step, viewport: DESKTOP, theme, suffix: "" });
      await shootReceipt({ step, viewport: PHONE, theme, scale: 2, suffix: "-360" });
    }
}
