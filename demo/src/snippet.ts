/**
 * The embed snippet a shop copies into its checkout page: the content-hashed widget with its
 * Subresource Integrity hash, and the element with the demo's current attributes. Pure, no DOM.
 */
import type { DemoConfig } from "./config.js";

/** dist/public/widget-manifest.json */
export interface WidgetManifest {
  file: string;
  integrity: string;
}

export function isWidgetManifest(value: unknown): value is WidgetManifest {
  if (!value || typeof value !== "object") return false;
  const { file, integrity } = value as Record<string, unknown>;
  return (
    typeof file === "string" &&
    /^[\w.-]+\.js$/.test(file) &&
    typeof integrity === "string" &&
    /^sha(256|384|512)-[A-Za-z0-9+/=]+$/.test(integrity)
  );
}

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/**
 * The HTML to paste. `origin` is the checkout Worker's origin; with signed pricing the order token
 * is shown as a placeholder (the shop's backend signs it per order).
 */
export function embedSnippet(
  config: DemoConfig,
  pricing: "open" | "signed",
  origin: string,
  manifest: WidgetManifest,
): string {
  const attributes: [string, string][] = [
    ["shop", config.shop],
    ["order-id", config.orderId],
  ];
  if (pricing === "signed") {
    attributes.push(["order-token", "ORDER_TOKEN_FROM_YOUR_BACKEND"]);
  } else {
    attributes.push(["price-amount", config.amount], ["price-currency", config.priceCurrency]);
  }
  if (config.transferCurrency) attributes.push(["transfer-currency", config.transferCurrency]);
  if (config.locale) attributes.push(["locale", config.locale]);
  if (config.theme !== "auto") attributes.push(["theme", config.theme]);
  const element = attributes.map(([name, value]) => `\n  ${name}="${escapeAttribute(value)}"`).join("");
  const src = new URL(manifest.file, `${origin}/`).href;
  return [
    `<script type="module" src="${escapeAttribute(src)}"`,
    `  integrity="${escapeAttribute(manifest.integrity)}" crossorigin="anonymous"></script>`,
    `<crypto-checkout${element}>`,
    `</crypto-checkout>`,
  ].join("\n");
}
