/**
 * The demo shop's checkout page: order summary, the <crypto-checkout> element, a configurator,
 * the embed snippet, for sandbox shops the test pane, and what the shop's backend received from
 * the checkout's webhooks. No inline script or style anywhere, so the page runs under a strict
 * Content-Security-Policy.
 */
import type {} from "../../widget/events.js";
import type { ShopSettings } from "../../worker/checkout/wire.js";
import { summarizeCart } from "./amounts.js";
import { ApiError, orderToken, shopSettings, widgetManifest } from "./api.js";
import { BackendPane } from "./backend-pane.js";
import {
  configFromQuery,
  configToQuery,
  DEMO_SHOPS,
  isValidAmount,
  LOCALES,
  needsNewOrder,
  newOrderId,
  THEMES,
  type DemoConfig,
  type Theme,
} from "./config.js";
import { byId, copyText, h, money } from "./dom.js";
import {
  isFinalResult,
  resultCard,
  resultFromQuery,
  stashedOrder,
  stashedPayment,
  stashOrder,
  stashPayment,
} from "./result.js";
import { showPosLink } from "./pos-link.js";
import { SandboxPane } from "./sandbox-pane.js";
import { setupLinkDemo } from "./link-demo.js";
import { embedSnippet, type WidgetManifest } from "./snippet.js";
import { tamperToken } from "./token.js";

const form = byId<HTMLFormElement>("config-form");
const fields = {
  shop: byId<HTMLSelectElement>("cfg-shop"),
  amount: byId<HTMLInputElement>("cfg-amount"),
  priceCurrency: byId<HTMLSelectElement>("cfg-currency"),
  transferCurrency: byId<HTMLSelectElement>("cfg-transfer"),
  locale: byId<HTMLSelectElement>("cfg-locale"),
  theme: byId<HTMLSelectElement>("cfg-theme"),
};
const slot = byId("checkout-slot");
const eventLine = byId("event-line");
const configError = byId("config-error");
const tokenBox = byId("token-box");
const tokenInput = byId<HTMLTextAreaElement>("token-input");
const sandboxPane = new SandboxPane();
const backendPane = new BackendPane();

/** Set when the element redirected the customer here (the shop's order result page). */
const resultPage = resultFromQuery(location.search);
let config: DemoConfig = resultPage
  ? configFromQuery(
      configToQuery({
        ...configFromQuery(""),
        ...stashedOrder(sessionStorage, resultPage.orderId),
        orderId: resultPage.orderId,
      }),
    )
  : configFromQuery(location.search);
let settings: ShopSettings | undefined;
let manifest: WidgetManifest | undefined;
let token: string | undefined;

function setOptions(
  select: HTMLSelectElement,
  options: readonly { value: string; label: string }[],
  selected: string,
): void {
  select.replaceChildren(
    ...options.map((o) => h("option", { value: o.value, selected: o.value === selected }, o.label)),
  );
  if (!options.some((o) => o.value === selected) && options[0]) select.value = options[0].value;
}

function renderOrder(): void {
  byId("order-id").textContent = config.orderId;
  const summary = summarizeCart(config.amount);
  const currency = config.priceCurrency;
  byId("cart").replaceChildren(
    ...summary.lines.map(({ line, total }) =>
      h(
        "li",
        { class: "cart-line" },
        h("span", { class: "thumb", "aria-hidden": "true" }, line.name.slice(0, 1)),
        h(
          "span",
          { class: "cart-text" },
          h("strong", {}, line.name),
          h("span", { class: "muted" }, `${line.detail} · qty ${line.quantity}`),
        ),
        h("span", { class: "cart-price" }, money(total, currency)),
      ),
    ),
  );
  const row = (label: string, value: string, cls = ""): Node[] => [
    h("dt", { class: cls }, label),
    h("dd", { class: cls }, value),
  ];
  byId("summary").replaceChildren(
    ...row("Subtotal", money(summary.subtotal, currency)),
    ...row("Shipping", money(summary.shipping, currency)),
    ...(summary.adjustment === "0.00" ? [] : row("Adjustment (demo amount)", money(summary.adjustment, currency))),
    ...row("Total", money(summary.total, currency), "total"),
  );
}

