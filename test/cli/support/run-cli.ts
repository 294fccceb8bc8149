/** Runs the CLI as a process (node cli/bin.mjs), as a merchant's shell would, and collects what it printed. */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const BIN = fileURLToPath(new URL("../../../cli/bin.mjs", import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Variables that would change which credentials the CLI picks: never inherited by the tests. */
const CLEARED = ["CRYPTO_CHECKOUT_KEY_SECRET", "CRYPTO_CHECKOUT_BASE_URL", "CRYPTO_CHECKOUT_HMAC_KEY", "CRYPTO_CHECKOUT_ORDER_SIGNING_KEY"];

/** stdin is a pipe (not a terminal); `input` is written to it, then it is closed. */
export function runCli(args: readonly string[], options: { env?: Record<string, string>; input?: string; timeoutMs?: number } = {}): Promise<CliResult> {
  const inherited = Object.entries(process.env).filter(([name]) => !CLEARED.includes(name));
  const env = { ...Object.fromEntries(inherited), NO_COLOR: "1", ...options.env };
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
