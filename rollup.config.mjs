// Rollup build of the <crypto-checkout> element: one ES module entry (dist/public/widget.js) and
// lazily loaded locale chunks (dist/public/chunks/). Lit resolves to its production build.
import commonjs from "@rollup/plugin-commonjs";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import typescript from "@rollup/plugin-typescript";

/**
 * Collapses the whitespace of lit's css`...` and html`...` templates in the element's own sources
 * (terser leaves template text alone). Runs of whitespace that contain a line break become one
 * space, which HTML and CSS both treat the same; in CSS, spaces next to { } ; are dropped too.
 */
function minifyTemplates() {
  const template = /\b(css|html)\s*`((?:[^`\\]|\\.)*)`/g;
  return {
    name: "minify-lit-templates",
    transform(code, id) {
      if (!id.includes("/widget/") || !id.endsWith(".ts")) return null;
      const out = code.replace(template, (_all, tag, body) => {
        let text = body.replace(/\s*\n\s*/g, " ");
        if (tag === "css") text = text.replace(/\s*([{};,])\s*/g, "$1").replace(/;}/g, "}").replace(/([{;][\w-]+): /g, "$1:");
        return `${tag}\`${text.trim()}\``;
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}

export default {
  input: "widget/index.ts",
  output: {
    dir: "dist/public",
    format: "es",
    entryFileNames: "widget.js",
    chunkFileNames: "chunks/[name]-[hash].js",
    sourcemap: true,
  },
  plugins: [
    // browser: true picks qrcode's browser entry (the Node one pulls in fs and zlib).
    nodeResolve({ browser: true, exportConditions: ["browser", "production"] }),
    commonjs(),
    typescript({
      tsconfig: "widget/tsconfig.json",
      noEmit: false,
      noEmitOnError: true,
      sourceMap: true,
      inlineSources: false,
      outputToFilesystem: false,
    }),
    minifyTemplates(),
    terser({
      module: true,
      ecma: 2022,
      compress: { passes: 3 },
      // The element's internal reactive state (never public API) gets short names too.
      mangle: { properties: { regex: /^_(phase|settings|view|error|connection|messages|locale|now|redirect|copied|manual|announcement)$/ } },
      format: { comments: false },
    }),
  ],
};
