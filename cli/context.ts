/**
 * What every command gets: the output, the global options, a v3 client for the resolved
 * credentials (made on first use, so commands that need no key never ask for one), and the
 * production confirmation of commands that move money.
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
}

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
    made ??= resolveTarget(opts, { root, readStdinSecret: readStdinLine, warn: (m) => io.err(`${m}\n`) }).then((target) => ({
      target,
      client: createV3Client({
        environment: target.environment,
        baseUrl: target.baseUrl,
        credentials: { environment: target.environment, keyId: target.keyId, keySecret: target.keySecret },
        connect: nodeConnect,
        ...(opts.timeout === undefined ? {} : { timeoutMs: opts.timeout }),
      }),
    }));
    return made;
  };
  const needsConfirmation = async () => (await client()).target.environment === "production" && !opts.yes;
  return {
    io,
    root,
    opts,
    client,
    async assertCanConfirm(action) {
      if (!(await needsConfirmation())) return;
      if (!io.inIsTty) {
        throw new UsageError(`refusing to ${action} in production without confirmation: stdin is not a terminal. Pass --yes to confirm non-interactively. Nothing was sent.`);
      }
    },
    async confirmMoneyMove(action, details) {
      if (!(await needsConfirmation())) return;
      await this.assertCanConfirm(action);
      const { target } = await client();
      io.err(`\nPRODUCTION (${target.baseUrl}, ${target.label}): this will ${action}.\n`);
      io.err(record(details));
      const answer = await confirm({ message: `${action[0]?.toUpperCase() ?? ""}${action.slice(1)} in production?`, initialValue: false, input: process.stdin, output: process.stderr });
      if (isCancel(answer) || answer !== true) throw new UsageError("not confirmed. Nothing was sent.");
    },
  };
}
