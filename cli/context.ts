/**
 * What every command gets: the output, the global options, a v3 client for the resolved
 * credentials (made on first use, so commands that need no key never ask for one), the
 * production confirmation of commands that move money, and the confirmation of other commands
 * that change something for good (`shops disable`, `shops rotate-secret`).
 */
import { confirm, isCancel } from "@clack/prompts";
import { createV3Client, type V3Client } from "../worker/v3/client.js";
import { resolveTarget, type GlobalOptions, type Target } from "./config.js";
import { UsageError } from "./errors.js";
import { nodeConnect } from "./node-connect.js";
import { record, type Cell, type Io } from "./output.js";

export interface Context {
  io: Io;
  root: string;
  opts: GlobalOptions;
  /** The client and where it points; resolves credentials on first call. */
  client(): Promise<{ client: V3Client; target: Target }>;
  /**
   * Before a command that moves money: in production, refuses (UsageError) when no confirmation
   * can be asked (stdin not a terminal, no --yes). Call before sending anything.
   */
  assertCanConfirm(action: string): Promise<void>;
  /** In production without --yes: shows what will happen and asks; UsageError when declined. */
  confirmMoneyMove(action: string, details: readonly (readonly [string, Cell])[]): Promise<void>;
  /**
   * Without --yes: shows what will happen and asks; UsageError when declined, or when stdin is not
   * a terminal (nothing can be asked). Call before sending anything.
   */
  confirmAction(action: string, details: readonly (readonly [string, Cell])[]): Promise<void>;
}

/** UsageError when no confirmation can be asked (stdin is not a terminal). */
function assertTerminal(io: Io, action: string): void {
  if (!io.inIsTty)
    throw new UsageError(
      `refusing to ${action} without confirmation: stdin is not a terminal. Pass --yes to confirm non-interactively. Nothing was sent.`,
    );
}

/** Asks `question` (default No); UsageError unless the answer is Yes. */
async function ask(question: string): Promise<void> {
  const answer = await confirm({
    message: question,
    initialValue: false,
    input: process.stdin,
    output: process.stderr,
  });
  if (isCancel(answer) || answer !== true) throw new UsageError("not confirmed. Nothing was sent.");
}

const capitalized = (text: string) => `${text[0]?.toUpperCase() ?? ""}${text.slice(1)}`;

/** First line of stdin (for --key-secret-stdin). */
export async function readStdinLine(): Promise<string> {
  let data = "";
  for await (const chunk of process.stdin) {
    data += String(chunk);
    const newline = data.indexOf("\n");
    if (newline >= 0) return data.slice(0, newline);
  }
  return data;
}

export function createContext(io: Io, root: string, opts: GlobalOptions): Context {
  let made: Promise<{ client: V3Client; target: Target }> | undefined;
  const client = () => {
    made ??= resolveTarget(opts, { root, readStdinSecret: readStdinLine, warn: (m) => io.err(`${m}\n`) }).then(
      (target) => ({
        target,
        client: createV3Client({
          environment: target.environment,
          baseUrl: target.baseUrl,
          credentials: { environment: target.environment, keyId: target.keyId, keySecret: target.keySecret },
          connect: nodeConnect,
          ...(opts.timeout === undefined ? {} : { timeoutMs: opts.timeout }),
        }),
      }),
    );
    return made;
  };
  const needsConfirmation = async () => (await client()).target.environment === "production" && !opts.yes;
  return {
    io,
    root,
    opts,
    client,
    async assertCanConfirm(action) {
      if (await needsConfirmation()) assertTerminal(io, `${action} in production`);
    },
    async confirmMoneyMove(action, details) {
      if (!(await needsConfirmation())) return;
      assertTerminal(io, `${action} in production`);
      const { target } = await client();
      io.err(`\nPRODUCTION (${target.baseUrl}, ${target.label}): this will ${action}.\n`);
      io.err(record(details));
      await ask(`${capitalized(action)} in production?`);
    },
    async confirmAction(action, details) {
      if (opts.yes) return;
      assertTerminal(io, action);
      io.err(`\nThis will ${action}.\n`);
      io.err(record(details));
      await ask(`${capitalized(action)}?`);
    },
  };
}
