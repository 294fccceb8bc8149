/**
 * Builds the element's package once for the suite (scripts/build-package.mjs) into a temporary
 * folder and packs it as `npm pack` makes it for a registry: every test file reads that tarball.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder the tarball was packed in (temporary, removed after the suite). */
    packWork: string;
    /** `npm pack --json`'s answer, as text. */
    packJson: string;
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url));

export default function setup(project: TestProject): () => void {
  const work = mkdtempSync(join(tmpdir(), "crypto-checkout-package-"));
  const built = join(work, "package");
  execFileSync(process.execPath, [join(root, "scripts", "build-package.mjs"), built], { stdio: "pipe" });
  const packed = execFileSync("npm", ["pack", "--json", "--pack-destination", work], {
    cwd: built,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  project.provide("packWork", work);
  project.provide("packJson", packed);
  return () => rmSync(work, { recursive: true, force: true });
}
