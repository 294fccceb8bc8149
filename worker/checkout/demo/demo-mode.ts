/**
 * Whether the demo helper routes (/demo/api/*) are served (pure rules). They are test and demo
 * tools: they sign order tokens with a shop's key and forward to the sandbox's control API, so
 * they exist only when DEMO_MODE is "true" and no production shop is configured. An entry that
 * says `"environment": "production"` counts even when the rest of it is invalid, and a SHOPS value
 * that cannot be read turns the helpers off too: when in doubt, the deployment is a production one.
 */

export type DemoModeState = { enabled: true } | { enabled: false; reason?: string };

/** Ids (or `#index`) of the entries of a SHOPS value that name the production environment. */
function productionEntries(entries: unknown[]): string[] {
  const out: string[] = [];
  entries.forEach((entry, index) => {
    if (!entry || typeof entry !== "object") return;
    const { id, environment } = entry as { id?: unknown; environment?: unknown };
    if (environment === "production") out.push(typeof id === "string" && id ? id : `#${index}`);
  });
  return out;
}

/**
 * The demo routes' state for a DEMO_MODE value and a SHOPS value (its JSON text or the parsed
 * array). `reason` is set when DEMO_MODE asks for the routes and they are refused all the same.
 */
export function demoModeState(demoMode: string | undefined, shops: unknown): DemoModeState {
  if (demoMode !== "true") return { enabled: false };
  let parsed: unknown = shops;
  if (typeof shops === "string") {
    try {
      parsed = JSON.parse(shops);
    } catch {
      parsed = undefined;
    }
  }
  if (!Array.isArray(parsed)) {
    return {
      enabled: false,
      reason: 'DEMO_MODE is "true" but SHOPS cannot be read: the demo routes (/demo/api/*) are not served.',
    };
  }
  const production = productionEntries(parsed);
  if (production.length) {
    return {
      enabled: false,
      reason: `DEMO_MODE is "true" but production shops are configured (${production.join(", ")}): the demo routes (/demo/api/*) are not served.`,
    };
  }
  return { enabled: true };
}
