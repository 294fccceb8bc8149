/**
 * The three engines a shopper uses, behind one small page interface, for the flows that run in
 * each: Chromium through playwright-core, Firefox ESR through puppeteer (WebDriver BiDi) and
 * WebKitGTK through WebKitWebDriver (WebDriver classic, webdriverio). Each engine's traffic goes
 * through its own RecordingProxy (support/proxy.ts), which gives every engine the same view of the
 * network and the same recorder in every page, whatever its driver can do.
 */
import { afterAll, afterEach, beforeAll } from "vitest";
import { launchChromium, launchFirefox, startWebKitDriver, webkitCapabilities } from "../../../scripts/engines.mjs";
import { RecordingProxy } from "./proxy.js";

export type EngineName = "chromium" | "firefox" | "webkit";

/** Every engine, in the order the flows run in them. */
export const ENGINES: readonly EngineName[] = ["chromium", "firefox", "webkit"];

/** One customer's browser tab. Selectors are CSS in the page's own document. */
export interface EnginePage {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `fn(arg)` in the page (`fn` is sent as source: it may use nothing from the test's scope). */
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Clicks the element as a user does (the driver's own pointer input). */
  click(selector: string): Promise<void>;
  /** Closes the page and everything of its customer (storage, cookies). */
  close(): Promise<void>;
}

export interface Engine {
  name: EngineName;
  /** The network this engine's pages go through. */
  proxy: RecordingProxy;
  /**
   * A new customer, in the engine's private mode (a playwright context is off the record, Firefox
   * runs in private browsing, MiniBrowser with --private), with its own storage, and one page.
   */
  newCustomer(): Promise<EnginePage>;
  close(): Promise<void>;
}

const VIEWPORT = { width: 1100, height: 900 };

async function chromium(proxy: RecordingProxy): Promise<Engine> {
  // playwright makes Chromium send loopback hosts through the proxy too (<-loopback>).
  const browser = await launchChromium({ proxy: { server: `http://${proxy.address}` } });
  return {
    name: "chromium",
    proxy,
    async newCustomer() {
      const context = await browser.newContext({ viewport: VIEWPORT, locale: "en-US" });
      const page = await context.newPage();
      return {
        goto: async (url) => void (await page.goto(url)),
        reload: async () => void (await page.reload()),
        // playwright types the argument as its serialised form; the interface keeps it plain.
        evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) =>
          page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown),
        click: (selector) => page.click(selector),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

async function firefox(proxy: RecordingProxy): Promise<Engine> {
  const browser = await launchFirefox({
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": proxy.port,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": proxy.port,
    "network.proxy.no_proxies_on": "",
    // Firefox never sends localhost and 127.0.0.1 to a proxy unless told to.
    "network.proxy.allow_hijacking_localhost": true,
    "intl.accept_languages": "en-US",
    // Private browsing, as many shoppers pay: what the element keeps lives only as long as the window.
    "browser.privatebrowsing.autostart": true,
  });
  return {
    name: "firefox",
    proxy,
    async newCustomer() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(VIEWPORT);
      return {
        goto: async (url) => void (await page.goto(url)),
        reload: async () => void (await page.reload()),
        // puppeteer types the argument as its serialised form; the interface keeps it plain.
        evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) =>
          page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown) as Promise<R>,
        click: (selector) => page.click(selector),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

/** How long opening a WebKit session (a new MiniBrowser) may take before the driver is restarted. */
const WEBKIT_SESSION_MS = 30_000;

async function webkit(proxy: RecordingProxy): Promise<Engine> {
  const { remote } = await import("webdriverio");
  let driver = await startWebKitDriver();
  // Bounded commands: WebKit's driver waits for the page's load before each command, for as long
  // as the page-load timeout (300 s unless set), so a page that never loads fails the command in
  // 30 s with the driver's own error instead of outlasting the test.
  const capabilities = webkitCapabilities(
    {
      proxy: { proxyType: "manual", httpProxy: proxy.address },
      timeouts: { script: 15_000, pageLoad: 30_000, implicit: 0 },
    },
    ["--private"],
  );
  /**
   * A new session once the driver is free of the last one, within WEBKIT_SESSION_MS. Now and then
   * a MiniBrowser does not come up and the driver never answers the new-session request (seen
   * here about once in 50 sessions on a loaded machine, and the test hung until its timeout); then the driver, with everything it
   * started, is replaced once and the session asked for again, and the replacement is reported.
   */
  async function openSession() {
    await driver.ready(WEBKIT_SESSION_MS);
    const options = { hostname: driver.hostname, port: driver.port, capabilities, logLevel: "error" as const };
    const open = remote({ ...options, connectionRetryTimeout: WEBKIT_SESSION_MS, connectionRetryCount: 0 }).then(
      async (browser) => {
        await browser.setWindowSize(VIEWPORT.width, VIEWPORT.height);
        return browser;
      },
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no WebKit session within ${WEBKIT_SESSION_MS / 1000} s`)),
        WEBKIT_SESSION_MS,
      );
    });
    try {
      return await Promise.race([open, late]);
    } catch (error) {
      console.warn(
        `webkit: ${error instanceof Error ? error.message : String(error)}; restarting WebKitWebDriver once`,
      );
      void open.catch(() => undefined);
      await driver.stop();
      driver = await startWebKitDriver();
      const browser = await remote({ ...options, hostname: driver.hostname, port: driver.port });
      await browser.setWindowSize(VIEWPORT.width, VIEWPORT.height);
      return browser;
    } finally {
      clearTimeout(timer);
    }
  }
  return {
    name: "webkit",
    proxy,
    // A new WebDriver session is a new MiniBrowser with its own data: the driver holds one at a time.
    async newCustomer() {
      const browser = await openSession();
      return {
        goto: async (url) => void (await browser.url(url)),
        reload: () => browser.refresh(),
        // webdriverio types arguments that are elements specially; these never are.
        evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) =>
          browser.execute(fn as (arg: unknown) => R, arg as never) as Promise<R>,
        click: async (selector) => void (await browser.$(selector).click()),
        close: () => browser.deleteSession(),
      };
    },
    close: () => driver.stop(),
  };
}

const launchers: Record<EngineName, (proxy: RecordingProxy) => Promise<Engine>> = { chromium, firefox, webkit };

let proxies = 0;

/**
 * One engine for the `describe` block that calls this: its proxy and browser are started before
 * the block's tests and stopped after them; every customer a test opened is closed after it.
 * Returns a function that opens a new customer, and the engine (once started).
 */
export function useEngine(name: EngineName): { newCustomer: () => Promise<EnginePage>; engine: () => Engine } {
  let engine: Engine | undefined;
  let proxy: RecordingProxy | undefined;
  const open: EnginePage[] = [];
  beforeAll(async () => {
    proxies += 1;
    // Documentation addresses (RFC 5737), one per engine and file: each its own customer.
    proxy = await new RecordingProxy(`203.0.113.${(proxies % 250) + 1}`).start();
    engine = await launchers[name](proxy);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((page) => page.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await engine?.close();
    await proxy?.stop();
  });
  const started = (): Engine => {
    if (!engine) throw new Error(`${name} is not running: call useEngine() in the describe block.`);
    return engine;
  };
  return {
    engine: started,
    async newCustomer() {
      const page = await started().newCustomer();
      open.push(page);
      return page;
    },
  };
}
