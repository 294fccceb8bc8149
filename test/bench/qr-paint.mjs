/* global document, window, requestAnimationFrame, MutationObserver -- in-page code */
// Element connected -> QR painted, in Chromium, with the checkout API stubbed inside the page (no
// network, no Worker): what the element itself costs. Runs `runs` times in one warm page.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { median } from "./stats.mjs";

/** The Worker's own derivation of the amounts a view carries (worker/checkout/payments/view-amounts.ts), bundled for Node. */
async function derivedAmounts(source) {
  const { outputFiles } = await build({
    entryPoints: [new URL("../../worker/checkout/payments/view-amounts.ts", import.meta.url).pathname],
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "silent",
  });
  const module = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].contents).toString("base64")}`);
  return module.derivedAmounts(source);
}

const ORIGIN = "http://bench.test";

const SETTINGS = {
  shop: "bench",
  name: "Bench shop",
  environment: "sandbox",
  pricing: "open",
  limits: { min: "1.00", max: "5000.00" },
  priceCurrencies: ["EUR"],
  transferCurrencies: [{ code: "BTC", name: "Bitcoin" }],
};

async function paymentView() {
  const now = new Date();
  const view = {
    paymentId: "bench-payment",
    status: "NEW",
    priceAmount: "25.00",
    priceCurrency: "EUR",
    transferAmount: "0.00041667",
    transferCurrency: "BTC",
    address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
    paymentUri:
      "bitcoin:tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx?amount=0.00041667&label=Bench%20shop&message=Order%20bench",
    expirationTime: new Date(now.getTime() + 15 * 60_000).toISOString(),
    exchangeRate: "60000",
    paidPriceAmount: "0",
    pendingPaidPriceAmount: "0",
    acceptedPaidPriceAmount: "0",
    paidTransferAmount: "0",
    pendingPaidTransferAmount: "0",
    acceptedPaidTransferAmount: "0",
    transactions: [],
    redirectUrls: {},
    serverTime: now.toISOString(),
    version: 1,
  };
  return { ...view, ...(await derivedAmounts(view)) };
}

/** Installed before the page's scripts: fetch answers the element's API calls; WebSockets stay silent. */
function installStubs({ settings, view }) {
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input.url, document.baseURI);
    if (!url.pathname.startsWith("/api/")) return realFetch(input, init);
    const json = (body, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", etag: 'W/"1"' } });
    if (/^\/api\/shops\/[^/]+$/.test(url.pathname)) return json(settings);
    if ((init?.method ?? "GET") === "POST") return json(view, 201);
    return json(view);
  };
  window.WebSocket = class SilentSocket {
    readyState = 0;
    send() {}
    close() {}
    addEventListener() {}
    removeEventListener() {}
  };
}

/** One measurement in the page: append an element, time until its QR is in the DOM and painted. */
function measureOnce(index) {
  sessionStorage.clear();
  const element = document.createElement("crypto-checkout");
  for (const [name, value] of Object.entries({
    shop: "bench",
    "order-id": `bench-${index}`,
    "price-amount": "25.00",
    "price-currency": "EUR",
    "transfer-currency": "BTC",
    locale: "en",
  })) {
    element.setAttribute(name, value);
  }
  return new Promise((resolve, reject) => {
    const start = performance.now();
    document.body.append(element);
    // A QR that never comes is a failed run, not a hang (the element shows an error instead).
    const timer = setTimeout(
      () =>
        reject(
          new Error(`no QR after 10 s: ${element.shadowRoot?.textContent?.replace(/\s+/g, " ").trim().slice(0, 200)}`),
        ),
      10_000,
    );
    const done = () => {
      clearTimeout(timer);
      const inDom = performance.now() - start;
      // The frame that shows the QR is produced after the next animation frame callback.
      requestAnimationFrame(() =>
        setTimeout(() => {
          const painted = performance.now() - start;
          element.remove();
          resolve({ inDom, painted });
        }, 0),
      );
    };
    const root = element.shadowRoot;
    if (root?.querySelector("[part=qr] svg path")) return done();
    const observer = new MutationObserver(() => {
      if (element.shadowRoot?.querySelector("[part=qr] svg path")) {
        observer.disconnect();
        done();
      }
    });
    observer.observe(root ?? element, { childList: true, subtree: true });
  });
}

/** { medianPaintedMs, medianInDomMs, runs } */
export async function measureQrPaint(browser, publicDir, runs = 30) {
  const context = await browser.newContext({ viewport: { width: 480, height: 900 } });
  await context.addInitScript(installStubs, { settings: SETTINGS, view: await paymentView() });
  await context.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === "/")
      return route.fulfill({
        contentType: "text/html",
        body: '<!doctype html><html lang="en"><body><script type="module" src="/widget.js"></script></body></html>',
      });
    if (/^\/(widget\.js|chunks\/[\w-]+\.js)$/.test(path))
      return route.fulfill({ contentType: "text/javascript", body: readFileSync(join(publicDir, path)) });
    return route.fulfill({ status: 404, body: "" });
  });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  await page.evaluate(() => window.customElements.whenDefined("crypto-checkout"));
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await page.evaluate(measureOnce, i));
  await context.close();
  return {
    runs,
    medianPaintedMs: median(samples.map((s) => s.painted)),
    medianInDomMs: median(samples.map((s) => s.inDom)),
  };
}
