/**
 * The engine this test page runs in (web-test-runner.config.mjs runs every file in Chromium,
 * Firefox and WebKit), for the few tests that need a driver command only some engines' drivers
 * have.
 */
export type Engine = "chromium" | "firefox" | "webkit";

export const engine: Engine = / Firefox\//.test(navigator.userAgent)
  ? "firefox"
  : /Chrome\//.test(navigator.userAgent)
    ? "chromium"
    : "webkit";

/**
 * Whether the driver can change the media features the page sees (prefers-color-scheme,
 * prefers-reduced-motion, forced-colors) while it runs. Only Chromium's can (CDP's Emulation domain): WebDriver
 * BiDi, which drives Firefox, and WebDriver classic, which drives WebKitGTK, have no such command,
 * and both browsers read the system setting only when they start.
 */
export const canEmulateMedia = engine === "chromium";
