/**
 * The merchant's dashboard against the Worker's real API, in Chromium, Firefox and WebKit: a
 * payment is paid in the demo; a sign-in link made by the shop's backend (its token, server to
 * server) signs the browser in; the overview shows; the list finds the payment; its detail shows
 * the timeline with the webhook attempt the reference shop backend answered; Redeliver makes a new
 * attempt that the backend receives. axe and the page's CSP find nothing on any page.
 */
import { describe, expect, inject, it } from "vitest";
import { devVars } from "../../scripts/servers.mjs";
import type { DeskSignInLink } from "../../worker/checkout/dashboard-wire.js";
import { demoUrl, uniqueOrder, violations, waitFor, waitForPayment } from "./support/checkout-page.js";
import { dashboardAxe, serveAxe, waitForDashboardPage } from "./support/dashboard.js";
import { ENGINES, useEngine, type EnginePage } from "./support/engines.js";
import { sandbox } from "./support/sandbox.js";

interface ReceivedEntry {
  seq: number;
  webhookId: string | null;
  verified: boolean;
}

const token = devVars().DEMO_BACKEND_TOKEN ?? "";

async function received(webhookId: string): Promise<ReceivedEntry[]> {
  const response = await fetch(`${inject("backendUrl")}/received`);
  const { entries } = (await response.json()) as { entries: ReceivedEntry[] };
  return entries.filter((entry) => entry.webhookId === webhookId && entry.verified);
}

async function expectClean(page: EnginePage, what: string): Promise<void> {
  expect(await dashboardAxe(page), what).toEqual([]);
  expect(await violations(page), what).toEqual([]);
}

describe.each(ENGINES)("the dashboard on the Worker's API [%s]", (name) => {
  const { newCustomer, engine } = useEngine(name);

  it("signs in with a link, finds the payment paid in the demo, shows its webhook attempt, and redelivers it to the shop backend", async () => {
    const origin = inject("checkoutUrl");
    serveAxe(engine(), origin);
    const page = await newCustomer();

    const order = uniqueOrder("desk");
    await page.goto(demoUrl({ order, amount: "12.30" }));
    const view = await waitForPayment(page, "NEW");
    await sandbox.pay(view.paymentId, view.transferAmount);
    await waitForPayment(page, "UNCONFIRMED");

    const made = await fetch(`${origin}/api/shops/demo-open/dashboard/sign-in-links`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(made.status).toBe(201);
    const link = (await made.json()) as DeskSignInLink;
    expect(link.url).toMatch(new RegExp(`^${origin}/dashboard/sign-in#`));

    await page.goto(link.url);
    await waitForDashboardPage(page, "Sign in");
    expect(await page.evaluate(() => location.hash, undefined)).toBe("");
    await expectClean(page, "sign-in");
    await page.click("desk-sign-in button[type=submit]");
    await waitForDashboardPage(page, "Overview");
    await expectClean(page, "overview");

    // The ledger is written from the events' queue: the list shows the payment within moments.
    const list = `${origin}/dashboard/payments?shop=demo-open&q=${encodeURIComponent(order)}`;
    const row = `a.row-link[href^="/dashboard/payments/${view.paymentId}"]`;
    for (let tries = 0; ; tries++) {
      await page.goto(list);
      await waitForDashboardPage(page, "Payments");
      if (await page.evaluate((selector) => document.querySelector(selector) !== null, row)) break;
      if (tries === 20) throw new Error(`payment ${view.paymentId} never listed`);
    }
    await expectClean(page, "payments");

    // WebKitWebDriver refuses to click a link inside the horizontally scrolling table ("element not
    // interactable"); the link's own click() in the page is the same click for the app's router.
    await page.evaluate((selector) => document.querySelector<HTMLAnchorElement>(selector)?.click(), row);
    await waitForDashboardPage(page, `Payment ${view.paymentId}`);
    const backendUrl = `${inject("backendUrl")}/webhooks`;
    // The first event's attempt, answered 200 by the reference backend (the timeline reads again on reload).
    const firstAttempt = () =>
      page.evaluate((url) => {
        const table = document.querySelector(".timeline > li table.attempts");
        const rows = [...(table?.querySelectorAll("tbody tr") ?? [])].map((tr) =>
          [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? ""),
        );
        return {
          eventId: (table?.getAttribute("aria-label") ?? "").replace(/^.*: /, ""),
          ok: rows.filter((cells) => cells[1] === url && cells[2] === "200").length,
        };
      }, backendUrl);
    for (let tries = 0; (await firstAttempt()).ok === 0; tries++) {
      if (tries === 20) throw new Error("the first event's attempt never showed");
      await page.reload();
      await waitForDashboardPage(page, `Payment ${view.paymentId}`);
    }
    await expectClean(page, "payment");
    const { eventId, ok } = await firstAttempt();
    const before = (await received(eventId)).length;
    expect(before).toBeGreaterThan(0);

    await page.click(".timeline > li .event-actions button");
    await waitFor(
      page,
      (n) => {
        const rows = document.querySelectorAll(".timeline > li table.attempts tbody tr.ok");
        return rows.length > n;
      },
      ok,
      "the redelivery's attempt in the timeline",
    );
    await waitFor(
      page,
      () =>
        (document.querySelector(".timeline > li .event-actions [role=status]")?.textContent ?? "").startsWith(
          "Sent again",
        ),
      undefined,
      "the redelivery's confirmation",
    );
    expect((await received(eventId)).length).toBe(before + 1);
    await expectClean(page, "payment after redelivery");
  });
});
