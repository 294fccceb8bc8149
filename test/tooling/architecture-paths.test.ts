import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The documentation names files and folders of the repository; when code moves, the names rot.
// This suite fails for every name that no longer exists, with the page and the line: the paths
// docs/architecture.md names in backticks, and the relative links (with their #anchors) of
// README.md and docs/*.md.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Paths the pages name on purpose that a build or a run creates (the README says where they come
 * from), so they are not in a fresh checkout.
 */
const GENERATED = new Set([
  "dist/package/",
  "dist/console/",
  "dist/public/dashboard/",
  "dist/public/docs/api/",
  "custom-elements.json",
  "widget.js",
]);

/** docs/architecture.md names the checkout Worker's modules from worker/checkout/ (`upstream/snapshot.ts`; said on the page). */
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
      if (token === undefined || token.startsWith("/") || token.startsWith("@") || /[{}<>:*=()"']/.test(token))
        continue;
      const isFolder = token.endsWith("/") && /^[\w.-]+(?:\/[\w.-]+)*\/$/.test(token);
      const isFile = /^[\w.-]+(?:\/[\w.-]+)*$/.test(token) && FILE_NAME.test(token);
      if (isFolder || isFile) found.push({ path: token, line: index + 1 });
    }
  });
  return found;
}

export interface LinkMention extends PathMention {
  /** The part after `#`, if any. */
  readonly anchor?: string;
}

/** The relative link targets of a Markdown page (`](x.md)`, `](../worker/y.ts#part)`, `](#part)`); a page's own anchors have the path "". */
export function linkedPaths(markdown: string): LinkMention[] {
  const found: LinkMention[] = [];
  markdown.split("\n").forEach((text, index) => {
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (target === undefined || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [path = "", anchor] = target.split("#");
      found.push({ path: decodeURIComponent(path), line: index + 1, ...(anchor === undefined ? {} : { anchor }) });
    }
  });
  return found;
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as `-`, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const text of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    const heading = fenced ? undefined : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const plain = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
    const slug = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replaceAll(" ", "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function exists(path: string): boolean {
  return GENERATED.has(path) || existsSync(join(ROOT, path));
}

function missing(page: string, mentions: PathMention[], resolve: (path: string) => string[]): string[] {
  return mentions
    .filter((mention) => !resolve(mention.path).some(exists))
    .map((mention) => `${page}:${mention.line}: ${mention.path}`);
}

/** The links of `page` whose file does not exist, or whose `#anchor` names no heading of a Markdown file. */
function brokenLinks(page: string): string[] {
  const broken: string[] = [];
  for (const link of linkedPaths(readFileSync(join(ROOT, page), "utf8"))) {
    const target = link.path === "" ? page : (relativeTo(page)(link.path)[0] ?? "");
    if (!exists(target)) broken.push(`${page}:${link.line}: ${link.path}`);
    else if (
      link.anchor !== undefined &&
      target.endsWith(".md") &&
      !headingAnchors(readFileSync(join(ROOT, target), "utf8")).has(link.anchor)
    ) {
      broken.push(`${page}:${link.line}: ${link.path}#${link.anchor}`);
    }
  }
  return broken;
}

const pages = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];
const relativeTo = (page: string) => (path: string) => [normalize(join(dirname(page), path)).replaceAll("\\", "/")];

describe("paths the documentation names", () => {
  it("finds backticked paths and links, and skips routes, templates and web addresses", () => {
    const page =
      "`worker/v3/` and `snapshot.ts`, not `/hooks/{shop}`, `v3/payment`, `{shop}:{id}` or `npm run lint`; [a](x.md#b) [c](https://e.org/y.md) [d](#e)";
    expect(backtickedPaths(page).map((mention) => mention.path)).toEqual(["worker/v3/", "snapshot.ts"]);
    expect(linkedPaths(page).map(({ path, anchor }) => [path, anchor])).toEqual([
      ["x.md", "b"],
      ["", "e"],
    ]);
  });

  it("gives headings the anchors GitHub gives them", () => {
    const page =
      "# What a create costs, measured locally\n## The `shops` API ([admin](x.md))\n```sh\n# not a heading\n```\n## Tests\n## Tests";
    expect([...headingAnchors(page)]).toEqual([
      "what-a-create-costs-measured-locally",
      "the-shops-api-admin",
      "tests",
      "tests-1",
    ]);
  });

  it("docs/architecture.md names only files and folders that exist", () => {
    const page = "docs/architecture.md";
    const markdown = readFileSync(join(ROOT, page), "utf8");
    const mentions = backtickedPaths(markdown);
    expect(mentions.length).toBeGreaterThan(50);
    expect(missing(page, mentions, (path) => ARCHITECTURE_BASES.map((base) => base + path))).toEqual([]);
  });

  it.each(pages)("the links of %s lead to files and headings that exist", (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });
});
