/** Runs the CLI as a process (node cli/bin.mjs), as a merchant's shell would, and collects what it printed. */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const BIN = fileURLToPath(new URL("../../../cli/bin.mjs", import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Variables that would change which credentials the CLI picks: never inherited by the tests. */
const CLEARED = [
  "CRYPTO_CHECKOUT_ADMIN_TOKEN",
  "CRYPTO_CHECKOUT_KEY_SECRET",
  "CRYPTO_CHECKOUT_BASE_URL",
  "CRYPTO_CHECKOUT_HMAC_KEY",
  "CRYPTO_CHECKOUT_ORDER_SIGNING_KEY",
  "CRYPTO_CHECKOUT_BACKEND_TOKEN",
  "CRYPTO_CHECKOUT_WEBHOOK_SECRET",
];

function childEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  const inherited = Object.entries(process.env).filter(([name]) => !CLEARED.includes(name));
  return { ...Object.fromEntries(inherited), NO_COLOR: "1", ...extra };
}

/** stdin is a pipe (not a terminal); `input` is written to it, then it is closed. */
export function runCli(
  args: readonly string[],
  options: { env?: Record<string, string>; input?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  const env = childEnv(options.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`crypto-checkout ${args.join(" ")} did not finish\n${stderr}`));
    }, options.timeoutMs ?? 20_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}

/** A CLI process that keeps running (`payments watch`, `listen`): its output so far, and ways to wait on it. */
export interface RunningCli {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** The complete stdout lines so far. */
  lines(): string[];
  /** Resolves once `test` holds for the output (checked on every chunk); rejects after timeoutMs or when the process ends first. */
  waitFor(test: (out: { stdout: string; stderr: string }) => boolean, timeoutMs?: number): Promise<void>;
  /** The exit code (or the signal's name) once it ended. */
  exited: Promise<CliResult & { signal: NodeJS.Signals | null }>;
  /** Sends a signal (default SIGINT, as Ctrl-C does) and waits for the end; SIGKILL after 10 s. */
  stop(signal?: NodeJS.Signals): Promise<CliResult & { signal: NodeJS.Signals | null }>;
}

export function startCli(args: readonly string[], options: { env?: Record<string, string> } = {}): RunningCli {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: childEnv(options.env),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const waiters = new Set<() => void>();
  const check = () => {
    for (const waiter of [...waiters]) waiter();
  };
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    check();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    check();
  });
  child.stdin.end();
  const exited = new Promise<CliResult & { signal: NodeJS.Signals | null }>((resolve) => {
    child.on("close", (code, signal) => {
      resolve({ code, signal, stdout, stderr });
      check();
    });
  });
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    lines: () => stdout.split("\n").slice(0, -1),
    exited,
    waitFor(test, timeoutMs = 20_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `timed out waiting on crypto-checkout ${args.join(" ")}\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`,
            ),
          );
        }, timeoutMs);
        const waiter = () => {
          if (test({ stdout, stderr })) {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve();
          } else if (child.exitCode !== null || child.signalCode !== null) {
            clearTimeout(timer);
            waiters.delete(waiter);
            reject(
              new Error(
                `crypto-checkout ${args.join(" ")} ended (exit ${child.exitCode}) before the expected output\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`,
              ),
            );
          }
        };
        waiters.add(waiter);
        waiter();
      });
    },
    async stop(signal = "SIGINT") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
