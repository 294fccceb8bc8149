/**
 * What the CLI prints. Results go to stdout: readable tables by default, JSON with `--json`
 * (amounts stay the exact decimal strings the v3 client parsed; nothing passes through a float).
 * Messages, warnings, prompts and the spinner go to stderr; the spinner only when stderr is a TTY.
 */
import Table from "cli-table3";
import type { V3Error } from "../worker/v3/errors.js";

export type Cell = string | number | boolean | undefined | null;

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Whether stderr is a terminal (spinners, colours of prompts). */
  errIsTty: boolean;
  /** Whether stdin is a terminal (confirmations). */
  inIsTty: boolean;
}

export const processIo: Io = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  errIsTty: Boolean(process.stderr.isTTY),
  inIsTty: Boolean(process.stdin.isTTY),
};

/**
 * Text that came from the network as it may reach a terminal: C0 control characters (except line
 * feed and tab), DEL and the C1 controls removed, so that a server's answer cannot move the
 * cursor, clear the screen, retitle the window or hide a line with escape sequences. Our own
 * escape sequences (the spinner's) are written apart from it.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what this removes
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
}

const PLAIN_STYLE = { head: [] as string[], border: [] as string[] };
/** No line between rows: one rule under the header only. */
const COMPACT = { mid: "", "left-mid": "", "mid-mid": "", "right-mid": "" };

function text(value: Cell): string {
  if (value === undefined || value === null || value === "") return "-";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return printable(String(value));
}

/** A table with a header row. */
export function table(head: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const t = new Table({ head: [...head], style: PLAIN_STYLE, chars: COMPACT });
  for (const row of rows) t.push(row.map(text));
  return `${t.toString()}\n`;
}

/** A two-column table of one object's fields (rows whose value is undefined are left out). */
export function record(rows: readonly (readonly [string, Cell])[]): string {
  const t = new Table({ style: PLAIN_STYLE, chars: COMPACT });
  for (const [label, value] of rows) if (value !== undefined) t.push({ [label]: text(value) });
  return `${t.toString()}\n`;
}

/** JSON as printed by --json: two-space indented, one trailing newline. */
export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** "0.01 BTC" from an amount and a currency, either possibly absent. */
export function money(amount: string | undefined, currency: string | undefined): string | undefined {
  if (amount === undefined) return undefined;
  return currency === undefined ? amount : `${amount} ${currency}`;
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** Runs `work` with a spinner and `label` on stderr when it is a TTY; a no-op wrapper otherwise. */
export async function withSpinner<T>(
  io: Io,
  label: string,
  work: (progress: (label: string) => void) => Promise<T>,
): Promise<T> {
  const line = liveLine(io, label);
  try {
    return await work((next) => line.update(next));
  } finally {
    line.stop();
  }
}

/**
 * The progress line of a command that runs until stopped (`payments watch`, `listen`): a spinner
 * and `label` redrawn on stderr when it is a TTY, cleared before each line `print` writes to
 * stdout. Off a TTY `print` writes the line and nothing else happens.
 */
export interface LiveLine {
  update(label: string): void;
  /** A line of the result, on stdout. */
  print(text: string): void;
  /** A message (warning, reconnect), on stderr. */
  note(text: string): void;
  stop(): void;
}

export function liveLine(io: Io, label: string): LiveLine {
  if (!io.errIsTty)
    return {
      update: () => undefined,
      print: (text) => io.out(printable(text)),
      note: (text) => io.err(printable(text)),
      stop: () => undefined,
    };
  let current = label;
  let frame = 0;
  const draw = () => io.err(`\r\x1b[2K${FRAMES[frame++ % FRAMES.length] ?? ""} ${current}`);
  draw();
  const timer = setInterval(draw, 80);
  return {
    update(next) {
      current = next;
    },
    print(text) {
      io.err("\r\x1b[2K");
      io.out(printable(text));
      draw();
    },
    note(text) {
      io.err(`\r\x1b[2K${printable(text)}`);
      draw();
    },
    stop() {
      clearInterval(timer);
      io.err("\r\x1b[2K");
    },
  };
}

/** The upstream's error message when its body is `{"error":{"code","message"}}` or `{"message"}`. */
function upstreamMessage(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const value = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } | string; message?: unknown };
    if (typeof value.error === "object" && value.error !== null && typeof value.error.message === "string") {
      return typeof value.error.code === "string" ? `${value.error.code}: ${value.error.message}` : value.error.message;
    }
    if (typeof value.message === "string") return value.message;
    if (typeof value.error === "string") return value.error;
  } catch {
    // not JSON: the raw (scrubbed, truncated) body
  }
  return body.length > 200 ? `${body.slice(0, 199)}…` : body;
}

/** What --json prints on stdout for a V3Error. */
export function v3ErrorJson(error: V3Error): Record<string, unknown> {
  const message = upstreamMessage(error.upstreamBody);
  return {
    error: {
      kind: error.kind,
      code: error.code,
      ...(error.status === undefined ? {} : { status: error.status }),
      message: error.message,
      ...(message === undefined ? {} : { upstreamMessage: message }),
      ...(error.field === undefined ? {} : { field: error.field }),
    },
  };
}

/** One line for stderr: "error: HTTP 401 from GET /v3/currencies: unauthorized: missing ..." */
export function v3ErrorLine(error: V3Error): string {
  const upstream = upstreamMessage(error.upstreamBody);
  if (error.kind === "http") {
    const what = error.message.replace(/: upstream answered HTTP \d+$/, "");
    return `error: HTTP ${error.status ?? "?"} from ${what}${upstream ? `: ${upstream}` : ""}`;
  }
  if (error.kind === "invalid_request") return `error: ${error.message}${error.field ? ` (${error.field})` : ""}`;
  return `error: ${error.message}${error.status === undefined ? "" : ` (HTTP ${error.status})`}${upstream ? `: ${upstream}` : ""}`;
}
