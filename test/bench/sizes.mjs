// Size of what a browser downloads: widget.js and each locale chunk, minified (as built) and gzip -9.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

function sizeOf(path) {
  const bytes = readFileSync(path);
  return { minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** { widget: {minified, gzip}, chunks: [{file, minified, gzip}] } in bytes, from dist/public. */
export function measureSizes(publicDir) {
  const chunksDir = join(publicDir, "chunks");
  const chunks = readdirSync(chunksDir)
    .filter((file) => file.endsWith(".js"))
    .sort()
    .map((file) => ({ file: `chunks/${file}`, ...sizeOf(join(chunksDir, file)) }));
  return { widget: sizeOf(join(publicDir, "widget.js")), chunks };
}
