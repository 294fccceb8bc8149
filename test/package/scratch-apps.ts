/**
 * The scratch apps of the package suite, as an outside developer writes them from the package's
 * README: Vite apps for React 18, React 19, Preact and Vue 3 that install the packed tarball from
 * the npm registry, load the framework's typings, put one <crypto-checkout> on the page and show
 * the status its framework's listener received. Each reads the Worker's origin and a fresh order
 * id from its page's query (`?endpoint=…&order=…`).
 */

export interface ScratchApp {
  /** Its folder, and the path it is served under (`/<name>/`). */
  name: string;
  /** package.json's dependencies (the package itself is added from the tarball). */
  dependencies: Record<string, string>;
  /** The type-check command, run in the app's folder (`tsc` or `vue-tsc`). */
  typecheck: string[];
  /** Its files, by path in its folder. */
  files: Record<string, string>;
}

/** Versions shared by every app: the build tools as the repository pins them (the npm cache has them). */
const TOOLS = { vite: "8.3.8", typescript: "5.9.3" };

const html = (entry: string) =>
  `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>Shop</title></head>
  <body><div id="root"></div><script type="module" src="${entry}"></script></body>
</html>
`;

const tsconfig = (jsxImportSource?: string, include = ["src"]) =>
  JSON.stringify(
    {
      compilerOptions: {
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        lib: ["ES2022", "DOM", "DOM.Iterable"],
        ...(jsxImportSource ? { jsx: "react-jsx", jsxImportSource } : {}),
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      include,
    },
    null,
    2,
  );

/** What every app reads from its page's query. */
const QUERY = `const query = new URLSearchParams(location.search);
const endpoint = query.get("endpoint") ?? "";
const order = query.get("order") ?? "";`;

/** A JSX app (React or Preact): `listen` says how the status reaches `setStatus`. */
function jsxApp(
  name: string,
  importSource: "react" | "preact",
  dependencies: Record<string, string>,
  main: string,
): ScratchApp {
  return {
    name,
    dependencies: { ...TOOLS, ...dependencies },
    typecheck: ["tsc", "-p", "."],
    files: {
      "index.html": html("/src/main.tsx"),
      "tsconfig.json": tsconfig(importSource),
      "vite.config.mjs": `export default { oxc: { jsx: { runtime: "automatic", importSource: "${importSource}" } } };\n`,
      "src/main.tsx": main,
    },
  };
}

/** The element's attributes in every JSX app (open pricing at the demo shop). */
const ELEMENT_ATTRIBUTES = `shop="demo-open"
      endpoint={endpoint}
      order-id={order}
      price-amount="12.50"
      price-currency="EUR"
      transfer-currency="BTC"
      locale="en"
      redirect-delay="3"`;

export const SCRATCH_APPS: ScratchApp[] = [
  jsxApp(
    "react18",
    "react",
    { react: "^18.3.1", "react-dom": "^18.3.1", "@types/react": "^18.3.0", "@types/react-dom": "^18.3.0" },
    `import "@crypto-checkout/element";
import type {} from "@crypto-checkout/element/react";
import type { CheckoutStatusDetail, CryptoCheckout } from "@crypto-checkout/element";
import { useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
${QUERY}

/** React 18 adds no listener to a custom element: the status listener goes on a ref. */
function App() {
  const [status, setStatus] = useState("none");
  const ref = useRef<CryptoCheckout>(null);
  useEffect(() => {
    const el = ref.current;
    const onStatus = (event: CustomEvent<CheckoutStatusDetail>) => setStatus(event.detail.status);
    el?.addEventListener("checkout-status", onStatus);
    return () => el?.removeEventListener("checkout-status", onStatus);
  }, []);
  return (
    <>
      <p id="status">{status}</p>
      <crypto-checkout ref={ref} ${ELEMENT_ATTRIBUTES} />
    </>
  );
}
createRoot(document.getElementById("root")!).render(<App />);
`,
  ),
  jsxApp(
    "react19",
    "react",
    { react: "^19.0.0", "react-dom": "^19.0.0", "@types/react": "^19.0.0", "@types/react-dom": "^19.0.0" },
    `import "@crypto-checkout/element";
// A value import, not \`import type\`: the entry is an empty module at run time, so the build stays whole.
import "@crypto-checkout/element/react";
import { useState } from "react";
import { createRoot } from "react-dom/client";
${QUERY}

function App() {
  const [status, setStatus] = useState("none");
  return (
    <>
      <p id="status">{status}</p>
      <crypto-checkout ${ELEMENT_ATTRIBUTES} oncheckout-status={(event) => setStatus(event.detail.status)} />
    </>
  );
}
createRoot(document.getElementById("root")!).render(<App />);
`,
  ),
  jsxApp(
    "preact",
    "preact",
    { preact: "^11.2.0" },
    `import "@crypto-checkout/element";
import type {} from "@crypto-checkout/element/preact";
import { render } from "preact";
import { useState } from "preact/hooks";
${QUERY}

function App() {
  const [status, setStatus] = useState("none");
  return (
    <>
      <p id="status">{status}</p>
      <crypto-checkout ${ELEMENT_ATTRIBUTES} oncheckout-status={(event) => setStatus(event.detail.status)} />
    </>
  );
}
render(<App />, document.getElementById("root")!);
`,
  ),
  {
    name: "vue",
    dependencies: { ...TOOLS, vue: "^3.5.0", "@vitejs/plugin-vue": "^6.0.0", "vue-tsc": "^3.0.0" },
    typecheck: ["vue-tsc", "-p", "."],
    files: {
      "index.html": html("/src/main.ts"),
      "tsconfig.json": tsconfig(undefined, ["src/**/*.ts", "src/**/*.vue"]),
      "vite.config.mjs": `import vue from "@vitejs/plugin-vue";
export default {
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === "crypto-checkout" } } })],
};
`,
      "src/main.ts": `import "@crypto-checkout/element";
import "@crypto-checkout/element/vue";
import { createApp } from "vue";
import App from "./App.vue";
createApp(App).mount("#root");
`,
      "src/App.vue": `<script setup lang="ts">
import { ref } from "vue";
import type { CheckoutStatusDetail } from "@crypto-checkout/element";
import Mistakes from "./Mistakes.vue";
${QUERY}
const status = ref("none");
function onStatus(event: CustomEvent<CheckoutStatusDetail>) {
  status.value = event.detail.status;
}
</script>

<template>
  <p id="status">{{ status }}</p>
  <crypto-checkout
    shop="demo-open"
    :endpoint="endpoint"
    :order-id="order"
    price-amount="12.50"
    price-currency="EUR"
    transfer-currency="BTC"
    locale="en"
    redirect-delay="3"
    @checkout-status="onStatus"
  />
  <Mistakes v-if="false" />
</template>
`,
      // Never rendered: what vue-tsc refuses, as React's and Preact's typings do.
      "src/Mistakes.vue": `<template>
  <div>
    <!-- vue-tsc checks the props of a component's later uses against its first: that one is right. -->
    <crypto-checkout shop="acme" endpoint="https://checkout.example.com" redirect-delay="3" :order-id="'1001'" />
    <!-- @vue-expect-error theme is auto, light or dark -->
    <crypto-checkout shop="acme" endpoint="https://checkout.example.com" theme="blue" />
    <!-- @vue-expect-error shop is required -->
    <crypto-checkout endpoint="https://checkout.example.com" />
    <!-- @vue-expect-error redirect-delay is a number of seconds, or its text -->
    <crypto-checkout shop="acme" endpoint="https://checkout.example.com" redirect-delay="soon" />
  </div>
</template>
`,
    },
  },
];
