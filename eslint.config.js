// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import lit from "eslint-plugin-lit";
import litA11y from "eslint-plugin-lit-a11y";
import globals from "globals";

/**
 * The checkout Worker's modules that the console (cli/) may import, and why: it talks to the
 * Worker's APIs with the Worker's own types and rules rather than copies of them.
 */
const CONSOLE_WORKER_MODULES = [
  // The page API's and the stream's wire types and constants (`payments watch`, checkout-api.ts).
  "wire",
  // The event log's types and the list of event types (`events`, `listen`).
  "backend-wire",
  // How the Worker signs and sends a webhook (`listen --forward-to` POSTs each event exactly so).
  "events/deliver",
  // Signing an order token for a signed-pricing shop (`order-token`).
  "payments/order-token",
  // The order id's shape (`order-token` checks it before signing).
  "rules",
  // The admin API's wire types (`shops`).
  "shops/admin-wire",
  // The dashboard's sign-in link (`dashboard login`).
  "dashboard-wire",
  // What a shop secret must look like (`shops add`, `shops rotate`).
  "shops/secret-rules",
  // The shop configuration's schema (`config`, `shops`: checked before anything is sent).
  "shops/shop-schema",
  // Which webhook targets a production shop may not name (part of the schema above).
  "shops/webhook-target",
];

/**
 * The checkout Worker's rooms (worker/checkout/<room>/), lowest first: a room may import the rooms
 * before it and the shared modules of the top level (wire, backend-wire, rules, env, ...), never a room
 * after it, not even a type, so that the rooms stay layered (docs/architecture.md, "The checkout
 * Worker's rooms"). The top-level index.ts, the entry, stands above them all.
 */
const CHECKOUT_ROOMS = [
  "http",
  "shops",
  "upstream",
  "ledger",
  "events",
  "payments",
  "refunds",
  "links",
  "notifications",
  "demo",
  "desk",
  "routes",
];

/** One no-restricted-imports entry per room: the rooms above it are out of reach. */
const roomBoundaries = CHECKOUT_ROOMS.map((room, index) => {
  const above = CHECKOUT_ROOMS.slice(index + 1);
  return {
    files: [`worker/checkout/${room}/**`],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: above.length === 0 ? "^\\.\\./index(\\.js)?$" : `^\\.\\./(${above.join("|")}|index(\\.js)?$)`,
              message: `worker/checkout/${room}/ may import the rooms below it (${CHECKOUT_ROOMS.slice(0, index).join(", ") || "none"}) and the top level's shared modules, not ${above.join(", ") || "the entry"} (eslint.config.js, CHECKOUT_ROOMS).`,
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/",
      "dist/",
      "**/.wrangler/",
      "coverage/",
      ".test-results/",
      "bench-results/",
      "custom-elements.json",
      // Generated from docs/openapi.json by scripts/openapi.mjs.
      "cli/api/checkout-api.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: [
      "scripts/**",
      "*.config.*",
      "*.mjs",
      "test/e2e/**",
      "test/bench/**",
      "test/soak/**",
      "test/support/**",
      "test/package/**",
      "test/tooling/**",
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: [
      "widget/**",
      "test/widget/**",
      "demo/**",
      "dashboard/**",
      "test/dashboard/**",
      "refund-page/**",
      "pos/**",
      "test/pos/**",
      "receipt-page/**",
      "pay-page/**",
    ],
    ...lit.configs["flat/recommended"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["widget/**", "demo/**", "dashboard/**", "refund-page/**", "pos/**", "receipt-page/**", "pay-page/**"],
    ...litA11y.configs.recommended,
  },
  // Boundaries: which part of the project may import which (docs/architecture.md, "Boundaries").
  // test/tooling/boundaries.test.ts shows each rule refusing a forbidden import.
  {
    // The element, the demo page, the dashboard, the point of sale and the hosted pages (refund,
    // receipt, payment link) run in the browser: from the Worker they may import types, and values
    // only from the wire modules (wire.ts, refund-wire.ts and receipt-wire.ts: a few constants and
    // URL builders of the contracts) and the refund address check (refund-address.ts: the refund
    // page checks the customer's address as the Worker does). A value import of any other worker
    // module would pull Worker code (zod, lossless-json, ...) into their bundles.
    files: ["widget/**", "demo/**", "dashboard/**", "refund-page/**", "pos/**", "receipt-page/**", "pay-page/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+worker/(?!checkout/(wire|refund-wire|receipt-wire|refund-address)(\\.js)?$)",
              allowTypeImports: true,
              message:
                "Only types may be imported from the Worker; values only from worker/checkout/wire.js, worker/checkout/refund-wire.js, worker/checkout/receipt-wire.js and worker/checkout/refund-address.js.",
            },
          ],
        },
      ],
    },
  },
  {
    // The v3 client is the payment service's API and nothing else: the checkout Worker, the
    // sandbox and the console build on it, so it imports nothing of theirs, not even a type (its
    // files sit in one flat folder, so any "../" leaves it).
    files: ["worker/v3/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./",
              message: "worker/v3/ is the payment service's client and imports nothing else of the project.",
            },
          ],
        },
      ],
    },
  },
  {
    // The console (Node) is built on the v3 client (worker/v3/, all of it) and shares with the
    // checkout Worker only the modules of CONSOLE_WORKER_MODULES above; everything else of the
    // Worker (its Durable Objects, routes, storage) is out of reach, types included. cli/tsconfig.json
    // lists the same modules (and what they import) for the type check.
    files: ["cli/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^(\\.\\./)+worker/(?!v3/|checkout/(${CONSOLE_WORKER_MODULES.join("|")})\\.js$)`,
              message: `The console may import worker/v3/ and, of the checkout Worker, only ${CONSOLE_WORKER_MODULES.map((m) => `worker/checkout/${m}.js`).join(", ")} (eslint.config.js, CONSOLE_WORKER_MODULES).`,
            },
          ],
        },
      ],
    },
  },
  ...roomBoundaries,
  {
    // The top level's shared modules (the contracts and the bindings) sit below every room.
    files: ["worker/checkout/*.ts"],
    ignores: ["worker/checkout/index.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^\\./(${CHECKOUT_ROOMS.join("|")})/`,
              message:
                "The top level of worker/checkout/ (wire, backend-wire, rules, env, refund-address) is shared by every room and imports none of them (eslint.config.js, CHECKOUT_ROOMS).",
            },
          ],
        },
      ],
    },
  },
);
