/**
 * Runs one shell block of the docs in bash, as a reader would paste it: one command after the
 * other, in the repository's root, in the same shell session as the earlier blocks of the same
 * document (their variables and functions are kept in a state file). Each command's stdout,
 * stderr and exit code are kept apart. Whatever a block starts in the background is stopped with
 * its process group when the block ends.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "./doc-blocks.js";

export interface CommandResult {
  command: Command;
  stdout: string;
  stderr: string;
  code: number;
}

export interface BlockSession {
  /** A folder for this document's state and outputs. */
  dir: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Variable names of a fresh shell, which are not carried from block to block. */
  baseline: string[];
}

export async function baselineVariables(env: NodeJS.ProcessEnv): Promise<string[]> {
  const { stdout } = await runBash("compgen -v", process.cwd(), env, 10_000);
  return [...stdout.split("\n").filter(Boolean), "BASH_REMATCH", "PIPESTATUS", "_"];
}

function runBash(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ stdout: string; code: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-c", script], {
      cwd,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += String(chunk)));
    child.stderr.on("data", (chunk: Buffer) => (stderr += String(chunk)));
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid ?? 0), "SIGKILL");
      } catch {
        // gone
      }
      reject(new Error(`the block did not finish within ${timeoutMs / 1000} s\n${stderr}`));
    }, timeoutMs);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      // Anything the block left running in the background goes with its process group.
      try {
        process.kill(-(child.pid ?? 0), "SIGTERM");
      } catch {
        // nothing left
      }
      if (code !== 0) reject(new Error(`the shell running the block failed (${code}): ${stderr}`));
      else resolve({ stdout, code: code ?? 0 });
    });
  });
}

export async function runBlock(
  session: BlockSession,
  index: number,
  commands: { command: Command; text: string }[],
  timeoutMs = 280_000,
): Promise<CommandResult[]> {
  const out = join(session.dir, `block-${index}`);
  mkdirSync(out, { recursive: true });
  const state = join(session.dir, "state.sh");
  const skip = session.baseline.map((name) => `[${JSON.stringify(name)}]=1`).join(" ");
  const lines = [
    "set +e",
    `[ -f ${JSON.stringify(state)} ] && . ${JSON.stringify(state)}`,
    ...commands.flatMap(({ text }, i) => [
      `{ ${text}`,
      `} >${JSON.stringify(join(out, `${i}.out`))} 2>${JSON.stringify(join(out, `${i}.err`))} </dev/null`,
      `echo $? >${JSON.stringify(join(out, `${i}.rc`))}`,
    ]),
    // Keep the session's own variables and functions for the next block.
    `declare -A __skip=(${skip} [__skip]=1)`,
    `{ for __v in $(compgen -v); do [ -z "\${__skip[$__v]}" ] && declare -p "$__v" 2>/dev/null | grep -v '^declare -[a-zA-Z]*r'; done; declare -f; } >${JSON.stringify(state)}.new`,
    `mv ${JSON.stringify(state)}.new ${JSON.stringify(state)}`,
  ];
  await runBash(lines.join("\n"), session.cwd, session.env, timeoutMs);
  return commands.map(({ command }, i) => {
    const read = (ext: string) => {
      try {
        return readFileSync(join(out, `${i}.${ext}`), "utf8");
      } catch {
        return "";
      }
    };
    return { command, stdout: read("out"), stderr: read("err"), code: Number(read("rc").trim() || "-1") };
  });
}

export function writeDocFiles(dir: string, files: { name: string; text: string }[]): void {
  for (const file of files) writeFileSync(join(dir, file.name), `${file.text}\n`);
}
