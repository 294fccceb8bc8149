// Rollup builds of the <crypto-checkout> element. The default export: one ES module entry
// (dist/public/widget.js) and lazily loaded locale chunks (dist/public/chunks/), Lit resolved to
// its production build. `packageConfig`: the npm package's JavaScript.
import commonjs from "@rollup/plugin-commonjs";
import { fileURLToPath } from "node:url";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import typescript from "@rollup/plugin-typescript";
import ts from "typescript";

/**
 * Collapses the whitespace of lit's css`...` and html`...` templates in the element's own sources
 * (terser leaves template text alone). Runs of whitespace that contain a line break become one
 * space, which HTML and CSS both treat the same; in CSS, spaces next to { } ; , and after a
 * property's colon are dropped too, and so are the leading zeros of fractions (0.5em is .5em).
 * The templates are found with TypeScript's parser, so that text after a nested template (the
 * `${cond ? html`...` : nothing}` of a parent) is collapsed as well; expressions stay untouched.
 */
function minifyTemplates() {
  const collapse = (tag, text) => {
    let out = text.replace(/\s*\n\s*/g, " ");
    if (tag === "css") {
      out = out
        .replace(/\s*([{};,])\s*/g, "$1")
        .replace(/;}/g, "}")
        .replace(/([\w-]+):\s+/g, "$1:") // declarations and media features (the styles quote no text)
        .replace(/(^|[^\w.-])0\.(\d)/g, "$1.$2")
        .replace(/\s+!important/g, "!important");
    }
    return out;
  };
  return {
    name: "minify-lit-templates",
    transform(code, id) {
      if (!id.includes("/widget/") || !id.endsWith(".ts")) return null;
      const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
      /** [start, end, text]: the raw text between a literal's delimiters (` or } and ` or ${). */
      const edits = [];
      const visit = (node) => {
        if (
          ts.isTaggedTemplateExpression(node) &&
          ts.isIdentifier(node.tag) &&
          (node.tag.text === "html" || node.tag.text === "css")
        ) {
          const tag = node.tag.text;
          const t = node.template;
          const literals = ts.isNoSubstitutionTemplateLiteral(t)
            ? [t]
            : [t.head, ...t.templateSpans.map((span) => span.literal)];
          literals.forEach((literal, i) => {
            const start = literal.getStart(file) + 1; // after ` or }
            const end = literal.end - (i === literals.length - 1 ? 1 : 2); // before ` or ${
            let text = code.slice(start, end);
            // A line break before the first tag or after the last goes; a plain space stays (it
            // may separate inline content, as in `${a}${rate ? html` · ${rate}` : nothing}`).
            if (i === 0) text = text.replace(/^\s*\n\s*/, "");
            if (i === literals.length - 1) text = text.replace(/\s*\n\s*$/, "");
            edits.push([start, end, collapse(tag, text)]);
          });
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
      let out = code;
      for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0]))
        out = out.slice(0, start) + text + out.slice(end);
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * qrcode without its Kanji mode. The element never turns Kanji mode on (it passes no toSJISFunc),
 * so qrcode matches none of its Kanji patterns: the class becomes one that matches nothing, and
 * the byte mode's pattern, which excludes it, means what it meant (about 130 bytes of widget.js's
 * gzip). With Kanji mode off, qrcode turns any Kanji segment into a byte one (segments.js), so its
 * Kanji segment class is never made: it becomes one that throws (about 40 more). Fails the build
 * when qrcode's source no longer has what is replaced.
 */
function qrcodeWithoutKanji() {
  const KANJI = /^let kanji = '[^\n]*(\n {2}'[^\n]*)*$/m;
  const KANJI_DATA = /^function KanjiData \(data\) \{$/m;
  return {
    name: "qrcode-without-kanji",
    transform(code, id) {
      const path = id.replaceAll("\\", "/");
      if (path.endsWith("/node_modules/qrcode/lib/core/regex.js")) {
        if (!KANJI.test(code))
          throw new Error(`qrcode-without-kanji: no Kanji class in ${id}; update rollup.config.mjs`);
        return { code: code.replace(KANJI, "let kanji = '(?!)'"), map: null };
      }
      if (path.endsWith("/node_modules/qrcode/lib/core/kanji-data.js")) {
        if (!KANJI_DATA.test(code))
          throw new Error(`qrcode-without-kanji: no KanjiData in ${id}; update rollup.config.mjs`);
        return { code: "module.exports = function KanjiData () { throw new Error('no Kanji mode') }\n", map: null };
      }
      return null;
    },
  };
}

/**
 * The names of qrcode's (and its dijkstrajs's) internal functions, constants and fields that widget.js holds as property
 * accesses (its CommonJS modules are objects after bundling): terser shortens them like the
 * element's own internal names. None is read by name from outside widget.js, nor by a computed
 * key; the element's QR test on the built bundle (test/widget/built-qr.test.ts) compares its codes
 * with qrcode's own. About 300 bytes of widget.js's gzip.
 */
