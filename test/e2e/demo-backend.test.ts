/**
 * The demo page's "Your shop's backend" pane: a payment paid from the sandbox pane reaches the
 * reference shop backend (examples/shop-backend) as signed webhooks, the backend marks the order
 * paid once, and the pane shows it live. Then the pane's polling on its own (the received log
 * stubbed in the browser, time driven by Playwright's clock): it stops on an error, resumes on
 * request, and does not poll while the page is hidden.
 */
import type { Page, Route } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { useChromium } from "./support/browser.js";
import { demoUrl, uniqueOrder, waitForPayment } from "./support/checkout-page.js";
import { until } from "./support/sandbox.js";

const newCustomer = useChromium();

interface BackendOrder {
  orderId: string;
  status: "pending" | "paid";
  paid?: { paymentId: string; amount: string; currency: string };
}

interface ReceivedEntry {
  seq: number;
  orderId?: string;
  outcome: string;
  verified: boolean;
  message: string;
}

async function backendGet<T>(path: string): Promise<T> {
  const response = await fetch(`${inject("backendUrl")}${path}`);
  if (!response.ok) throw new Error(`shop backend GET ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const entries = (page: Page) => page.getByTestId("backend-entry");

describe("demo page: the shop's backend pane", () => {
  it("shows the paid order the shop backend received and verified, and the backend has it paid once", async () => {
    const context = await newCustomer();
    const page = await context.newPage();
    await page.goto(demoUrl({ order: uniqueOrder("backend"), amount: "49.90" }));
    const pane = page.getByRole("region", { name: "Your shop's backend" });
    await pane.getByText("examples/shop-backend received and verified").waitFor();

    const created = await waitForPayment(page, "NEW");
    const orderId = (await page.getByTestId("order-id").textContent()) ?? "";
    expect(orderId).not.toBe("");

    await page.getByRole("button", { name: "Pay exactly" }).click();
    await waitForPayment(page, "UNCONFIRMED");
    await page.getByRole("button", { name: "Confirm pending" }).click();
    const confirmed = await waitForPayment(page, "CONFIRMED");
    expect(confirmed.paymentId).toBe(created.paymentId);

    // The pane shows the backend's verdict on the confirmed payment, live.
    const paid = entries(page).and(page.locator('[data-outcome="paid"]')).filter({ hasText: orderId });
    await paid.waitFor({ timeout: 30_000 });
    const text = (await paid.textContent()) ?? "";
    expect(text).toContain(orderId);
    expect(text).toContain("signature verified");
    expect(text).toMatch(/paid \(49\.90? EUR\)/);
    await expect(paid.locator(".outcome").textContent()).resolves.toBe("paid");
    // Newest first: the paid entry is above the earlier ones of the same order.
    const outcomes = await entries(page)
      .filter({ hasText: orderId })
      .evaluateAll((items) => items.map((item) => item.getAttribute("data-outcome")));
    expect(outcomes[0]).toBe("paid");
    expect(outcomes.filter((o) => o === "paid")).toHaveLength(1);

    // The backend's own state: the order is paid, by this payment, once.
    const order = await backendGet<BackendOrder>(`/orders/${encodeURIComponent(orderId)}`);
    expect(order).toMatchObject({ orderId, status: "paid", paid: { paymentId: created.paymentId, currency: "EUR" } });
    const { entries: received } = await backendGet<{ entries: ReceivedEntry[] }>("/received?after=0");
    const paidEntries = received.filter((entry) => entry.orderId === orderId && entry.outcome === "paid");
    expect(paidEntries).toHaveLength(1);
    expect(paidEntries[0]?.verified).toBe(true);
    await context.close();
  });

  it("stops polling when the backend is down, resumes on 'Check again', and rests while the page is hidden", async () => {
    const context = await newCustomer();
    const page = await context.newPage();
    await page.clock.install();
    const asked: string[] = [];
    let answer: (route: Route) => Promise<void> = (route) =>
      route.fulfill({
        status: 502,
        json: { error: { code: "upstream_unavailable", message: "The shop backend cannot be reached." } },
      });
    await page.route("**/demo/api/backend/received?*", (route) => {
      asked.push(new URL(route.request().url()).searchParams.get("after") ?? "");
      return answer(route);
    });
    await page.goto(demoUrl({ order: uniqueOrder("backend-down") }));

    const note = page.locator("#backend-note");
    await note.filter({ hasText: /shop backend is not running/i }).waitFor();
    expect(asked).toEqual(["0"]);
    await page.clock.runFor(20_000);
    expect(asked).toEqual(["0"]);
    await expect(entries(page).count()).resolves.toBe(0);

    answer = (route) => {
      const after = Number(new URL(route.request().url()).searchParams.get("after"));
      const list =
        after === 0
          ? [
              {
                seq: 1,
                at: new Date().toISOString(),
                webhookId: "msg_1",
                type: "payment.updated",
                shop: "demo-open",
                orderId: "NW-TEST",
                verified: true,
                outcome: "paid",
                message: "order NW-TEST paid (25.00 EUR), signature verified",
              },
            ]
          : [];
      return route.fulfill({ json: { entries: list, next: 1 } });
    };
    await page.getByRole("button", { name: "Check again" }).click();
    await entries(page).filter({ hasText: "order NW-TEST paid (25.00 EUR), signature verified" }).waitFor();
    await expect(note.textContent()).resolves.toBe("");
    await expect(page.getByRole("button", { name: "Check again" }).isHidden()).resolves.toBe(true);
    // (The clock also runs on its own, so a further poll may have started by now.)
    expect(asked.slice(0, 2)).toEqual(["0", "0"]);

    // Every 1.5 s, with the cursor kept.
    await page.clock.runFor(1600);
    await until(
      async () => asked.length,
      (n) => n >= 3,
      "the next poll",
    );
    expect(asked[2]).toBe("1");

    // Hidden: no polls; visible again: one at once.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    const whileVisible = asked.length;
    await page.clock.runFor(20_000);
    expect(asked.length).toBe(whileVisible);
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.clock.runFor(10);
    await until(
      async () => asked.length,
      (n) => n > whileVisible,
      "a poll after the page is visible again",
    );
    expect(asked.at(-1)).toBe("1");
    await expect(entries(page).count()).resolves.toBe(1);
    await context.close();
  });
});
