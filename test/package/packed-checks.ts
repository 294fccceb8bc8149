/**
 * What no packed npm package of the product may hold, shared by the element's (package.test.ts)
 * and the console's (console.test.ts) checks: tests, demo or Worker sources, source maps,
 * TypeScript sources or local secret files by path; the demo's local secrets or key material by
 * content. And what `npm pack --json` says of a tarball.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A path no package ships: tests, the demo, Worker code, source maps, TypeScript sources (typings excepted), .dev.vars. */
export const FORBIDDEN_PATH = /test|spec|demo|worker|sandbox|\.map$|(?<!\.d)\.ts$|\.dev\.vars/i;

/** Key material in a file's text: a webhook secret, a PEM private key, a JWT. */
export const KEY_MATERIAL =
  /whsec_[A-Za-z0-9+/=]{16,}|-----BEGIN [A-Z ]*PRIVATE KEY-----|eyJhbGciOi[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}/;

/** The values of .dev.vars.example long enough to be a secret (16 characters or more). */
export function demoSecrets(root: string): string[] {
  return readFileSync(join(root, ".dev.vars.example"), "utf8")
    .split("\n")
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => line.slice(line.indexOf("=") + 1).trim())
    .filter((value) => value.length >= 16);
}

/** One tarball of `npm pack --json`'s answer. */
export interface Pack {
  name: string;
  version: string;
  size: number;
  unpackedSize: number;
  filename: string;
  /** `mode`: the file's permission bits (a bin is 0o755). */
  files: { path: string; size: number; mode: number }[];
}
