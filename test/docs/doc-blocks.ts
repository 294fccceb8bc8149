/**
 * The shell examples of README.md and docs/*.md as the doc-test runs them (pure: no I/O).
 *
 * A shell block is a fence tagged `sh`, `bash`, `shell` or `console`, or an untagged fence whose
 * first line is a `$ ` prompt. Each one either runs against the demo or carries the line
 * `<!-- doc-test: illustrative: <why> -->` right before its fence. A `js` fence preceded by
 * `<!-- doc-test: file <name> -->` is written to <name> before the file's blocks run.
 *
 * Expected output:
 * - `sh`: comment lines right under a command (no blank line between) are its output, except a
 *   sentence (a capital letter, then a small one), which introduces the next command; two spaces
 *   and a parenthesis end an output line with a remark that is not output;
 * - `console`: the lines under a `$ ` command, and `# exit N` its exit code;
 * - a `json` fence that follows a shell block with only blank lines between is the output of the
 *   block's last command (or, when it is one JSON value per line, of its commands in order); an
 *   untagged fence there, the lines the block prints, in order.
 */

export interface FencedBlock {
  lang: string;
  /** 1-based line of the opening fence. */
  line: number;
  text: string;
  /** The HTML comment line right before the fence, without `<!--`/`-->`, if any. */
  marker?: string;
}

export interface Command {
  /** The shell text as printed (continuation lines and here-documents included). */
  text: string;
  /** 1-based line in the document. */
  line: number;
  /** The printed output lines (without `# ` for sh blocks). */
  output: string[];
  /** The exit code a console transcript shows (`# exit N`); otherwise 0 is expected. */
  exitCode?: number;
}

export interface ShellBlock {
  file: string;
  line: number;
  lang: string;
  text: string;
  illustrative?: string;
  commands: Command[];
  /** A json/HTTP fence right after the block: the output of its last command. */
  followingOutput?: { lang: string; line: number; text: string };
}

export interface DocFile {
  file: string;
  blocks: ShellBlock[];
  files: { name: string; text: string }[];
}

const SHELL_LANGS = new Set(["sh", "bash", "shell", "console"]);
const ILLUSTRATIVE = /^doc-test:\s*illustrative(?::\s*(.*))?$/;
const FILE_MARKER = /^doc-test:\s*file\s+(\S+)$/;

export function fencedBlocks(markdown: string): FencedBlock[] {
  const lines = markdown.split("\n");
  const blocks: FencedBlock[] = [];
  let open: { lang: string; line: number; marker?: string; fence: string } | undefined;
  let body: string[] = [];
  lines.forEach((raw, index) => {
    const fence = /^(\s*)(```+)\s*(\S*)\s*$/.exec(raw);
    if (!open) {
      if (!fence) return;
      const previous = index > 0 ? /^\s*<!--\s*(.*?)\s*-->\s*$/.exec(lines[index - 1] ?? "") : null;
      open = {
        lang: fence[3] ?? "",
        line: index + 1,
        fence: fence[2] ?? "```",
        ...(previous ? { marker: previous[1] } : {}),
      };
      body = [];
      return;
    }
    if (fence && fence[2] === open.fence && fence[3] === "") {
      blocks.push({
        lang: open.lang,
        line: open.line,
        text: body.join("\n"),
        ...(open.marker !== undefined ? { marker: open.marker } : {}),
      });
      open = undefined;
      return;
    }
    body.push(raw);
  });
  return blocks;
}

function isShell(block: FencedBlock): boolean {
  if (SHELL_LANGS.has(block.lang)) return true;
  return block.lang === "" && /^\$ /.test(block.text.trimStart());
}

/** Where a command that began with `first` goes on: a trailing backslash, pipe or &&, or an open here-document. */
function continues(line: string): boolean {
  return /(\\|\||&&)\s*$/.test(line);
}

function heredocEnd(line: string): string | undefined {
  return /<<-?\s*'?"?([A-Za-z_]+)'?"?/.exec(line)?.[1];
}

