/* global document -- used inside page.evaluate callbacks, which run in the browser */
// The point of sale's pictures for `npm run screenshots` (scripts/screenshots.mjs): signed in
// through the demo's link, an amount typed on the keyboard and charged for real against the
// sandbox; "keypad" (the amount typed), "waiting" (the QR code), "underpaid" (the sandbox pays 60 %) and "paid" (then the rest) at tablet portrait,
// tablet landscape and 360 px, light and dark: docs/screenshots/pos-<state>-<theme>-<size>.png.
import { join } from "node:path";
import Decimal from "decimal.js";

const SIZES = {
  portrait: { viewport: { width: 768, height: 1024 }, scale: 1 },
  landscape: { viewport: { width: 1024, height: 768 }, scale: 1 },
  360: { viewport: { width: 360, height: 800 }, scale: 2 },
};

/** A session of the demo shop, signed in once through GET /demo/api/pos-sign-in and its button. */
async function signedInState(browser, checkoutUrl) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${checkoutUrl}/demo/api/pos-sign-in?shop=demo-open`);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.locator(".display").waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * Shoots the point of sale: `control(path, body)` is the sandbox's control API (the customer's
 * wallet), `out` the screenshots' folder.
 */
export async function shootPosPages({ browser, checkoutUrl, control, out }) {
  const storageState = await signedInState(browser, checkoutUrl);
  for (const theme of ["light", "dark"])
    for (const [size, { viewport, scale }] of Object.entries(SIZES)) {
      const context = await browser.newContext({
        viewport,
        deviceScaleFactor: scale,
        locale: "en-US",
        colorScheme: theme,
        storageState,
      });
      const page = await context.newPage();
      const violations = [];
      page.on("console", (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
      });
      await page.goto(`${checkoutUrl}/pos/demo-open/`);
      await page.locator(".display").waitFor();
      const memo = page.getByLabel(/Memo/);
      await memo.fill("Table 4 · 2 flat whites");
      await page.locator(".display").focus();
      const shot = async (state) => {
        await page.evaluate(() => document.fonts.ready);
        if (violations.length) throw new Error(`CSP violations on the point of sale: ${violations.join("; ")}`);
        const file = `pos-${state}-${theme}-${size}.png`;
        await page.screenshot({ path: join(out, file), animations: "disabled", caret: "hide" });
        console.log(`wrote docs/screenshots/${file}`);
      };
      await page.keyboard.type("12.50");
      await shot("keypad");
      await page.keyboard.press("Enter");
      await page.locator("crypto-checkout [part=qr]").waitFor();
      await page.waitForFunction(() => document.querySelector("crypto-checkout")?.payment?.status === "NEW");
      const payment = await page.evaluate(() => document.querySelector("crypto-checkout").payment);
      await shot("waiting");
      // The customer sends 60 % first (Underpaid, what is still to pay), then the rest.
      const part = new Decimal(payment.transferAmount).mul("0.6").toDecimalPlaces(8, Decimal.ROUND_DOWN);
      await control(`/payments/${payment.paymentId}/transactions`, { amount: part.toFixed(8), state: "ACCEPTED" });
      await page.locator(".overlay-underpaid").waitFor({ timeout: 30_000 });
      await page.mouse.move(0, 0);
      await shot("underpaid");
      const rest = new Decimal(payment.transferAmount).minus(part).toFixed();
      await control(`/payments/${payment.paymentId}/transactions`, { amount: rest, state: "ACCEPTED" });
      await page.locator(".overlay-paid").waitFor({ timeout: 30_000 });
      await page.mouse.move(0, 0);
      await shot("paid");
      await context.close();
    }
}
