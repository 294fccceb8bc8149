// @web/test-runner: the element's tests in Chromium, Firefox and WebKit, each as Debian packages it
// (scripts/engines.mjs; scripts/ensure-browsers.sh installs them).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { bundleStylesheet } from "./scripts/page-build.mjs";
import { createRequire } from "node:module";
import { build } from "esbuild";
import { chromeLauncher } from "@web/test-runner-chrome";
import { puppeteerLauncher } from "@web/test-runner-puppeteer";
import { WebdriverLauncher } from "@web/test-runner-webdriver";
import { esbuildPlugin } from "@web/dev-server-esbuild";
import { defaultReporter, summaryReporter } from "@web/test-runner";
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  firefoxLaunchOptions,
  startWebKitDriver,
  webkitCapabilities,
} from "./scripts/engines.mjs";

/** The engine of a launcher's browser name ("Chrome", "Firefox", "WebKit"). */
const engineOf = (browserName) =>
  ({ Chrome: "chromium", Chromium: "chromium", Firefox: "firefox", WebKit: "webkit" })[browserName] ?? browserName;

/**
 * Writes {numPassedTests, numFailedTests, numPendingTests} for scripts/test-all.mjs, summed over
 * every engine, the same per engine under `byEngine`, and under `failures` each failed test (or
 * test file that failed to run) with its engine, file and first line of error, so that the run's
 * summary names what failed.
 */
function countsReporter(file) {
  return {
    onTestRunFinished({ sessions }) {
      const counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, byEngine: {}, failures: [] };
      const count = (engine, key) => {
        counts[key]++;
        counts.byEngine[engine] ??= { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
        counts.byEngine[engine][key]++;
      };
      const firstLine = (error) => String(error?.message ?? error ?? "").split("\n")[0];
      const walk = (engine, session, suite, path) => {
        for (const t of suite.tests) {
          const key = t.skipped ? "numPendingTests" : t.passed ? "numPassedTests" : "numFailedTests";
          count(engine, key);
          if (key === "numFailedTests")
            counts.failures.push({
              engine,
              file: session.testFile,
              name: [...path, t.name].join(" > "),
              error: firstLine(t.error),
            });
        }
        for (const s of suite.suites) walk(engine, session, s, [...path, s.name]);
      };
      for (const session of sessions) {
        const engine = engineOf(session.browser.name);
        if (session.testResults) walk(engine, session, session.testResults, []);
        if (!session.passed && (session.errors?.length ?? 0) > 0) {
          count(engine, "numFailedTests");
          counts.failures.push({
            engine,
            file: session.testFile,
            name: "(the file)",
            error: firstLine(session.errors[0]),
          });
        }
      }
      mkdirSync(".test-results", { recursive: true });
      writeFileSync(file, JSON.stringify(counts));
    },
  };
}

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver, which this launcher starts (with its virtual
 * display) when the run starts and stops when it ends.
 */
class WebKitLauncher extends WebdriverLauncher {
  #driver;
  constructor() {
    super({ hostname: "127.0.0.1", port: 0, capabilities: webkitCapabilities() });
  }
  async initialize(config, testFiles) {
    this.#driver = await startWebKitDriver();
    this.options.port = this.#driver.port;
    await super.initialize(config, testFiles);
    this.name = "WebKit";
  }
  async stop() {
    await super.stop();
    await this.#driver?.stop();
  }
}

/**
 * Serves CommonJS packages as one ES module each, bundled by esbuild: the dev server serves files
 * one by one and cannot load a CommonJS graph (qrcode, axe-core). The named exports are
 * read from the package itself.
 */
function prebundleCommonJs(specifiers) {
  const require = createRequire(import.meta.url);
  const prefix = "/__prebundled__/";
  const bundles = new Map();
  const bundle = (specifier) => {
    if (!bundles.has(specifier)) {
      const names = Object.keys(require(specifier)).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== "default");
      const contents = [
        `import * as ns from ${JSON.stringify(specifier)};`,
        "export default ns.default ?? ns;",
        ...names.map((n) => `export const ${n} = ns.${n};`),
      ].join("\n");
      bundles.set(
        specifier,
        build({
          stdin: { contents, resolveDir: process.cwd() },
          bundle: true,
          format: "esm",
          platform: "browser",
          write: false,
          logLevel: "silent",
        }).then((r) => r.outputFiles[0].text),
      );
    }
    return bundles.get(specifier);
  };
  return {
    name: "prebundle-commonjs",
    resolveImport({ source }) {
      return specifiers.includes(source) ? `${prefix}${encodeURIComponent(source)}.js` : undefined;
    },
    async serve(context) {
      if (!context.path.startsWith(prefix)) return undefined;
      const specifier = decodeURIComponent(context.path.slice(prefix.length, -".js".length));
      return specifiers.includes(specifier) ? { body: await bundle(specifier), type: "js" } : undefined;
    },
  };
}

