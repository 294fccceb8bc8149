/**
 * The stream is cut mid-payment: messages stop arriving, then the socket dies. The element says it
 * is reconnecting, reconnects by itself, and catches up with the change it missed while cut off.
 * In Chromium, Playwright routes the page's WebSocket through the test and closes it with a close
 * frame; in every engine, the test's proxy cuts the TCP connection with none (an abnormal closure,
 * as each engine's own WebSocket reports it).
 */
import type { WebSocketRoute } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useChromium } from "./support/browser.js";
import { ENGINES, useEngine } from "./support/engines.js";
import {
  demoUrl,
  rememberedSecret,
  shownPayment,
  statusHeading,
  uniqueOrder,
  waitFor,
  waitForPayment,
  waitForStatus,
} from "./support/checkout-page.js";
import { sandbox, until, workerView } from "./support/sandbox.js";

interface Link {
  toPage: WebSocketRoute;
  /** Drop what the server sends (a network partition). */
  dropping: boolean;
}

describe("stream cut", () => {
  const newCustomer = useChromium();

  it("(h) the element reconnects and catches up with a change made while it was cut off", async () => {
    const context = await newCustomer();
    const page = await context.newPage();
    const links: Link[] = [];
    let held: Promise<void> | undefined;
    await page.routeWebSocket(/\/api\/shops\/[^/]+\/payments\/[^/]+\/stream(\?|$)/, async (ws) => {
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
    const secret = await rememberedSecret(page, created.paymentId);
    await until(
      async () => links.length,
      (n) => n === 1,
      "the element's stream",
    );
    const first = links[0] as Link;

    // 1. Partition: the payment changes, the Worker broadcasts, nothing reaches the page.
    first.dropping = true;
    const transaction = await sandbox.pay(created.paymentId, created.transferAmount);
    await until(
      () => workerView("demo-open", created.paymentId, secret),
      (v) => v.status === "UNCONFIRMED",
      "the Worker to see the payment",
    );
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

describe.each(ENGINES)("stream cut at the network [%s]", (name) => {
  const { newCustomer, engine } = useEngine(name);

  it("(h) the connection drops with no closing handshake: the element reconnects and catches up", async () => {
    const { proxy } = engine();
    const page = await newCustomer();
    await page.goto(demoUrl({ order: uniqueOrder("drop"), amount: "18.00" }));
    const created = await waitForPayment(page, "NEW");
    const secret = await rememberedSecret(page, created.paymentId);
    const ours = () => proxy.streams.filter((link) => link.url.includes(`/payments/${created.paymentId}/stream?`));
    await until(
      async () => ours().length,
      (n) => n === 1,
      "the element's stream",
    );
    const [first] = ours();
    if (!first) throw new Error("no stream");

    // 1. The network goes down: the payment changes, nothing reaches the page, and handshakes
    //    hang (held first, so that a reconnection of the element's own cannot slip through).
    const restore = proxy.holdStreams();
    first.dropping = true;
    const transaction = await sandbox.pay(created.paymentId, created.transferAmount);
    await until(
      () => workerView("demo-open", created.paymentId, secret),
      (v) => v.status === "UNCONFIRMED",
      "the Worker to see the payment",
    );
    expect((await shownPayment(page))?.status).toBe("NEW");

    // 2. The connection dies at the TCP level: the engine reports an abnormal closure.
    first.cut();
    await waitFor(
      page,
      () =>
        document
          .querySelector("crypto-checkout")
          ?.shadowRoot?.querySelector(".notice")
          ?.textContent?.includes("Connection lost, reconnecting") ?? false,
      undefined,
      "the reconnecting notice",
    );
    expect((await shownPayment(page))?.status).toBe("NEW");

    // 3. The network is back: the element reconnects and shows what it missed.
    restore();
    await waitForPayment(page, "UNCONFIRMED");
    await waitForStatus(page, "Payment received, waiting for confirmation");
    await waitFor(
      page,
      () => document.querySelector("crypto-checkout")?.shadowRoot?.querySelector(".notice") == null,
      undefined,
      "the notice to go",
    );
    expect(ours().length).toBeGreaterThanOrEqual(2);

    // 4. And it is live again: the next change arrives over the new connection.
    await sandbox.accept(created.paymentId, transaction.transactionId);
    await waitForPayment(page, "CONFIRMED");
    await waitForStatus(page, "Payment confirmed");
  });
});