function applyTheme(theme: Theme): void {
  if (theme === "auto") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

function renderForm(): void {
  setOptions(
    fields.shop,
    DEMO_SHOPS.map((s) => ({ value: s.id, label: s.label })),
    config.shop,
  );
  fields.amount.value = config.amount;
  setOptions(
    fields.locale,
    LOCALES.map((l) => ({ value: l.code, label: l.label })),
    config.locale,
  );
  setOptions(
    fields.theme,
    THEMES.map((t) => ({ value: t, label: t[0]?.toUpperCase() + t.slice(1) })),
    config.theme,
  );
  const priceCurrencies = settings?.priceCurrencies ?? [config.priceCurrency];
  setOptions(
    fields.priceCurrency,
    priceCurrencies.map((c) => ({ value: c, label: c })),
    config.priceCurrency,
  );
  const transfer = settings?.transferCurrencies ?? [];
  setOptions(
    fields.transferCurrency,
    [
      { value: "", label: "Customer chooses" },
      ...transfer.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })),
    ],
    config.transferCurrency,
  );
  const limits = settings?.pricing === "open" ? settings.limits : undefined;
  byId("cfg-amount-hint").textContent = limits
    ? `Between ${limits.min} and ${limits.max}`
    : settings?.pricing === "signed"
      ? "Signed into the order token"
      : "";
}

function renderSnippet(): void {
  const code = byId("snippet");
  if (!manifest || !settings) {
    code.textContent = "Loading…";
    return;
  }
  code.textContent = embedSnippet(config, settings.pricing, location.origin, manifest);
}

function readForm(): DemoConfig {
  return {
    shop: fields.shop.value,
    orderId: config.orderId,
    amount: fields.amount.value.trim(),
    priceCurrency: fields.priceCurrency.value,
    transferCurrency: fields.transferCurrency.value,
    locale: fields.locale.value,
    theme: fields.theme.value as Theme,
  };
}

/** Shows the element for the current configuration; on a result page, the result card first. */
function mountElement(): void {
  sandboxPane.setPayment(undefined);
  eventLine.textContent = "";
  if (resultPage) {
    const card = resultCard(resultPage, stashedPayment(sessionStorage, resultPage.orderId), () => {
      config = { ...config, orderId: newOrderId() };
      startOrder();
    });
    // While the payment is being confirmed the element stays on screen (it resumes the same payment).
    slot.replaceChildren(card, ...(isFinalResult(resultPage.result) ? [] : [createElement()]));
    return;
  }
  stashOrder(sessionStorage, config);
  slot.replaceChildren(createElement());
}

/** A <crypto-checkout> for the current configuration. */
function createElement(): HTMLElement {
  const element = document.createElement("crypto-checkout");
  element.setAttribute("shop", config.shop);
  element.setAttribute("order-id", config.orderId);
  if (settings?.pricing === "signed") {
    if (token) element.setAttribute("order-token", token);
  } else {
    element.setAttribute("price-amount", config.amount);
    element.setAttribute("price-currency", config.priceCurrency);
  }
  if (config.transferCurrency) element.setAttribute("transfer-currency", config.transferCurrency);
  if (config.locale) element.setAttribute("locale", config.locale);
  element.setAttribute("theme", config.theme);
  return element;
}

/**
 * Loads the shop's settings (and, for signed pricing, a fresh token, altered when `tamper` is set
 * to show the Worker refusing it), then shows the element.
 */
