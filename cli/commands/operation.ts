/**
 * The one path of a command that asks for something and shows it (like the Stripe CLI, which runs
 * every API operation through one generic command): the v3 client for the resolved credentials,
 * the call under a spinner (stderr, on a terminal only), then the result on stdout as JSON with
 * `--json`, else as text (a table, a record or a sentence). Errors are not caught here: main.ts
 * turns them into the exit code (1 upstream or network, 2 usage) and, with `--json`, a JSON error.
 */
import type { V3Client } from "../../worker/v3/client.js";
import { json, printable, withSpinner, type Io } from "../output.js";

/** What showing a result needs of a command's context (cli/context.ts: Context). */
export interface OperationContext {
  io: Io;
  opts: { json?: boolean };
  client(): Promise<{ client: V3Client }>;
}

/** How a result is shown: `json` is what --json prints (default: the result itself), `text` the rest. */
export interface View<T> {
  json?: (result: T) => unknown;
  text: (result: T) => string;
}

/** One request of the payment service: the spinner's label, the call, and how its result is shown. */
export interface Operation<T> extends View<T> {
  spinner: string;
  call: (client: V3Client) => Promise<T>;
}

/** The view of an answer that only says it was done: `result` for --json, else `sentence` (a line). */
export function acknowledged(result: Record<string, unknown>, sentence: string): View<unknown> {
  return { json: () => result, text: () => `${sentence}\n` };
}

/** Prints `result` as --json asks: JSON, else the view's text. */
export function show<T>(ctx: OperationContext, result: T, view: View<T>): void {
  ctx.io.out(ctx.opts.json ? json(view.json ? view.json(result) : result) : printable(view.text(result)));
}

/** Client → spinner → JSON or text. Returns the result. */
export async function runOperation<T>(ctx: OperationContext, operation: Operation<T>): Promise<T> {
  const { client } = await ctx.client();
  const result = await withSpinner(ctx.io, operation.spinner, () => operation.call(client));
  show(ctx, result, operation);
  return result;
}
