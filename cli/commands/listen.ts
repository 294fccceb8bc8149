/**
 * `listen --forward-to <url>`: like `stripe listen`. Follows the shop's event log on the checkout
 * Worker (`GET /api/shops/{shop}/events?after=&limit=`, Bearer the shop's backend token) and POSTs
 * each event to a local URL exactly as the Worker delivers a webhook (worker/checkout/events/
 * deliver.ts: the JSON body, the Standard Webhooks headers signed with the shop's `whsec_`
 * secret, its User-Agent), printing one line per attempt. A failed attempt (non-2xx, timeout,
 * network) is printed and the event is tried again on the next poll, at most --max-attempts
 * times in all. Runs until Ctrl-C (or SIGTERM): exit 0.
 */
import { Option, type Command } from "commander";
import { signatureHeaders, USER_AGENT } from "../../worker/checkout/events/deliver.js";
import { EVENT_TYPES, type EventList, type WebhookEvent } from "../../worker/checkout/backend-wire.js";
import { CheckoutApiError, DEFAULT_CHECKOUT_URL, fetchEvents, fetchFailure, httpUrl } from "../checkout-api.js";
import { BACKEND_TOKEN_ENV, secretByName, WEBHOOK_SECRET_ENV } from "../config.js";
import { backendShop } from "../backend-token.js";
import type { Context } from "../context.js";
import { CommandFailure, UsageError } from "../errors.js";
import { liveLine, type LiveLine } from "../output.js";
import { sleep, stopOnSignals, type Stopper } from "../signals.js";
import { integer, seconds, type Act } from "./shared.js";
import { requireSecretSafe } from "../secure-url.js";

export const DEFAULT_LISTEN_INTERVAL_MS = 2000;
export const DEFAULT_MAX_ATTEMPTS = 5;
/** Events read per request of the log (the API's maximum is 200). */
const PAGE = 100;
/** The Worker's default time a receiver has to answer (WEBHOOK_TIMEOUT_MS). */
const FORWARD_TIMEOUT_MS = 10_000;
const WHSEC = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

interface ListenOptions {
  forwardTo: string;
  checkoutUrl: string;
  from: "now" | "start";
  interval?: number;
  secret?: string;
  maxAttempts: number;
  events?: string[];
}

interface Setup {
  shop: string;
  base: string;
  target: string;
  token: string;
  secret: string;
}

/** One printed attempt (--json: one object per line). */
export interface ForwardLine {
  time: string;
  type: string;
  eventId: string;
  url: string;
  /** The local endpoint's HTTP status; null when it did not answer. */
  status: number | null;
  ok: boolean;
  attempt: number;
  maxAttempts: number;
  error?: string;
  /** Whether the event is tried again on the next poll. */
  retry?: boolean;
}

function eventTypes(value: string): string[] {
  const types = value
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  const unknown = types.filter((t) => !(EVENT_TYPES as readonly string[]).includes(t));
  if (!types.length || unknown.length)
    throw new UsageError(
      `--events: unknown event type ${unknown.join(", ") || "(none)"}; the types: ${EVENT_TYPES.join(", ")}`,
    );
  return types;
}

/** The shop, its backend token and the signing secret: from the environment, the flags, or the shop's names in wrangler.toml + .dev.vars. */
function resolveSetup(ctx: Context, o: ListenOptions): Setup {
  const { config, shop, token } = backendShop(ctx, "listen", "reads that shop's events");
  let secret: string | undefined;
  if (o.secret !== undefined) {
    ctx.io.err(
      `warning: a secret passed as --secret lands in your shell history and the process list; prefer ${WEBHOOK_SECRET_ENV}\n`,
    );
    secret = o.secret;
  } else {
    const secretName = shop.webhooks?.[0]?.secret;
    secret =
      process.env[WEBHOOK_SECRET_ENV] || (secretName === undefined ? undefined : secretByName(config, secretName));
    if (!secret) {
      throw new UsageError(
        secretName === undefined
          ? `shop ${shop.id} has no webhooks[] to take a signing secret from: set ${WEBHOOK_SECRET_ENV} (or pass --secret whsec_...)`
          : `the webhook secret ${secretName} of shop ${shop.id} is set neither in the environment nor in .dev.vars (or set ${WEBHOOK_SECRET_ENV})`,
      );
    }
  }
  if (!WHSEC.test(secret)) throw new UsageError("the webhook secret must be of the form whsec_<base64>");
  return {
    shop: shop.id,
    base: requireSecretSafe(httpUrl(o.checkoutUrl, "--checkout-url"), "--checkout-url"),
    target: httpUrl(o.forwardTo, "--forward-to"),
    token,
    secret,
  };
}

