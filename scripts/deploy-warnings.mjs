// What a deployment of the checkout Worker must not carry over from the local demo, as warning
// lines (pure: the caller reads wrangler.toml and prints). `npm run deploy` (scripts/deploy.mjs)
// prints them before `wrangler deploy`; the full preflight of a deployment is a later step.

/** The shops of the committed demo configuration (wrangler.toml), which use sandbox-only secrets. */
export const DEMO_SHOP_IDS = ["demo-open", "demo-signed"];

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/** Whether `url` names this machine (a deployed Worker cannot reach it). */
export function isLoopbackUrl(url) {
  try {
    return LOOPBACK.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * The warnings for a Worker configuration's vars (`[vars]` with any `--var` applied): each names
 * what is wrong and how to fix it.
 * @param {Record<string, unknown>} vars
 * @returns {string[]}
 */
export function deployWarnings(vars) {
  const warnings = [];
  let shops = [];
  try {
    const parsed = typeof vars.SHOPS === "string" ? JSON.parse(vars.SHOPS || "[]") : (vars.SHOPS ?? []);
    if (Array.isArray(parsed)) shops = parsed;
  } catch {
    // The Worker's own validation reports a SHOPS that does not parse (config_invalid).
  }
  const demoShops = shops.map((shop) => shop?.id).filter((id) => DEMO_SHOP_IDS.includes(id));
  if (demoShops.length) {
    warnings.push(
      `SHOPS holds the demo shop${demoShops.length > 1 ? "s" : ""} ${demoShops.join(", ")}, made for the local sandbox: replace them in wrangler.toml's SHOPS with your shops (or [] when every shop is in the registry). docs/checkout.md#deploying`,
    );
  }
  for (const name of ["SANDBOX_BASE_URL", "PRODUCTION_BASE_URL", "PUBLIC_URL"]) {
    const value = vars[name];
    if (typeof value === "string" && isLoopbackUrl(value)) {
      const fix =
        name === "PUBLIC_URL"
          ? "set it to the Worker's own https origin"
          : `set it to the payment service's ${name === "SANDBOX_BASE_URL" ? "sandbox" : "production"} base URL, or "" when no shop uses that environment`;
      warnings.push(
        `${name} is ${value}, an address on this machine that a deployed Worker cannot reach: ${fix}. docs/checkout.md#deploying`,
      );
    }
  }
  for (const shop of shops) {
    for (const url of [
      ...(shop?.allowedOrigins ?? []),
      ...Object.values(shop?.redirectUrls ?? {}),
      ...(shop?.webhooks ?? []).map((w) => w?.url),
    ]) {
      if (typeof url === "string" && isLoopbackUrl(url.replace("{orderId}", "x")) && !DEMO_SHOP_IDS.includes(shop.id)) {
        warnings.push(
          `shop ${shop.id} names ${url}, an address on this machine: use the shop's public URLs. docs/checkout.md#deploying`,
        );
      }
    }
  }
  return warnings;
}
