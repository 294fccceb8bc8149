// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import lit from "eslint-plugin-lit";
import litA11y from "eslint-plugin-lit-a11y";
import globals from "globals";

export default tseslint.config(
  { ignores: ["**/node_modules/", "dist/", "**/.wrangler/", "coverage/", ".test-results/", "bench-results/", "custom-elements.json"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["scripts/**", "*.config.*", "*.mjs", "test/e2e/**", "test/bench/**", "test/support/**", "test/package/**"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["widget/**", "test/widget/**", "demo/**"],
    ...lit.configs["flat/recommended"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["widget/**", "demo/**"],
    ...litA11y.configs.recommended,
  },
  {
    // The element and the demo page run in the browser: from the Worker they may import types, and
    // values only from the wire module (a few constants of the contract). A value import of any
    // other worker module would pull Worker code (zod, lossless-json, ...) into their bundles.
    files: ["widget/**", "demo/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+worker/(?!checkout/wire(\\.js)?$)",
              allowTypeImports: true,
              message: "Only types may be imported from the Worker; values only from worker/checkout/wire.js.",
            },
          ],
        },
      ],
    },
  },
);
