/* global document, window, requestAnimationFrame, MutationObserver, customElements -- in-page code */
// Time to QR as the customer feels it: in Chromium, a shop page served from its own origin (a
// loopback server this module starts, as an integrator's page: the script tag for the Worker's
// widget.js and a <crypto-checkout> with endpoint, shop and a new order id) is opened in a new
// browser context (a first visit: nothing cached, no connection open), and the time from the
// navigation's start to the QR painted is taken, with its parts from Resource Timing and marks
// the page sets. The Worker is warmed by a few runs first, which are not counted.
import { createServer } from "node:http";
import { median, ms, percentile } from "./stats.mjs";

/** The shop page, as an integrator writes it (README, "Try it on your own page"), with endpoint set. */
function shopPage(checkoutUrl, shop, orderId) {
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Bench shop</title>
<script type="module" src="${checkoutUrl}/widget.js"></script>
<crypto-checkout endpoint="${checkoutUrl}" shop="${shop}" order-id="${orderId}" price-amount="12.50" price-currency="EUR" transfer-currency="BTC"></crypto-checkout>
</html>`;
}

/**
 * A static loopback server for the shop page, on a port of its own (listening before the Worker
 * starts, so that its origin can be put among the shop's allowedOrigins): GET /?order=<id> answers
 * the page for that order. Set `checkoutUrl` on the result before the first page is asked for.
 */
export async function startShopPage({ shop }) {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    response.end(shopPage(page.checkoutUrl, shop, url.searchParams.get("order") ?? "bench-order"));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const page = {
    url: `http://127.0.0.1:${server.address().port}`,
    checkoutUrl: "",
    close: () => new Promise((resolve) => server.close(resolve)),
  };
  return page;
}

/**
 * Installed before the page's scripts: marks when the element is defined, when its QR's SVG is in
 * the shadow DOM and when the frame showing it is produced; records when the payment's stream
 * (a WebSocket, which Resource Timing does not list) is opened and first answers.
 */
