// Types of scripts/engines.mjs for the TypeScript tests that start browsers.
import type { Browser, LaunchOptions } from "puppeteer";
import type { Browser as PlaywrightBrowser, LaunchOptions as PlaywrightLaunchOptions } from "playwright-core";

export declare const CHROMIUM_PATH: string;
export declare const FIREFOX_PATH: string;
export declare const WEBKIT_BROWSER_PATH: string;
export declare const WEBKIT_DRIVER_PATH: string;
export declare const CHROMIUM_ARGS: string[];
/** Headless Chromium through playwright-core (Debian's /usr/bin/chromium, or CHROME_PATH), with extra launch options. */
export declare function launchChromium(options?: PlaywrightLaunchOptions): Promise<PlaywrightBrowser>;
export declare const FIREFOX_PREFS: Record<string, string | number | boolean>;
/** puppeteer.launch options for headless Firefox ESR over WebDriver BiDi, with extra preferences. */
export declare function firefoxLaunchOptions(extraPrefs?: Record<string, string | number | boolean>): LaunchOptions;
/** Headless Firefox ESR through puppeteer (WebDriver BiDi), with extra preferences. */
export declare function launchFirefox(extraPrefs?: Record<string, string | number | boolean>): Promise<Browser>;
/** The WebDriver capabilities of a WebKitGTK MiniBrowser session, plus `extra` and MiniBrowser's own `browserArgs`. */
export declare function webkitCapabilities(
  extra?: Record<string, unknown>,
  browserArgs?: string[],
): WebdriverIO.Capabilities;

export interface WebKitDriver {
  url: string;
  hostname: string;
  port: number;
  display: number;
  /** Stops WebKitWebDriver (with its browsers) and Xvfb. */
  stop(): Promise<void>;
  /** Waits (bounded, default the start's timeout) until the driver takes a new session. */
  ready(timeoutMs?: number): Promise<void>;
}
/** Xvfb on a free display and WebKitWebDriver on a free 127.0.0.1 port, both ready. */
export declare function startWebKitDriver(options?: { timeoutMs?: number }): Promise<WebKitDriver>;