/** Reads one command starting at lines[i]; returns its text and the index after it. */
function readCommand(lines: string[], start: number, strip: (line: string) => string): { text: string; next: number } {
  const parts: string[] = [];
  let i = start;
  let heredoc: string | undefined;
  for (;;) {
    const line = i === start ? strip(lines[i] ?? "") : (lines[i] ?? "");
    parts.push(line);
    heredoc ??= heredocEnd(line);
    i++;
    if (heredoc !== undefined) {
      while (i < lines.length && (lines[i] ?? "").trim() !== heredoc) parts.push(lines[i++] ?? "");
      if (i < lines.length) parts.push(lines[i++] ?? "");
      heredoc = undefined;
      if (!continues(parts.at(-1) ?? "")) break;
      continue;
    }
    if (!continues(line) || i >= lines.length) break;
  }
  return { text: parts.join("\n"), next: i };
}

export function shellCommands(block: { lang: string; text: string }, firstLine: number): Command[] {
  const lines = block.text.split("\n");
  const commands: Command[] = [];
  const consoleStyle = block.lang === "console" || block.lang === "";
  let i = 0;
  let last: Command | undefined;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    if (consoleStyle) {
      if (line.startsWith("$ ")) {
        const { text, next } = readCommand(lines, i, (l) => l.slice(2));
        last = { text, line: firstLine + 1 + i, output: [] };
        commands.push(last);
        i = next;
        continue;
      }
      const exit = /^# exit (\d+)\s*$/.exec(line);
      if (last && exit) last.exitCode = Number(exit[1]);
      else if (last && line.trim() !== "") last.output.push(line);
      i++;
      continue;
    }
    if (line.trim() === "") {
      last = undefined;
      i++;
      continue;
    }
    if (line.trimStart().startsWith("#")) {
      const text = line.trimStart().replace(/^#\s?/, "");
      if (/^[A-Z](?:[a-z]|\s+[a-z])/.test(text)) last = undefined;
      else if (last) last.output.push(text.replace(/\s{2,}\(.*\)\s*$/, ""));
      i++;
      continue;
    }
    const { text, next } = readCommand(lines, i, (l) => l);
    last = { text, line: firstLine + 1 + i, output: [] };
    commands.push(last);
    i = next;
  }
  return commands;
}

export function docFile(file: string, markdown: string): DocFile {
  const fences = fencedBlocks(markdown);
  const blocks: ShellBlock[] = [];
  const files: { name: string; text: string }[] = [];
  const lines = markdown.split("\n");
  fences.forEach((fence, index) => {
    const fileName = fence.marker ? FILE_MARKER.exec(fence.marker)?.[1] : undefined;
    if (fileName) files.push({ name: fileName, text: fence.text });
    if (!isShell(fence)) return;
    const illustrative = fence.marker ? ILLUSTRATIVE.exec(fence.marker) : null;
    const block: ShellBlock = {
      file,
      line: fence.line,
      lang: fence.lang,
      text: fence.text,
      commands: shellCommands(fence, fence.line),
    };
    if (illustrative) block.illustrative = illustrative[1] ?? "";
    const after = fences[index + 1];
    if (after) {
      const closing = fence.line + fence.text.split("\n").length + 1;
      const between = lines.slice(closing, after.line - 1);
      const isOutput = after.lang === "json" || (after.lang === "" && !isShell(after));
      if (isOutput && between.every((l) => l.trim() === ""))
        block.followingOutput = { lang: after.lang, line: after.line, text: after.text };
    }
    blocks.push(block);
  });
  return { file, blocks, files };
}

// ---- Comparing printed output with what a command printed ----

/** Values that differ from run to run, each matched by its kind rather than its text. */
const VOLATILE: [string, RegExp][] = [
  ["uuid", /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/],
  ["time", /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/],
  ["event", /evt_[0-9a-f]{32}/],
  ["jwt", /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/],
  ["hex", /\b[0-9a-f]{16,}\b/],
  ["address", /\b(?:tb1q|ltc1q|bc1q)[0-9a-z]{20,}\b/],
];
const VOLATILE_ANY = new RegExp(VOLATILE.map(([, re]) => `(${re.source})`).join("|"), "g");

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A regular expression for one printed line: volatile values by kind, `…` for anything, runs of spaces for any spacing. */
export function linePattern(expected: string): RegExp {
  let source = "";
  let at = 0;
  for (const match of expected.matchAll(VOLATILE_ANY)) {
    source += literal(expected.slice(at, match.index));
    const kind = VOLATILE.find(([, re]) => new RegExp(`^(?:${re.source})$`).test(match[0]));
    source += kind ? `(?:${kind[1].source})` : escape(match[0]);
    at = (match.index ?? 0) + match[0].length;
  }
  source += literal(expected.slice(at));
  return new RegExp(`^\\s*${source}\\s*$`);
}