function instrument() {
  const marks = {};
  const mark = (name) => {
    marks[name] ??= performance.now();
  };
  window.__timeToQr = { marks };
  const RealSocket = window.WebSocket;
  window.WebSocket = class extends RealSocket {
    constructor(...args) {
      super(...args);
      mark("streamOpened");
      this.addEventListener("message", () => mark("streamFirstMessage"), { once: true });
    }
  };
  document.addEventListener("checkout-payment", () => mark("viewApplied"), { once: true });
  window.__timeToQr.done = customElements.whenDefined("crypto-checkout").then(() => {
    mark("elementDefined");
    const element = document.querySelector("crypto-checkout");
    const root = element?.shadowRoot;
    if (!root) throw new Error("no <crypto-checkout> with a shadow root on the page");
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no QR after 10 s: ${root.textContent?.replace(/\s+/g, " ").trim().slice(0, 200)}`)),
        10_000,
      );
      const found = () => {
        if (!root.querySelector("[part=qr] svg path")) return false;
        mark("qrInDom");
        clearTimeout(timer);
        // The frame that shows the QR is produced after the next animation frame callback.
        requestAnimationFrame(() =>
          setTimeout(() => {
            mark("qrPainted");
            resolve();
          }, 0),
        );
        return true;
      };
      if (found()) return;
      const observer = new MutationObserver(() => {
        if (found()) observer.disconnect();
      });
      observer.observe(root, { childList: true, subtree: true });
    });
  });
}

/** The run's marks and resource entries, relative to the navigation's start (0). */
function collect() {
  const resources = performance.getEntriesByType("resource").map((entry) => ({
    name: entry.name,
    initiatorType: entry.initiatorType,
    fetchStart: entry.fetchStart,
    responseEnd: entry.responseEnd,
  }));
  const [navigation] = performance.getEntriesByType("navigation");
  return {
    marks: window.__timeToQr.marks,
    resources,
    documentEnd: navigation?.responseEnd ?? Number.NaN,
  };
}

/** The parts of one run (ms), from the page's marks and Resource Timing. */
function breakdown({ marks, resources, documentEnd }, shop) {
  const find = (test) => resources.find((r) => test(new URL(r.name)));
  const widget = find((u) => /^\/widget(\.[0-9a-f]+)?\.js$/.test(u.pathname));
  const settings = find((u) => u.pathname === `/api/shops/${shop}`);
  const create = find((u) => u.pathname === `/api/shops/${shop}/payments`);
  const chunks = resources.filter((r) => new URL(r.name).pathname.startsWith("/chunks/"));
  if (!widget || !create)
    throw new Error(`no resource entry for widget.js or the create: ${JSON.stringify(resources)}`);
  const span = (r) => (r ? r.responseEnd - r.fetchStart : undefined);
  return {
    total: marks.qrPainted,
    documentLoaded: documentEnd,
    widgetLoaded: widget.responseEnd,
    elementDefined: marks.elementDefined,
    definedToCreateStart: create.fetchStart - marks.elementDefined,
    settingsStart: settings?.fetchStart,
    settingsDuration: span(settings),
    createStart: create.fetchStart,
    createDuration: span(create),
    createAnsweredToQrPainted: marks.qrPainted - create.responseEnd,
    createAnsweredToViewApplied: marks.viewApplied - create.responseEnd,
    viewAppliedToQrInDom: marks.qrInDom - marks.viewApplied,
    qrInDomToPainted: marks.qrPainted - marks.qrInDom,
    chunkRequests: chunks.length,
    chunksDuration: chunks.length
      ? Math.max(...chunks.map((c) => c.responseEnd)) - Math.min(...chunks.map((c) => c.fetchStart))
      : 0,
    streamOpenedAfterQr: marks.streamOpened - marks.qrPainted,
    streamFirstMessageAfterQr: marks.streamFirstMessage - marks.qrPainted,
  };
}

/**
 * `runs` measured runs after `warmup` unmeasured ones, each a new browser context and a new order.
 * Returns {runs, median, p90, parts: {<part>: median}, samples}.
 */
export async function measureTimeToQr({ browser, pageUrl, shop, runs = 20, warmup = 3, createsPerMinute = 20 }) {
  const samples = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < warmup + runs; i++) {
    // Every run is a create from the same client (127.0.0.1): the Worker's per-client limit
    // (CREATE_LIMITER in wrangler.toml, 20 a minute) would answer the 21st with 429. After that
    // many runs the bench waits a minute, outside any measured span, so the window is empty again.
    if (i > 0 && i % createsPerMinute === 0) await new Promise((resolve) => setTimeout(resolve, 61_000));
    // A plain browser, as a visitor's: no extra request header (a cross-origin module script would need a preflight).
    const context = await browser.newContext({ viewport: { width: 480, height: 900 } });
    try {
      await context.addInitScript(instrument);
      const page = await context.newPage();
      await page.goto(`${pageUrl}/?order=${encodeURIComponent(`ttq-${stamp}-${i}`)}`);
      await page.evaluate(() => window.__timeToQr.done);
      // Let the stream's first message arrive too (it is reported, not waited for by the QR).
      await page
        .waitForFunction(() => window.__timeToQr.marks.streamFirstMessage !== undefined, undefined, { timeout: 2000 })
        .catch(() => {});
      const run = breakdown(await page.evaluate(collect), shop);
      if (i >= warmup) samples.push(run);
    } finally {
      await context.close();
    }
  }
  const parts = {};
  for (const key of Object.keys(samples[0])) {
    const values = samples.map((s) => s[key]).filter((v) => typeof v === "number" && Number.isFinite(v));
    if (values.length) parts[key] = ms(median(values));
  }
  const totals = samples.map((s) => s.total);
  return { runs, warmup, median: ms(median(totals)), p90: ms(percentile(totals, 90)), parts, samples };
}

/** The bench table's rows for a measureTimeToQr result. */
export function timeToQrRows(r) {
  const p = r.parts;
  const of = `median of ${r.runs}`;
  const rows = [
    [
      `time to QR, shop page on another origin -> QR painted, new order, warm Worker: median / p90 (${r.runs})`,
      `${r.median} / ${r.p90} ms`,
    ],
    [`time to QR: page + widget.js loaded (navigation -> widget.js responseEnd), ${of}`, `${p.widgetLoaded} ms`],
    [`time to QR: widget.js loaded -> element defined, ${of}`, `${ms(p.elementDefined - p.widgetLoaded)} ms`],
    [`time to QR: element defined -> create request start, ${of}`, `${p.definedToCreateStart} ms`],
  ];
  if (p.settingsDuration !== undefined)
    rows.push([
      `time to QR: shop settings request, sent beside the create (fetchStart -> responseEnd), ${of}`,
      `${p.settingsDuration} ms`,
    ]);
  rows.push(
    [
      `time to QR: create request (fetchStart -> responseEnd; a simple request, no preflight), ${of}`,
      `${p.createDuration} ms`,
    ],
    [`time to QR: create answered -> QR painted, ${of}`, `${p.createAnsweredToQrPainted} ms`],
    [
      `time to QR: language chunks requested, stream opened / first message after the QR, ${of}`,
      `${p.chunkRequests}, ${p.streamOpenedAfterQr ?? "–"} / ${p.streamFirstMessageAfterQr ?? "–"} ms`,
    ],
  );
  return rows;
}

/** The demo shops of `shopsJson` (servers.mjs shopsForOrigin) with `origin` added to `shop`'s allowedOrigins. */
export function allowOrigin(shopsJson, shop, origin) {
  const shops = JSON.parse(shopsJson);
  const entry = shops.find((s) => s.id === shop);
  if (!entry) throw new Error(`no shop ${shop} in the SHOPS var`);
  entry.allowedOrigins = [...entry.allowedOrigins, origin];
  return JSON.stringify(shops);
}
