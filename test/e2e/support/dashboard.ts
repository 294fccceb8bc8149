/**
 * The merchant's dashboard in an engine's page: waiting for a page of the app to show, and axe
 * (axe-core) run inside it. axe is served by the engine's proxy as a same-origin file and loaded
 * with a script element, so that the page's strict CSP (no inline script, no eval) allows it and
 * nothing is reported as a violation.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Engine, EnginePage } from "./engines.js";
import { waitFor } from "./checkout-page.js";

const AXE_PATH = "/__e2e__/axe.js";
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Lets `engine`'s pages load axe from `origin`. */
export function serveAxe(engine: Engine, origin: string): void {
  engine.proxy.serve(`${origin}${AXE_PATH}`, { headers: { "content-type": "text/javascript" }, body: axeSource });
}

/** Waits until the app shows a page whose heading is `heading` (a string or a pattern), loaded. */
export async function waitForDashboardPage(page: EnginePage, heading: string | RegExp): Promise<void> {
  const wanted =
    typeof heading === "string" ? { text: heading, pattern: null } : { text: null, pattern: heading.source };
  await waitFor(
    page,
    ({ text, pattern }) => {
      const h1 = document.querySelector("main h1");
      const shown = h1?.textContent?.trim() ?? "";
      const matches = text !== null ? shown === text : new RegExp(pattern ?? "").test(shown);
      return matches && document.querySelector("main .loading") === null;
    },
    wanted,
    `the dashboard page "${String(heading)}"`,
  );
}

/** axe's violations on the whole page (none allowed). */
export async function dashboardAxe(page: EnginePage): Promise<string[]> {
  await page.evaluate(
    (src) =>
      (window as unknown as { axe?: unknown }).axe
        ? true
        : new Promise<boolean>((resolve, reject) => {
            const script = document.createElement("script");
            script.src = src;
            script.onload = () => resolve(true);
            script.onerror = () => reject(new Error(`axe did not load from ${src}`));
            document.head.append(script);
          }),
    AXE_PATH,
  );
  return page.evaluate(async () => {
    type Result = { violations: { id: string; help: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<Result> } }).axe;
    const results = await axe.run(document, { resultTypes: ["violations"] });
    return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  }, undefined);
}
