/**
 * The stream is cut mid-payment: messages stop arriving, then the socket dies. The element says it
 * is reconnecting, reconnects by itself, and catches up with the change it missed while cut off.
 * Playwright routes the page's WebSocket through the test, so the cut is real for the page.
 */
import type { WebSocketRoute } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useChromium } from "./support/browser.js";
import { demoUrl, shownPayment, statusHeading, uniqueOrder, waitForPayment } from "./support/checkout-page.js";
import { sandbox, until, workerView } from "./support/sandbox.js";

const newCustomer = useChromium();

interface Link {
  toPage: WebSocketRoute;
  /** Drop what the server sends (a network partition). */
  dropping: boolean;
}

describe("stream cut", () => {
  it("(h) the element reconnects and catches up with a change made while it was cut off", async () => {
    const context = await newCustomer();
    const page = await context.newPage();
    const links: Link[] = [];
    let held: Promise<void> | undefined;
    await page.routeWebSocket(/\/api\/shops\/[^/]+\/payments\/[^/]+\/stream$/, async (ws) => {
      if (held) await held; // the network is still down: the page keeps waiting for the handshake
      const link: Link = { toPage: ws, dropping: false };
      const server = ws.connectToServer();
      server.onMessage((message) => {
        if (!link.dropping) ws.send(message);
      });
      ws.onMessage((message) => server.send(message));
      links.push(link);
    });

    await page.goto(demoUrl({ order: uniqueOrder("cut"), amount: "18.00" }));
    const created = await waitForPayment(page, "NEW");
    await until(async () => links.length, (n) => n === 1, "the element's stream");
    const first = links[0] as Link;

    // 1. Partition: the payment changes, the Worker broadcasts, nothing reaches the page.
    first.dropping = true;
    const transaction = await sandbox.pay(created.paymentId, created.transferAmount);
    await until(() => workerView("demo-open", created.paymentId), (v) => v.status === "UNCONFIRMED", "the Worker to see the payment");
    expect((await shownPayment(page))?.status).toBe("NEW");

    // 2. The socket dies; reconnection attempts hang until the network is back.
    let restore!: () => void;
    held = new Promise((resolve) => (restore = resolve));
    await first.toPage.close({ code: 4000, reason: "network cut" });
    await page.locator("crypto-checkout .notice").filter({ hasText: "Connection lost, reconnecting" }).waitFor();
    expect((await shownPayment(page))?.status).toBe("NEW");

    // 3. The network is back: the element reconnects and shows what it missed.
    held = undefined;
    restore();
    await waitForPayment(page, "UNCONFIRMED");
    await statusHeading(page).filter({ hasText: "Payment received, waiting for confirmation" }).waitFor();
    await page.locator("crypto-checkout .notice").waitFor({ state: "detached" });
    expect(links.length).toBeGreaterThanOrEqual(2);

    // 4. And it is live again: the next change arrives over the new connection.
    await sandbox.accept(created.paymentId, transaction.transactionId);
    await waitForPayment(page, "CONFIRMED");
    await statusHeading(page).filter({ hasText: "Payment confirmed" }).waitFor();
    await context.close();
  });
});