function literal(text: string): string {
  return text
    .split("…")
    .map((part) => escape(part).replace(/\s+/g, "\\s+"))
    .join(".*?");
}

/**
 * The printed lines that the actual output does not show, in order (each matched after the
 * previous one). A line may have alternatives (the same line with the demo's ports as printed and
 * as the test run uses them); it is missing when none of them is there.
 */
export function missingLines(expected: (string | string[])[], actual: string): string[] {
  const lines = actual.split("\n");
  const missing: string[] = [];
  let at = 0;
  for (const want of expected) {
    const patterns = (Array.isArray(want) ? want : [want]).map(linePattern);
    const found = lines.findIndex((line, index) => index >= at && patterns.some((pattern) => pattern.test(line)));
    if (found === -1) missing.push(Array.isArray(want) ? (want[0] ?? "") : want);
    else at = found + 1;
  }
  return missing;
}

/** What a shown string `"…"` becomes: any string is accepted there (an id that depends on the run). */
const ANY_STRING = "\u0000any string\u0000";

/**
 * Parses a printed JSON that may leave parts out with `…` (as a value, an array element or the
 * rest of an object): the parts shown, as a value. A string shown as `"…"` stands for any string.
 */
export function parseShownJson(text: string): unknown {
  const cleaned = text
    .replaceAll('"…"', JSON.stringify(ANY_STRING))
    .replace(/,\s*…\s*(?=[}\]])/g, "")
    .replace(/^\s*…,?\s*$/gm, "")
    .replace(/…\s*,?/g, "")
    .replace(/,(\s*[}\]])/g, "$1");
  return JSON.parse(cleaned);
}

/**
 * Keys whose values change with the run, compared by type only: positions in a log, timings, how
 * many snapshots a payment went through, and a delivery's attempts (the demo's backend fails the
 * next N deliveries, whichever event they carry, so another event's delivery can take one).
 */
const VOLATILE_KEYS = new Set(["cursor", "next", "durationMs", "version", "attempts"]);

/** Where `actual` differs from the shown `expected`: each key shown must be there, with an equal value unless it is volatile. */
export function shapeDifferences(expected: unknown, actual: unknown, path = "$"): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${JSON.stringify(actual)?.slice(0, 80)}`];
    if (actual.length < expected.length)
      return [`${path}: expected at least ${expected.length} items, got ${actual.length}`];
    return expected.flatMap((item, index) => shapeDifferences(item, actual[index], `${path}[${index}]`));
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual))
      return [`${path}: expected an object, got ${JSON.stringify(actual)?.slice(0, 80)}`];
    return Object.entries(expected).flatMap(([key, value]) => {
      if (!(key in actual)) return [`${path}.${key}: missing`];
      const got = (actual as Record<string, unknown>)[key];
      if (VOLATILE_KEYS.has(key))
        return typeof got === typeof value
          ? []
          : [`${path}.${key}: expected a ${typeof value}, got ${JSON.stringify(got)}`];
      return shapeDifferences(value, got, `${path}.${key}`);
    });
  }
  if (expected === ANY_STRING) {
    return typeof actual === "string" ? [] : [`${path}: expected a string, got ${JSON.stringify(actual)}`];
  }
  if (typeof expected === "string" && typeof actual === "string") {
    return linePattern(expected).test(actual)
      ? []
      : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
  }
  return Object.is(expected, actual)
    ? []
    : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}

/** Replaces the demo's default origins with the ones a test run uses, in commands and outputs alike. */
export function withPorts(text: string, ports: { checkout: number; sandbox: number; backend: number }): string {
  return text
    .replace(/(127\.0\.0\.1|localhost):8787\b/g, `$1:${ports.checkout}`)
    .replace(/(127\.0\.0\.1|localhost):8788\b/g, `$1:${ports.sandbox}`)
    .replace(/(127\.0\.0\.1|localhost):8789\b/g, `$1:${ports.backend}`);
}