/** POSTs one event the way the Worker delivers a webhook; never throws. */
async function forward(
  setup: Setup,
  event: WebhookEvent,
  timeoutMs: number,
): Promise<{ status: number | null; ok: boolean; error?: string }> {
  const body = JSON.stringify(event);
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    ...signatureHeaders(setup.secret, event.id, new Date(), body),
  };
  try {
    const response = await fetch(setup.target, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const ok = response.status >= 200 && response.status < 300;
    const text = ok ? "" : (await response.text().catch(() => "")).replace(/\s+/g, " ").trim().slice(0, 120);
    if (ok) await response.body?.cancel();
    return ok ? { status: response.status, ok } : { status: response.status, ok, ...(text ? { error: text } : {}) };
  } catch (error) {
    const { timedOut, cause } = fetchFailure(error);
    return {
      status: null,
      ok: false,
      error: timedOut ? `no answer within ${timeoutMs} ms` : `network error: ${cause}`,
    };
  }
}

export function formatForwardLine(line: ForwardLine): string {
  const what =
    line.status === null
      ? (line.error ?? "no answer")
      : `${line.status}${line.ok || !line.error ? "" : ` ${line.error}`}`;
  const retry = line.ok
    ? ""
    : line.retry
      ? `  (attempt ${line.attempt} of ${line.maxAttempts}; again on the next poll)`
      : `  (attempt ${line.attempt} of ${line.maxAttempts}; giving up)`;
  return `${line.time}  ${line.type.padEnd(19)}  ${line.eventId}  -> ${what}${retry}\n`;
}

/** The log's current end: the cursor after its last event. */
async function endCursor(setup: Setup, timeoutMs: number): Promise<string> {
  let cursor = "0";
  for (;;) {
    const page = await fetchEvents(setup.base, setup.shop, setup.token, cursor, 200, timeoutMs);
    cursor = page.next;
    if (!page.hasMore) return cursor;
  }
}