async function loadShop({ tamper = false } = {}): Promise<void> {
  configError.textContent = "";
  try {
    settings = await shopSettings(config.shop);
  } catch (error) {
    settings = undefined;
    configError.textContent = `Could not load the shop "${config.shop}": ${error instanceof Error ? error.message : String(error)}`;
    slot.replaceChildren();
    return;
  }
  if (!settings.priceCurrencies.includes(config.priceCurrency) && settings.priceCurrencies[0])
    config.priceCurrency = settings.priceCurrencies[0];
  if (config.transferCurrency && !settings.transferCurrencies.some((c) => c.code === config.transferCurrency))
    config.transferCurrency = "";
  if (!resultPage) history.replaceState(null, "", configToQuery(config));
  showPosLink(byId<HTMLAnchorElement>("pos-link"), settings.shop);
  byId("shop-notice").textContent =
    `${settings.name} · ${settings.environment === "sandbox" ? "sandbox (test coins only)" : "production"} · ${settings.pricing} pricing`;
  sandboxPane.show(settings.environment === "sandbox" && !(resultPage && isFinalResult(resultPage.result)));
  tokenBox.hidden = settings.pricing !== "signed";
  token = undefined;
  if (settings.pricing === "signed" && !(resultPage && isFinalResult(resultPage.result))) {
    try {
      const signed = await orderToken(config.shop, config.orderId, config.amount, config.priceCurrency);
      token = tamper ? tamperToken(signed) : signed;
      tokenInput.value = token;
    } catch (error) {
      configError.textContent = `Could not sign the order: ${error instanceof ApiError ? error.message : String(error)}`;
    }
  }
  renderForm();
  renderOrder();
  renderSnippet();
  mountElement();
}

/** Shows the element for `config`: in place, or by leaving the result page for the checkout. */
function startOrder(): void {
  if (resultPage) location.assign(configToQuery(config));
  else void loadShop();
  backendPane.start();
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const next = readForm();
  if (!isValidAmount(next.amount)) {
    configError.textContent = "The amount must be a number with at most two decimals, such as 47.40.";
    return;
  }
  const reload = needsNewOrder(config, next) || resultPage !== undefined;
  config = reload ? { ...next, orderId: newOrderId() } : next;
  applyTheme(config.theme);
  if (reload) {
    startOrder();
    return;
  }
  history.replaceState(null, "", configToQuery(config));
  stashOrder(sessionStorage, config);
  const element = slot.querySelector("crypto-checkout");
  if (config.locale) element?.setAttribute("locale", config.locale);
  else element?.removeAttribute("locale");
  element?.setAttribute("theme", config.theme);
  renderSnippet();
});

byId("new-order").addEventListener("click", () => {
  config = { ...readForm(), orderId: newOrderId() };
  if (!isValidAmount(config.amount)) config.amount = fields.amount.defaultValue;
  startOrder();
});

byId("token-tamper").addEventListener("click", () => {
  config = { ...readForm(), orderId: newOrderId() };
  if (!isValidAmount(config.amount)) config.amount = fields.amount.defaultValue;
  void loadShop({ tamper: true });
});

byId("snippet-copy").addEventListener("click", () => {
  void copyText(byId("snippet").textContent ?? "").then((ok) => {
    byId("snippet-copied").textContent = ok ? "Copied." : "Select the text and copy it.";
  });
});

slot.addEventListener("checkout-payment", (event) => {
  sandboxPane.setPayment(event.detail);
  stashPayment(sessionStorage, config.orderId, event.detail.paymentId);
});
slot.addEventListener("checkout-status", (event) => {
  const { status, previous } = event.detail;
  eventLine.textContent = `checkout-status: ${previous ? `${previous} → ` : ""}${status}`;
});
slot.addEventListener("checkout-error", (event) => {
  const { code, message } = event.detail;
  eventLine.textContent = `checkout-error: ${code} — ${message}`;
});

applyTheme(config.theme);
fields.amount.defaultValue = config.amount;
renderForm();
renderOrder();
void widgetManifest()
  .then((m) => {
    manifest = m;
    renderSnippet();
  })
  .catch(() => {
    byId("snippet").textContent = "widget-manifest.json is missing: run npm run build.";
  });
void loadShop();
backendPane.start();
setupLinkDemo(() => readForm());
