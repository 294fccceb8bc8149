// The browser engines the tests run in, as Debian packages them: Chromium, Firefox ESR (driven over
// WebDriver BiDi by puppeteer, no geckodriver) and WebKitGTK, Safari's engine (its MiniBrowser
// driven over WebDriver by WebKitWebDriver, on a virtual X display from Xvfb). Used by
// web-test-runner.config.mjs and the end-to-end tests; scripts/ensure-browsers.sh installs them.
import { spawn } from "node:child_process";
import { freePort } from "./servers.mjs";

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
export const WEBKIT_BROWSER_PATH =
  process.env.WEBKIT_BROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? "WebKitWebDriver";

/** Flags for Chromium here: root needs --no-sandbox; the rest stop it calling hosts that never answer. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Headless Chromium through playwright-core (`options` as playwright's launch takes them, e.g. a proxy). */
export async function launchChromium(options = {}) {
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, ...options });
}

/**
 * Firefox preferences for a test run: no first-run pages, updates or telemetry, no calls to
 * Mozilla's hosts (there is no network here but the loopback), and no prompt that would wait for a
 * person.
 */
export const FIREFOX_PREFS = {
  "app.update.enabled": false,
  "browser.shell.checkDefaultBrowser": false,
  "browser.startup.homepage_override.mstone": "ignore",
  "datareporting.policy.dataSubmissionEnabled": false,
  "toolkit.telemetry.enabled": false,
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
  "extensions.update.enabled": false,
  "browser.safebrowsing.malware.enabled": false,
  "browser.safebrowsing.phishing.enabled": false,
  "dom.disable_open_during_load": false,
};

/** puppeteer.launch options for headless Firefox ESR over WebDriver BiDi. */
export function firefoxLaunchOptions(extraPrefs = {}) {
  return {
    browser: "firefox",
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: { ...FIREFOX_PREFS, ...extraPrefs },
  };
}

/** Headless Firefox ESR through puppeteer (WebDriver BiDi). */
export async function launchFirefox(extraPrefs = {}) {
  const { default: puppeteer } = await import("puppeteer");
  return puppeteer.launch(firefoxLaunchOptions(extraPrefs));
}

/**
 * The WebDriver capabilities of a WebKitGTK MiniBrowser session, plus `extra` (e.g. a proxy) and
 * MiniBrowser's own `browserArgs` (e.g. --private).
 */
export function webkitCapabilities(extra = {}, browserArgs = []) {
  return {
    browserName: "MiniBrowser",
    // WebKitGTK's driver speaks WebDriver classic only: a session that asks for BiDi is refused.
    "wdio:enforceWebDriverClassic": true,
    "webkitgtk:browserOptions": { binary: WEBKIT_BROWSER_PATH, args: ["--automation", ...browserArgs] },
    ...extra,
  };
}

/**
 * A detached process in its own group, and a guard: a `bash` whose standard input is a pipe from
 * this process. When this process ends in any way (even SIGKILL), the pipe closes, `read` returns
 * and the guard kills the group: Xvfb, WebKitWebDriver and the browsers it started never outlive
 * the test run.
 */
function startGuarded(command, args, options = {}) {
  const child = spawn(command, args, {
    detached: true,
    stdio: options.stdio ?? ["ignore", "ignore", "pipe"],
    env: { ...process.env, ...options.env },
  });
  const guard = spawn(
    "bash",
    ["-c", 'read -r _; kill -KILL -- "-$1" 2>/dev/null; exit 0', "guard", String(child.pid)],
    { detached: true, stdio: ["pipe", "ignore", "ignore"] },
  );
  guard.unref();
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let exited = false;
  const exit = new Promise((resolve) =>
    child.once("exit", () => {
      exited = true;
      resolve(undefined);
    }),
  );
  return {
    child,
    exit,
    get exited() {
      return exited;
    },
    output: () => stderr,
    /** Kills the group (the guard does the same when its pipe closes). */
    async stop() {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
      guard.stdin.end();
      if (!exited) await Promise.race([exit, new Promise((r) => setTimeout(r, 2000))]);
    },
  };
}

/** Resolves with the display number Xvfb writes to its -displayfd once it accepts clients. */
function displayOf(xvfb, timeoutMs) {
  return new Promise((resolve, reject) => {
    let text = "";
    const timer = setTimeout(
      () => reject(new Error(`Xvfb gave no display within ${timeoutMs / 1000} s: ${xvfb.output()}`)),
      timeoutMs,
    );
    xvfb.child.stdio[3].on("data", (chunk) => {
      text += chunk;
      if (text.includes("\n")) {
        clearTimeout(timer);
        resolve(Number(text.trim()));
      }
    });
    void xvfb.exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited before it gave a display: ${xvfb.output()}`));
    });
  });
}

/** Polls the driver's /status until it is ready (bounded), or throws with its output. */
async function driverReady(url, driver, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    if (driver.exited) throw new Error(`WebKitWebDriver exited: ${driver.output()}`);
    try {
      const response = await fetch(`${url}/status`, { signal: AbortSignal.timeout(2000) });
      const body = await response.json();
      if (body?.value?.ready) return;
      last = JSON.stringify(body);
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `WebKitWebDriver was not ready at ${url} within ${timeoutMs / 1000} s (last: ${last}): ${driver.output()}`,
  );
}

/**
 * Starts Xvfb on a free display and WebKitWebDriver on a free 127.0.0.1 port, and waits for both.
 * `stop()` ends both (with every MiniBrowser the driver started); so does the end of this process.
 * WebKitWebDriver holds one session at a time.
 */
export async function startWebKitDriver({ timeoutMs = 30_000 } = {}) {
  const xvfb = startGuarded("Xvfb", ["-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  let display;
  try {
    display = await displayOf(xvfb, timeoutMs);
  } catch (error) {
    await xvfb.stop();
    throw error;
  }
  const port = await freePort();
  const driver = startGuarded(WEBKIT_DRIVER_PATH, [`--port=${port}`, "--host=local"], {
    env: { DISPLAY: `:${display}` },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await driver.stop();
    await xvfb.stop();
  };
  try {
    await driverReady(url, driver, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    hostname: "127.0.0.1",
    port,
    display,
    stop,
    /** Waits (bounded) until the driver takes a new session: the last one is gone, browser and all. */
    ready: (ms = timeoutMs) => driverReady(url, driver, ms),
  };
}