async function listen(ctx: Context, setup: Setup, o: ListenOptions, live: LiveLine, stopper: Stopper): Promise<void> {
  const timeoutMs = ctx.opts.timeout ?? 5000;
  const intervalMs = o.interval ?? DEFAULT_LISTEN_INTERVAL_MS;
  const wanted = o.events === undefined ? undefined : new Set(o.events);
  const fatal = (error: CheckoutApiError) =>
    new CommandFailure(
      `${error.message}${error.status === 401 ? ` (is the backend token of shop ${setup.shop} the one the Worker at ${setup.base} has?)` : ""}`,
    );

  let cursor: string;
  try {
    cursor = o.from === "start" ? "0" : await endCursor(setup, timeoutMs);
  } catch (error) {
    // The first request decides whether the Worker is there at all: any failure ends the command.
    if (error instanceof CheckoutApiError) throw fatal(error);
    throw error;
  }
  ctx.io.err(
    `Ready. Forwarding the events of shop ${setup.shop} (${setup.base}) to ${setup.target}, ${o.from === "start" ? "from the start of the log" : "from now on"}. Ctrl-C to stop.\n`,
  );
  live.update(`Waiting for events of shop ${setup.shop}… Ctrl-C to stop`);

  let waiting: { event: WebhookEvent; attempts: number }[] = [];
  const attempt = async (item: { event: WebhookEvent; attempts: number }) => {
    item.attempts++;
    const result = await forward(setup, item.event, FORWARD_TIMEOUT_MS);
    const retry = !result.ok && item.attempts < o.maxAttempts;
    const line: ForwardLine = {
      time: new Date().toISOString(),
      type: item.event.type,
      eventId: item.event.id,
      url: setup.target,
      ...result,
      attempt: item.attempts,
      maxAttempts: o.maxAttempts,
      ...(result.ok ? {} : { retry }),
    };
    live.print(ctx.opts.json ? `${JSON.stringify(line)}\n` : formatForwardLine(line));
    if (retry) waiting.push(item);
  };

  while (!stopper.signal.aborted) {
    // Events that failed on an earlier poll first, in their order, then the new ones.
    const again = waiting;
    waiting = [];
    for (const item of again) {
      if (stopper.signal.aborted) break;
      await attempt(item);
    }
    try {
      while (!stopper.signal.aborted) {
        const page: EventList = await fetchEvents(setup.base, setup.shop, setup.token, cursor, PAGE, timeoutMs);
        for (const entry of page.events) {
          if (stopper.signal.aborted) break;
          if (!wanted || wanted.has(entry.event.type)) await attempt({ event: entry.event, attempts: 0 });
          cursor = entry.cursor;
        }
        if (stopper.signal.aborted) break;
        cursor = page.next;
        if (!page.hasMore) break;
      }
    } catch (error) {
      if (!(error instanceof CheckoutApiError)) throw error;
      if (!error.retryable) throw fatal(error);
      live.note(`warning: ${error.message}; trying again in ${intervalMs / 1000} s\n`);
    }
    await sleep(intervalMs, stopper.signal);
  }
  if (waiting.length)
    live.note(
      `${waiting.length} event(s) not forwarded after a failed attempt: ${waiting.map((w) => w.event.id).join(", ")}\n`,
    );
}

export function registerListen(program: Command, act: Act): void {
  program
    .command("listen")
    .description(
      "forward the shop's events from the checkout Worker to a local URL, signed like its webhooks (like `stripe listen`)",
    )
    .requiredOption("--forward-to <url>", "the local URL each event is POSTed to, e.g. http://127.0.0.1:4242/webhooks")
    .option("--checkout-url <url>", "the checkout Worker", DEFAULT_CHECKOUT_URL)
    .addOption(
      new Option("--from <where>", "now: only events recorded after the start; start: the whole log first")
        .choices(["now", "start"])
        .default("now"),
    )
    .option("--interval <seconds>", "seconds between two reads of the event log (default 2)", seconds(0.2, 3600))
    .option(
      "--secret <whsec>",
      `signing secret (default: ${WEBHOOK_SECRET_ENV}, else the secret of the shop's first webhook; discouraged: lands in shell history)`,
    )
    .option("--max-attempts <n>", "attempts per event before giving up", integer(1, 100), DEFAULT_MAX_ATTEMPTS)
    .option(
      "--events <types>",
      "only these event types, comma-separated (e.g. payment.confirmed,payment.invalid)",
      eventTypes,
    )
    .addHelpText(
      "after",
      `
Reads GET {checkout-url}/api/shops/{shop}/events with the shop's backend token (${BACKEND_TOKEN_ENV}, else the
secret named by the shop's secrets.backendToken, from the environment or .dev.vars).
Example:
  crypto-checkout --shop demo-open listen --forward-to http://127.0.0.1:4242/webhooks`,
    )
    .action(
      act(async (ctx, o: ListenOptions) => {
        const setup = resolveSetup(ctx, o);
        const stopper = stopOnSignals();
        const live = liveLine(ctx.io, `Connecting to ${setup.base}…`);
        try {
          await listen(ctx, setup, o, live, stopper);
        } finally {
          live.stop();
          stopper.dispose();
        }
        if (stopper.received() !== undefined) ctx.io.err("Stopped.\n");
      }),
    );
}