const QRCODE_INTERNALS = [
  "ALPHANUMERIC|BYTE|BYTE_KANJI|KANJI|MIXED|NUMERIC|Patterns|PATTERN[01]{3}",
  "applyMask|fromArray|fromString|generateECPolynomial|getBCHDigit|getBestMask|getBestModeForData",
  "getBestVersionForData|getBitsLength|getBlocksCount|getCapacity|getCharCountIndicator|getEncodedBits",
  "getPenaltyN[1-4]|getPositions|getRowColCoords|getSymbolSize|getSymbolTotalCodewords|getTotalCodewordsCount",
  "isKanjiModeEnabled|isReserved|rawSplit|setToSJISFunction|testAlphanumeric|testKanji|testNumeric|toSJIS",
  "ccBits|genPoly|putBit|reservedBit|getLengthInBits|isValid|getLength|degree|initialize|bit",
  // dijkstrajs, which qrcode's segmentation uses
  "queue|sorter|cost|PriorityQueue|default_sorter|single_source_shortest_paths|extract_shortest_path_from_predecessor_list|find_path|make",
].join("|");

/**
 * Rollup's warnings that both builds let pass (every other warning fails a build): @scure/base,
 * which the refund mode's address checks use, places a `/* @__PURE__ *\/` where Rollup cannot use
 * it; Rollup drops the comment and the code stays as it is.
 */
export function isHarmlessWarning(warning) {
  return warning.code === "INVALID_ANNOTATION" && /node_modules[\\/]@scure[\\/]base[\\/]/.test(warning.id ?? "");
}

/**
 * Packages that ship their TypeScript source beside their JavaScript (@scure/base: index.ts next
 * to index.js). TypeScript's resolution, which the typescript plugin applies to every import of a
 * .ts file, would swap the JavaScript for the source, which no plugin compiles; both builds take
 * the JavaScript.
 */
const SHIPPED_JAVASCRIPT = new Map([["@scure/base", fileURLToPath(import.meta.resolve("@scure/base"))]]);
const shippedJavaScript = () => ({
  name: "shipped-javascript",
  resolveId: (source) => SHIPPED_JAVASCRIPT.get(source) ?? null,
});

/**
 * A chunk's file name: the refund mode's catalogs (widget/locales/refund/) are `refund-<tag>`, so
 * that each language's two catalogs, the element's and the refund mode's, are told apart by name.
 */
const chunkName = (hash) => (chunk) =>
  /[\\/]locales[\\/]refund[\\/][^\\/]+\.ts$/.test(chunk.facadeModuleId ?? "")
    ? `chunks/refund-[name]-${hash}.js`
    : `chunks/[name]-${hash}.js`;

/** The element's TypeScript as both builds compile it. */
const compile = (sourceMap) =>
  typescript({
    tsconfig: "widget/tsconfig.json",
    noEmit: false,
    noEmitOnError: true,
    sourceMap,
    inlineSources: false,
    outputToFilesystem: false,
  });

/**
 * The npm package's JavaScript (scripts/build-package.mjs): `index.js` registers the element,
 * `class.js` only exports it, the language catalogs are chunks. Lit stays an import (a dependency
 * of the package, shared with the app); qrcode's CommonJS encoder is bundled. Not minified: the
 * app's bundler does that.
 */
export const packageConfig = {
  input: { index: "widget/index.ts", class: "widget/class.ts" },
  external: (id) => id === "lit" || id.startsWith("lit/") || id.startsWith("@lit/"),
  output: {
    dir: "dist/package",
    format: "es",
    entryFileNames: "[name].js",
    chunkFileNames: chunkName("[hash]"),
  },
  plugins: [shippedJavaScript(), nodeResolve({ browser: true }), commonjs(), compile(false), minifyTemplates()],
};

export default {
  input: "widget/index.ts",
  // The setup warnings' chunk imports the few rules it shares from widget.js itself, which then
  // exports them too (a strict signature would move the element into a chunk of its own).
  preserveEntrySignatures: "allow-extension",
  output: {
    dir: "dist/public",
    format: "es",
    entryFileNames: "widget.js",
    // Six characters of hash (rollup's least; 36 bits) keep each language's file name new for new
    // bytes, and the entry, which names all 30, smaller than eight would.
    chunkFileNames: chunkName("[hash:6]"),
    sourcemap: true,
  },
  plugins: [
    shippedJavaScript(),
    // browser: true picks qrcode's browser entry (the Node one pulls in fs and zlib).
    nodeResolve({ browser: true, exportConditions: ["browser", "production"] }),
    qrcodeWithoutKanji(),
    commonjs(),
    compile(true),
    minifyTemplates(),
    terser({
      module: true,
      ecma: 2022,
      compress: { passes: 3, unsafe_arrows: true, unsafe_methods: true },
      // The element's internal reactive state and the fields of its internal records and classes
      // (the Worker's API client, the stream's options; never public API, never in the wire format
      // or a language catalog, which other chunks read) get short names too.
      mangle: {
        properties: {
          regex: new RegExp(
            `^(${[
              "_(phase|settings|view|error|connection|messages|locale|now)",
              "payInstructions|serverTimeMs|receivedAt|remainingMs|movedToLead|deadline|cancelled|counting|warned|focused",
              "shopUrl|paymentUrl|streamUrl|receiptUrl|getShop|createPayment|getPayment",
              "maxSocketFailures|pollIntervalMs|pingIntervalMs|pongTimeoutMs|onView|onState|backoff|baseMs|maxMs",
              QRCODE_INTERNALS,
            ].join("|")})$`,
          ),
        },
      },
      format: { comments: false },
    }),
  ],
};