/**
 * Serves a Rollup build of the element (rollup.config.mjs), made in memory on first request, under
 * `prefix`: the production bundle (widget.js and its chunks) under /__built__/ and the npm
 * package's JavaScript (index.js, class.js, chunks/) under /__package__/, so that tests also run
 * against exactly what ships.
 */
function servedBuild(prefix, configName) {
  let files;
  const build = async () => {
    const { rollup } = await import("rollup");
    const { [configName]: config, isHarmlessWarning } = await import("./rollup.config.mjs");
    const bundle = await rollup({ ...config, onwarn: (warning, warn) => isHarmlessWarning(warning) || warn(warning) });
    const { output } = await bundle.generate(config.output);
    await bundle.close();
    return new Map(output.filter((f) => f.type === "chunk").map((f) => [f.fileName, f.code]));
  };
  return {
    name: `built-${configName}`,
    serverStart() {
      // Start early, so the first test that needs it does not wait for the whole build. A failed
      // build fails those tests (their request gets the error), not the test runner.
      files ??= build();
      files.catch(() => undefined);
    },
    async serve(context) {
      if (!context.path.startsWith(prefix)) return undefined;
      files ??= build();
      const body = (await files).get(context.path.slice(prefix.length));
      return body === undefined ? undefined : { body, type: "js" };
    },
  };
}

/**
 * A page's stylesheet that @imports the shared ones of page-styles/ is answered as the build
 * writes it, one file with the imports bundled in (scripts/page-build.mjs), so that a page under
 * test loads what it loads when served (axe-core, reading a sheet's @import, would otherwise add
 * an inline <style> that the page's CSP refuses).
 */
function bundledStylesheets() {
  const pages = /^\/(dashboard|pos|pay-page|refund-page|receipt-page|demo)\/[\w-]+\.css$/;
  return {
    name: "bundled-stylesheets",
    async serve(context) {
      if (!pages.test(context.path)) return undefined;
      const path = fileURLToPath(new URL(`.${context.path}`, import.meta.url));
      if (!readFileSync(path, "utf8").includes("@import")) return undefined;
      return { body: await bundleStylesheet(path), type: "css" };
    },
  };
}

/**
 * `executeServerCommand("emulate-forced-colors", {active, scheme})`: Windows high contrast as
 * Chromium emulates it (the forced-colors media feature and a forced palette), which emulateMedia
 * of @web/test-runner-commands does not offer. It replaces the page's other emulated media features;
 * turned off without a scheme, it ends the colour-scheme override too ("" is no override), because
 * the page is reused for later test files. Chromium only (CDP): Firefox's and WebKit's drivers
 * cannot emulate media features.
 */
function forcedColorsCommand() {
  return {
    name: "emulate-forced-colors",
    async executeCommand({ command, payload, session }) {
      if (command !== "emulate-forced-colors") return undefined;
      const page = session.browser.getPage(session.id);
      const features = [{ name: "forced-colors", value: payload?.active ? "active" : "none" }];
      // The palette follows the colour scheme: light is black text on white, dark white on black.
      features.push({ name: "prefers-color-scheme", value: payload?.scheme ?? "" });
      await page.emulateMediaFeatures(features);
      return true;
    },
  };
}

export default {
  files: ["test/widget/**/*.test.ts", "test/dashboard/**/*.test.ts", "test/pos/**/*.test.ts"],
  nodeResolve: { browser: true },
  plugins: [
    forcedColorsCommand(),
    bundledStylesheets(),
    servedBuild("/__built__/", "default"),
    servedBuild("/__package__/", "packageConfig"),
    prebundleCommonJs(["qrcode/lib/core/qrcode.js", "axe-core"]),
    esbuildPlugin({ ts: true, target: "es2022", tsconfig: "widget/tsconfig.json" }),
  ],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        args: [...CHROMIUM_ARGS, "--headless=new"],
      },
    }),
    puppeteerLauncher({ launchOptions: firefoxLaunchOptions() }),
    new WebKitLauncher(),
  ],
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  reporters: [defaultReporter(), summaryReporter(), countsReporter(".test-results/widget.json")],
};
