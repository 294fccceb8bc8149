import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The documentation names files and folders of the repository; when code moves, the names rot.
// This suite fails for every name that no longer exists, with the page and the line.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Paths the pages name on purpose that a build or a run creates (the README says where they come
 * from), so they are not in a fresh checkout.
 */
const GENERATED = new Set(["dist/package/", "custom-elements.json", "widget.js", ".dev.vars"]);

/** docs/architecture.md names the checkout Worker's modules without their folder (said on the page). */
const ARCHITECTURE_BASES = ["", "worker/checkout/"];

const FILE_NAME = /\.(?:ts|tsx|mts|mjs|js|json|md|toml|sql|html|css|sh|svg)$/;

export interface PathMention {
  readonly path: string;
  readonly line: number;
}

/**
 * The repository paths a Markdown page names in backticks: a file name with an extension, or a
 * folder ending in `/`. Routes (`/hooks/{shop}`), templates and prose in backticks are not paths.
 */
export function backtickedPaths(markdown: string): PathMention[] {
  const found: PathMention[] = [];
  markdown.split("\n").forEach((text, index) => {
    for (const [, token] of text.matchAll(/`([^`\s]+)`/g)) {
      if (token === undefined || token.startsWith("/") || token.startsWith("@") || /[{}<>:*=()"']/.test(token)) continue;
      const isFolder = token.endsWith("/") && /^[\w.-]+(?:\/[\w.-]+)*\/$/.test(token);
      const isFile = /^[\w.-]+(?:\/[\w.-]+)*$/.test(token) && FILE_NAME.test(token);
      if (isFolder || isFile) found.push({ path: token, line: index + 1 });
    }
  });
  return found;
}

/** The relative link targets of a Markdown page (`](x.md)`, `](../worker/y.ts#part)`), without the anchor. */
export function linkedPaths(markdown: string): PathMention[] {
  const found: PathMention[] = [];
  markdown.split("\n").forEach((text, index) => {
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (target === undefined || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
      const path = target.split("#")[0] ?? "";
      if (path !== "") found.push({ path: decodeURIComponent(path), line: index + 1 });
    }
  });
  return found;
}

function exists(path: string): boolean {
  return GENERATED.has(path) || existsSync(join(ROOT, path));
}

function missing(page: string, mentions: PathMention[], resolve: (path: string) => string[]): string[] {
  return mentions.filter((mention) => !resolve(mention.path).some(exists)).map((mention) => `${page}:${mention.line}: ${mention.path}`);
}

const pages = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];
const relativeTo = (page: string) => (path: string) => [normalize(join(dirname(page), path)).replaceAll("\\", "/")];

describe("paths the documentation names", () => {
  it("finds backticked paths and links, and skips routes, templates and web addresses", () => {
    const page = "`worker/v3/` and `snapshot.ts`, not `/hooks/{shop}`, `v3/payment`, `{shop}:{id}` or `npm run lint`; [a](x.md#b) [c](https://e.org/y.md) [d](#e)";
    expect(backtickedPaths(page).map((mention) => mention.path)).toEqual(["worker/v3/", "snapshot.ts"]);
    expect(linkedPaths(page).map((mention) => mention.path)).toEqual(["x.md"]);
  });

  it("docs/architecture.md names only files and folders that exist", () => {
    const page = "docs/architecture.md";
    const markdown = readFileSync(join(ROOT, page), "utf8");
    const mentions = backtickedPaths(markdown);
    expect(mentions.length).toBeGreaterThan(50);
    expect(missing(page, mentions, (path) => ARCHITECTURE_BASES.map((base) => base + path))).toEqual([]);
  });

  it.each(pages)("the links of %s lead to files that exist", (page) => {
    const markdown = readFileSync(join(ROOT, page), "utf8");
    expect(missing(page, linkedPaths(markdown), relativeTo(page))).toEqual([]);
  });
});
