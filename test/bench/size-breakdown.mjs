// What widget.js (and each locale chunk) is made of: every byte of the minified output is traced
// back to its source file through the build's source map and counted in one of the groups below.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { eachMapping, TraceMap } from "@jridgewell/trace-mapping";

/** Source path (as the source map names it) -> group; first match wins, the rest is "element". */
const GROUPS = [
  ["lit", /node_modules\/(lit|lit-html|lit-element|@lit\/[^/]+)\//],
  ["qrcode", /node_modules\/(qrcode|dijkstrajs)\/|widget\/qr\//],
  ["styles", /widget\/styles\//],
  ["locales", /widget\/locales\//],
  ["element", /./],
];
export const GROUP_NAMES = GROUPS.map(([name]) => name);

export function groupOf(source) {
  return GROUPS.find(([, pattern]) => pattern.test(source))[0];
}

/**
 * Minified bytes per group of one built file. Bytes no mapping covers (rollup's glue, line
 * breaks, the separators terser leaves between statements) are "unmapped".
 */
export function bytesByGroup(file) {
  const code = readFileSync(file, "utf8");
  const map = new TraceMap(readFileSync(`${file}.map`, "utf8"));
  const lines = code.split("\n");
  /** per generated line: [column, group] in column order */
  const segments = lines.map(() => []);
  eachMapping(map, (m) => {
    segments[m.generatedLine - 1]?.push([m.generatedColumn, m.source ? groupOf(m.source) : "unmapped"]);
  });
  const text = Object.fromEntries([...GROUP_NAMES, "unmapped"].map((name) => [name, ""]));
  lines.forEach((line, i) => {
    const marks = segments[i].sort((a, b) => a[0] - b[0]);
    text.unmapped += line.slice(0, marks[0]?.[0] ?? line.length);
    marks.forEach(([column, group], k) => {
      text[group] += line.slice(column, marks[k + 1]?.[0] ?? line.length);
    });
    if (i < lines.length - 1) text.unmapped += "\n";
  });
  return text;
}

/**
 * { total: {minified, gzip}, groups: [{group, minified, gzip}] } over widget.js and the given
 * chunks. gzip cannot be split byte by byte: each group's text is compressed on its own and the
 * file's real gzip size is shared out in proportion, so the groups add up to the whole.
 */
export function measureBreakdown(publicDir, files) {
  const texts = files.map((file) => bytesByGroup(join(publicDir, file)));
  const names = [...GROUP_NAMES, "unmapped"];
  const joined = Object.fromEntries(names.map((name) => [name, texts.map((t) => t[name]).join("")]));
  const realGzip = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(publicDir, file)), { level: 9 }).length,
    0,
  );
  const alone = Object.fromEntries(
    names.map((name) => [name, joined[name] ? gzipSync(joined[name], { level: 9 }).length : 0]),
  );
  const aloneSum = Object.values(alone).reduce((a, b) => a + b, 0);
  const groups = names.map((group) => ({
    group,
    minified: Buffer.byteLength(joined[group]),
    gzip: Math.round((alone[group] / aloneSum) * realGzip),
  }));
  const minified = files.reduce((sum, file) => sum + readFileSync(join(publicDir, file)).length, 0);
  return { files, total: { minified, gzip: realGzip }, groups };
}
