/**
 * README, "Try it on your own page", as printed: a page served from another port embeds the demo
 * shop and is refused (the element says so in the page's language, the console names cause and
 * fix); the README's console command allows that origin for a copy of the shop; the README's
 * snippet then shows the payment. The command and the snippet are read from the README, with the
 * demo's ports replaced by this run's.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../../scripts/servers.mjs";
import { useChromium } from "./support/browser.js";
import { STATUS_HEADING, waitForPayment } from "./support/checkout-page.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const DEMO_CHECKOUT = "http://127.0.0.1:8787";
const README_PAGE = "http://127.0.0.1:9100";

/** The first fenced block of this language in the README's "Try it on your own page" that contains `needle`. */
function readmeBlock(language: string, needle: string): string {
  const section = README.slice(README.indexOf("### Try it on your own page"));
  const block = [...section.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))]
    .map((m) => m[1] ?? "")
    .find((text) => text.includes(needle));
  if (!block) throw new Error(`README: no ${language} block with ${needle} under "Try it on your own page"`);
  return block;
}

const newCustomer = useChromium();
const checkoutUrl = inject("checkoutUrl");
let server: Server;
let pageOrigin = "";
let html = "";

beforeAll(async () => {
  const port = await freePort();
  pageOrigin = `http://127.0.0.1:${port}`;
  server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Opens the README's snippet on the page's own origin, with the given shop and language, and records the console's errors. */
async function openSnippet(shop: string, lang: string) {
  html = readmeBlock("html", "<crypto-checkout")
    .replaceAll(DEMO_CHECKOUT, checkoutUrl)
    .replace('shop="my-page"', `shop="${shop}"`)
    .replace("<crypto-checkout ", `<crypto-checkout locale="${lang}" `);
  // A plain browser, as a visitor's: no extra request header (which would make the cross-origin module script need a preflight).
  const context = await newCustomer({ extraHTTPHeaders: {} });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  await page.goto(`${pageOrigin}/`);
  return { page, consoleErrors };
}

describe("try it on your own page (README)", () => {
  it("refuses the demo shop on another origin in the customer's language, names cause and fix in the console; the documented command allows it", async () => {
    const refused = await openSnippet("demo-open", "de");
    const heading = refused.page.locator(`crypto-checkout ${STATUS_HEADING}`);
    await expect
      .poll(() => heading.textContent(), { timeout: 30_000 })
      .toBe("Die Bezahlung ist auf dieser Seite nicht erlaubt. Bitte wenden Sie sich an den Shop.");
    expect(await refused.page.locator("crypto-checkout .actions button").count(), "no Try again: it cannot help").toBe(
      0,
    );
    expect(refused.consoleErrors).toContain(
      `<crypto-checkout> origin_not_allowed: origin ${pageOrigin} is not in allowedOrigins of shop demo-open — see docs/checkout.md#allowed-origins`,
    );
    await refused.page.context().close();

    const command = readmeBlock("sh", "shops add").trim().replaceAll(README_PAGE, pageOrigin);
    expect(command).toMatch(/^npx crypto-checkout shops add /);
    const args = command.replace(/^npx crypto-checkout /, "").split(/\s+/);
    const run = spawnSync(process.execPath, [join(ROOT, "cli", "bin.mjs"), ...args, "--checkout-url", checkoutUrl], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(pageOrigin);

    const allowed = await openSnippet("my-page", "en");
    const view = await waitForPayment(allowed.page, "NEW");
    expect(view.priceAmount).toBe("12.50");
    await expect.poll(() => allowed.page.locator("crypto-checkout [part=qr] svg").count(), { timeout: 30_000 }).toBe(1);
    expect(allowed.consoleErrors).toEqual([]);
    await allowed.page.context().close();
  });
});
