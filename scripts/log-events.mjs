#!/usr/bin/env node
// The checkout Worker's log events as a table (docs/operations.md, "Log events"), read from the
// code itself: every `log(level, "event", { fields })` call of worker/checkout/, parsed with the
// TypeScript compiler. `--check` (part of `npm run lint`) fails when the page's table is not the
// code's; `--write` rewrites it.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { ROOT } from "./servers.mjs";

export const START = "<!-- log-events:start (npm run docs:log-events writes this table) -->";
export const END = "<!-- log-events:end -->";
const PAGE = join(ROOT, "docs", "operations.md");
const SOURCES = join(ROOT, "worker", "checkout");

/** The string values an expression can take: a literal, or a conditional between literals. */
function strings(node) {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isConditionalExpression(node)) return [...strings(node.whenTrue), ...strings(node.whenFalse)];
  if (ts.isParenthesizedExpression(node)) return strings(node.expression);
  return [];
}

/** The top-level field names of an object literal (`…` for a spread); undefined for anything else. */
function fieldsOf(node) {
  if (!node || !ts.isObjectLiteralExpression(node)) return undefined;
  return node.properties.map((p) =>
    ts.isSpreadAssignment(p)
      ? "…"
      : p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))
        ? p.name.text
        : "?",
  );
}

/**
 * Every log call of one file's source: `{ event, levels, fields, file }`. `file` is the path shown
 * (relative to worker/checkout/).
 */
export function logCalls(source, file) {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const calls = [];
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "log" &&
      node.arguments.length >= 2
    ) {
      const [level, event, fields] = node.arguments;
      const names = strings(event);
      if (names.length === 1)
        calls.push({ event: names[0], levels: strings(level), fields: fieldsOf(fields) ?? [], file });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return calls;
}

/** The markdown table of these calls: one row per event, its levels, fields and files merged. */
export function logEventsTable(calls) {
  const byEvent = new Map();
  for (const call of calls) {
    const row = byEvent.get(call.event) ?? { levels: new Set(), fields: new Set(), files: new Set() };
    for (const level of call.levels) row.levels.add(level);
    for (const field of call.fields) row.fields.add(field);
    row.files.add(call.file);
    byEvent.set(call.event, row);
  }
  const order = ["debug", "info", "warn", "error"];
  const lines = ["| Event | Level | Fields | Written by |", "|---|---|---|---|"];
  for (const [event, row] of [...byEvent].sort(([a], [b]) => a.localeCompare(b))) {
    const levels = [...row.levels].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    const fields = [...row.fields].sort().map((f) => `\`${f}\``);
    const files = [...row.files].sort().map((f) => `\`${f}\``);
    lines.push(`| \`${event}\` | ${levels.join(", ")} | ${fields.join(", ") || "—"} | ${files.join(", ")} |`);
  }
  return lines.join("\n");
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The page with its table replaced by `table`. */
export function withTable(page, table) {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/operations.md has no ${START} … ${END} block`);
  return `${page.slice(0, start + START.length)}\n${table}\n${page.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const calls = sourceFiles(SOURCES).flatMap((path) =>
    logCalls(readFileSync(path, "utf8"), relative(SOURCES, path).split("\\").join("/")),
  );
  const page = readFileSync(PAGE, "utf8");
  const next = withTable(page, logEventsTable(calls));
  if (process.argv.includes("--write")) {
    writeFileSync(PAGE, next);
    console.log(`docs/operations.md: ${new Set(calls.map((c) => c.event)).size} log events`);
  } else if (next !== page) {
    console.error(
      "docs/operations.md's table of log events is not the code's (a log event was added, renamed or changed its fields): run npm run docs:log-events",
    );
    process.exit(1);
  }
}
