/**
 * The element's setup warnings, for developers: a missing or malformed `shop` or `endpoint`, an
 * attribute or an event name that looks like a misspelling of the element's own. Each says what
 * is wrong and the fix, in the console (console.warn), once per page for each mistake. Loaded as
 * a chunk of its own by setup-check.ts, only when something looks wrong: a correct page never
 * downloads it.
 */
import { distance } from "fastest-levenshtein";
import { SHOP_ID } from "../../worker/checkout/wire.js";
import { ENDPOINT_SHAPE } from "./setup-rules.js";
import type { SetupSubject } from "./setup-rules.js";

const PREFIX = "<crypto-checkout>";

/** Attributes any page may set on any element: never taken for a misspelling of the element's own. */
const COMMON_ATTRIBUTE =
  /^(data-|aria-|on)|^(id|class|style|slot|part|lang|dir|title|hidden|inert|tabindex|translate|autofocus|draggable|role|is|nonce)$/;
const warned = new Set<string>();

/** Prints `message` once per page. */
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(`${PREFIX} ${message}`);
}

/** Case, hyphens and underscores aside: `orderId`, `order_id` and `order-id` are one name. */
const normalize = (name: string) => name.toLowerCase().replace(/[-_]/g, "");

/**
 * The name of `known` that `name` most likely misspells: the same once normalized, or at most one
 * edit away (two for names of five letters or more); undefined when none is that close.
 */
export function closest(name: string, known: readonly string[]): string | undefined {
  const typed = normalize(name);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const target = normalize(candidate);
    const d = distance(typed, target);
    if (d <= (target.length >= 5 ? 2 : 1) && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

const ENDPOINT_FIX = 'set endpoint to the checkout Worker\'s origin, e.g. endpoint="https://checkout.example.com"';

/**
 * What setup-check.ts found looking wrong: an element at its first update (`known` its
 * attributes; `fromWorker` whether its script is the Worker's widget.js), or the name of a
 * listener added to one (`known` the events).
 */
export function explain(subject: SetupSubject | string, known: readonly string[], fromWorker: boolean): void {
  if (typeof subject === "string") warnListener(subject, known);
  else warnSetup(subject, known, fromWorker);
}

/** The element's shop, endpoint and attributes at its first update. */
function warnSetup(el: SetupSubject, known: readonly string[], fromWorker: boolean): void {
  if (!el.shop)
    warnOnce(
      'shop is missing: set shop="…" to the shop\'s id in the checkout Worker\'s configuration (e.g. shop="acme").',
    );
  else if (!SHOP_ID.test(el.shop))
    warnOnce(
      `shop="${el.shop}" is not a shop id (1-64 characters of a-z, 0-9, - and _): set shop to the shop's id in the checkout Worker's configuration.`,
    );

  const endpoint = el.endpoint;
  if (!endpoint) {
    if (!fromWorker)
      warnOnce(
        `endpoint is missing: bundled into the page's own script, the element calls the page's origin (${location.origin}) instead of the checkout Worker; ${ENDPOINT_FIX}.`,
      );
  } else if (!ENDPOINT_SHAPE.test(endpoint) || !URL.canParse(endpoint, location.href)) {
    warnOnce(`endpoint="${endpoint}" is not an http(s) URL (nor a path on this origin); ${ENDPOINT_FIX}.`);
  }

  for (const name of el.getAttributeNames()) {
    if (known.includes(name) || COMMON_ATTRIBUTE.test(name)) continue;
    const meant = closest(name, known);
    if (meant)
      warnOnce(`${name} is not an attribute of <crypto-checkout>; did you mean ${meant}? Rename it to ${meant}.`);
  }
}

/** A listener added under a name that is not one of the element's events. */
function warnListener(type: string, events: readonly string[]): void {
  if (events.includes(type)) return;
  const meant = closest(type.replace(/^on/i, ""), events);
  if (meant)
    warnOnce(`${type} is not an event of <crypto-checkout>; did you mean ${meant}? Listen to ${meant} instead.`);
  else if (normalize(type).startsWith("checkout"))
    warnOnce(`${type} is not an event of <crypto-checkout>; its events are ${events.join(", ")}.`);
}
