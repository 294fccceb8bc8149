/**
 * Every dashboard page in each of its states (loading, failed, empty, with data), rendered by the
 * real elements from fixture input, in Chromium, Firefox and WebKit; axe finds no violation in any.
 */
import { expect } from "@open-wc/testing";
import { sendKeys } from "@web/test-runner-commands";
import sinon from "sinon";
import { DeskApiError, type Load } from "../../dashboard/api.js";
import { NO_FILTERS } from "../../dashboard/filters.js";
import { NAVIGATE } from "../../dashboard/parts/navigate.js";
import { axeViolations } from "../widget/support/axe.js";
import { DETAIL, LIST, OVERVIEW, SETTINGS, WEBHOOKS } from "./support/fixtures.js";
import { $, mount, text, unmountAll, until } from "./support/mount.js";

type Page = HTMLElement & { updateComplete: Promise<boolean> };

const LOADING = { status: "loading" } as const;
const ready = <T>(data: T): Load<T> => ({ status: "ready", data });
const failed = (error: DeskApiError): Load<never> => ({ status: "error", error });
const SERVER_DOWN = new DeskApiError(
  "server",
  503,
  "The ledger's database cannot be reached; try again in 30 s.",
  [],
  "req-42",
);

async function expectAccessible(el: Element): Promise<void> {
  expect(await axeViolations(el)).to.deep.equal([]);
}

describe("dashboard pages", () => {
  afterEach(() => {
    unmountAll();
    sinon.restore();
  });

  describe("every page's loading and failed states", () => {
    for (const tag of ["desk-overview", "desk-payments", "desk-payment", "desk-webhooks", "desk-settings"]) {
      it(`${tag}: loading says so to screen readers; a failure says cause, fix, the Worker's words and the request id`, async () => {
        const loading = await mount<Page>(tag, { state: LOADING, shop: "demo-open" });
        expect(text(loading.querySelector("[role=status]"))).to.equal("Loading…");
        await expectAccessible(loading);

        const retry = sinon.spy();
        const error = await mount<Page>(tag, { state: failed(SERVER_DOWN), shop: "demo-open", retry });
        const alert = error.querySelector("[role=alert]");
        expect(text(alert)).to.contain("The Worker failed to answer.");
        expect(text(alert)).to.contain("Try again in a moment");
        expect(text(alert)).to.contain("The ledger's database cannot be reached");
        expect(text(alert)).to.contain("Request id: req-42");
        (alert?.querySelector("button") as HTMLButtonElement).click();
        expect(retry.calledOnce).to.equal(true);
        await expectAccessible(error);
      });
    }
  });

  describe("overview", () => {
    it("draws 30 stacked bars, with every number in a table, the confirmed rate, open payments and deliveries", async () => {
      const el = await mount<Page>("desk-overview", { state: ready(OVERVIEW), shop: "demo-open" });
      const svg = el.querySelector("svg[role=img]");
      expect(text(svg?.querySelector("title"))).to.equal("8 payments over 30 days, stacked by status.");
      expect(el.querySelectorAll("svg rect.seg").length).to.equal(4);
      const rows = [...el.querySelectorAll("table.numbers tbody tr")];
      expect(rows.length).to.equal(30);
      const day = rows.find((r) => text(r.querySelector("th")) === "2026-11-24");
      expect([...(day?.querySelectorAll("td") ?? [])].map(text)).to.deep.equal([
        "4",
        "0",
        "1",
        "0",
        "5",
        "110.00 EUR 5.00 USD",
      ]);
      const tiles = [...el.querySelectorAll(".tile")].map(text);
      expect(tiles[0]).to.equal("Confirmed rate 66.7 % 4 of 6 final payments");
      expect(tiles[1]).to.contain("Open payments 2");
      expect(tiles[2]).to.equal("Webhook deliveries Delivered 11 Retrying 1 Dead 2");
      const open = el.querySelector<HTMLAnchorElement>(".tile a");
      expect(open?.getAttribute("href")).to.equal(
        "/dashboard/payments?shop=demo-open&status=NEW%2CUNDERPAID%2CUNCONFIRMED",
      );
      await expectAccessible(el);
    });

    it("says that no payment was made yet", async () => {
      const el = await mount<Page>("desk-overview", {
        state: ready({ ...OVERVIEW, days: [], confirmed: 0, final: 0, open: 0 }),
        shop: "demo-open",
      });
      expect(text(el.querySelector(".empty"))).to.contain("No payments in the last 30 days");
      expect(text(el.querySelector(".tile"))).to.contain("No payment of the period is final yet");
      await expectAccessible(el);
    });
  });

  describe("payments", () => {
    const csvUrl = "/dashboard/api/shops/demo-open/payments.csv?status=CONFIRMED";

    it("lists payments with exact amounts, links to each, the next page, and the export with the same filters", async () => {
      const filters = { ...NO_FILTERS, status: ["CONFIRMED"] };
      const el = await mount<Page>("desk-payments", { state: ready(LIST), shop: "demo-open", filters, csvUrl });
      const rows = [...el.querySelectorAll("table.payments tbody tr")];
      expect(rows.map((r) => text(r.querySelector("th")))).to.deep.equal(["pay_0001", "pay_0002", "pay_0003"]);
      expect(text(rows[1])).to.contain("1200.000000000000000001 EUR");
      expect(rows[0]?.querySelector("a")?.getAttribute("href")).to.equal("/dashboard/payments/pay_0001?shop=demo-open");
      expect(el.querySelector("a[rel=next]")?.getAttribute("href")).to.equal(
        "/dashboard/payments?shop=demo-open&status=CONFIRMED&cursor=cursor-2",
      );
      const exportLink = [...el.querySelectorAll("a")].find((a) => text(a) === "Export CSV");
      expect(exportLink?.getAttribute("href")).to.equal(csvUrl);
      expect(exportLink?.hasAttribute("download")).to.equal(true);
      expect(el.querySelector<HTMLInputElement>("input[value=CONFIRMED]")?.checked).to.equal(true);
      expect(el.querySelector("details")?.open).to.equal(true);
      await expectAccessible(el);
    });

    it("moves between rows with ↑ and ↓", async () => {
      const el = await mount<Page>("desk-payments", {
        state: ready(LIST),
        shop: "demo-open",
        filters: NO_FILTERS,
        csvUrl,
      });
      const links = [...el.querySelectorAll<HTMLAnchorElement>("tbody a.row-link")];
      links[0]?.focus();
      await sendKeys({ press: "ArrowDown" });
      await sendKeys({ press: "ArrowDown" });
      expect(document.activeElement).to.equal(links[2]);
      await sendKeys({ press: "ArrowDown" });
      expect(document.activeElement).to.equal(links[2]);
      await sendKeys({ press: "ArrowUp" });
      expect(document.activeElement).to.equal(links[1]);
    });

    it("submits the search and filters as a new URL (the app pushes it), refusing amounts that are not decimals", async () => {
      const el = await mount<Page>("desk-payments", {
        state: ready(LIST),
        shop: "demo-open",
        filters: NO_FILTERS,
        csvUrl,
      });
      const urls: string[] = [];
      el.addEventListener(NAVIGATE, (e) => urls.push((e as CustomEvent<{ url: string }>).detail.url));
      $<HTMLInputElement>(el, "#f-q").value = "NW-10";
      $<HTMLInputElement>(el, "input[value=UNDERPAID]").checked = true;
      $<HTMLInputElement>(el, "#f-currency").value = "eur, usd";
      $<HTMLInputElement>(el, "#f-minAmount").value = "1,5";
      $<HTMLButtonElement>(el, "button[type=submit]").click();
      await el.updateComplete;
      expect(urls).to.deep.equal([]);
      const amount = el.querySelector("#f-minAmount");
      expect(amount?.getAttribute("aria-invalid")).to.equal("true");
      expect(text(el.querySelector("#f-minAmount-error"))).to.equal(
        "Price at least: must be a decimal amount such as 10.00, or empty.",
      );
      await until(() => document.activeElement === amount, "focus on the refused field");
      await expectAccessible(el);

      (amount as HTMLInputElement).value = "1.50";
      $<HTMLButtonElement>(el, "button[type=submit]").click();
      expect(urls).to.deep.equal([
        "/dashboard/payments?shop=demo-open&q=NW-10&status=UNDERPAID&currency=EUR%2CUSD&minAmount=1.50",
      ]);
    });

    it("says when nothing matches, and when there is nothing yet", async () => {
      const none = { payments: [], next: null };
      const filtered = await mount<Page>("desk-payments", {
        state: ready(none),
        shop: "demo-open",
        filters: { ...NO_FILTERS, q: "zzz" },
        csvUrl,
      });
      expect(text(filtered.querySelector(".empty"))).to.equal("No payment matches these filters.");
      expect(text(filtered.querySelector(".list-actions"))).to.contain("Clear filters");
      await expectAccessible(filtered);
      const empty = await mount<Page>("desk-payments", {
        state: ready(none),
        shop: "demo-open",
        filters: NO_FILTERS,
        csvUrl,
      });
      expect(text(empty.querySelector(".empty"))).to.contain("No payments yet.");
      await expectAccessible(empty);
    });
  });

  describe("payment detail", () => {
    it("shows amounts, transactions, the address with copy buttons, the timeline with every attempt, earlier payments and JSON", async () => {
      const el = await mount<Page>("desk-payment", {
        state: ready(DETAIL),
        shop: "demo-open",
        jsonHref: "/dashboard/api/shops/demo-open/payments/pay_0001",
      });
      expect(text(el.querySelector("h1"))).to.equal("Payment pay_0001");
      const facts = text(el.querySelector(".facts"));
      for (const part of [
        "Price 47.40 EUR",
        "Transfer amount 0.00081234 BTC",
        "Pending 0.00 EUR",
        "Remaining 0.00 EUR",
      ])
        expect(facts).to.contain(part);
      expect(text(el.querySelector("section[aria-labelledby=transactions] tbody"))).to.contain(
        "tx_9f2c ACCEPTED 0.00081234 BTC 47.40 EUR",
      );
      const events = [...el.querySelectorAll(".timeline > li")];
      expect(events.map((e) => text(e.querySelector(".event-head")))).to.deep.equal([
        "2026-11-24 10:15:00 UTC payment.created NEW Delivered",
        "2026-11-24 10:21:00 UTC payment.confirmed UNCONFIRMED → CONFIRMED Delivered",
      ]);
      expect([...(events[0] as Element).querySelectorAll("tbody tr")].map(text)).to.deep.equal([
        "2026-11-24 10:15:01 UTC http://127.0.0.1:8789/webhooks 500 HTTP 500 38 ms",
        "2026-11-24 10:15:03 UTC http://127.0.0.1:8789/webhooks 200 12 ms",
      ]);
      expect(text(el.querySelector(".earlier"))).to.contain("pay_0000 Expired 47.40 EUR");
      expect(el.querySelector(".earlier a")?.getAttribute("href")).to.equal(
        "/dashboard/payments/pay_0000?shop=demo-open",
      );
      expect(
        [...el.querySelectorAll("a")].find((a) => text(a) === "This payment as JSON")?.getAttribute("href"),
      ).to.equal("/dashboard/api/shops/demo-open/payments/pay_0001");
      await expectAccessible(el);
    });

    it("links a confirmed payment to its receipt page (opened with the session, no client secret), and no other", async () => {
      const el = await mount<Page>("desk-payment", { state: ready(DETAIL), shop: "demo-open" });
      const receipt = [...el.querySelectorAll("a")].find((a) => text(a) === "Open receipt");
      expect(receipt?.getAttribute("href")).to.equal("/receipt/demo-open/pay_0001");
      expect(receipt?.getAttribute("target")).to.equal("_blank");
      await expectAccessible(el);
      const open = await mount<Page>("desk-payment", {
        state: ready({ ...DETAIL, payment: { ...DETAIL.payment, status: "UNCONFIRMED" } }),
        shop: "demo-open",
      });
      expect([...open.querySelectorAll("a")].some((a) => text(a) === "Open receipt")).to.equal(false);
    });

    it("copies the exact address and confirms it", async () => {
      const writeText = sinon.stub(navigator.clipboard, "writeText").resolves();
      const el = await mount<Page>("desk-payment", { state: ready(DETAIL), shop: "demo-open" });
      const button = [...el.querySelectorAll("button")].find((b) => text(b) === "Copy address");
      button?.click();
      await until(() => text(button?.nextElementSibling) === "Copied", "Copied");
      expect(writeText.calledOnceWithExactly(DETAIL.payment.address)).to.equal(true);
      expect(button?.nextElementSibling?.getAttribute("role")).to.equal("status");
    });

    it("redelivers an event, says so, and shows the Worker's refusal with its cause and fix", async () => {
      const redeliver = sinon.stub();
      redeliver.onFirstCall().resolves();
      redeliver
        .onSecondCall()
        .rejects(new DeskApiError("forbidden", 403, "This session may not act on shop demo-open."));
      const el = await mount<Page>("desk-payment", { state: ready(DETAIL), shop: "demo-open", redeliver });
      const buttons = () => [...el.querySelectorAll<HTMLButtonElement>(".event-actions button")];
      expect(buttons().map(text)).to.deep.equal(["Redeliver", "Redeliver"]);
      buttons()[1]?.click();
      await until(
        () => text(el.querySelectorAll(".event-actions")[1]?.querySelector("[role=status]")).startsWith("Sent again"),
        "confirmation",
      );
      expect(redeliver.firstCall.args).to.deep.equal(["evt_confirmed"]);
      buttons()[0]?.click();
      await until(() => el.querySelector(".event-actions [role=alert]") !== null, "refusal");
      expect(text(el.querySelector(".event-actions [role=alert]"))).to.contain(
        "This session may not see or change this shop. Switch to one of your shops",
      );
      await expectAccessible(el);
    });

    it("says when there are no transactions, events or earlier payments", async () => {
      const el = await mount<Page>("desk-payment", {
        state: ready({ ...DETAIL, transactions: [], timeline: [], earlierPayments: [], jsonUrl: null }),
        shop: "demo-open",
      });
      expect([...el.querySelectorAll(".empty")].map(text)).to.deep.equal([
        "No transaction seen yet.",
        "No event recorded for this payment.",
        "This is the order's only payment.",
      ]);
      await expectAccessible(el);
    });
  });

  describe("webhooks", () => {
    it("shows each endpoint's success rate, deliveries and last failures, and sends a test event", async () => {
      const ping = sinon.stub().resolves({ eventId: "evt_ping_1" });
      const el = await mount<Page>("desk-webhooks", { state: ready(WEBHOOKS), ping });
      expect(text(el.querySelector(".facts"))).to.equal(
        "Success rate 84.6 % Deliveries Delivered 11 Pending 0 Retrying 1 Dead 2",
      );
      expect(text(el.querySelector("tbody tr"))).to.equal(
        "2026-11-24 10:15:01 UTC payment.created evt_created no answer timeout after 10000 ms 10.0 s",
      );
      [...el.querySelectorAll("button")].find((b) => text(b) === "Send test event")?.click();
      await until(() => text(el.querySelector(".list-actions [role=status]")) !== "", "the ping's confirmation");
      expect(text(el.querySelector(".list-actions [role=status]"))).to.equal(
        "Test event evt_ping_1 recorded and queued for every endpoint.",
      );
      await expectAccessible(el);
    });

    it("explains how to add an endpoint when there is none", async () => {
      const el = await mount<Page>("desk-webhooks", { state: ready({ endpoints: [] }) });
      expect(text(el.querySelector(".empty"))).to.contain("This shop has no webhook endpoint.");
      await expectAccessible(el);
    });
  });

  describe("settings", () => {
    it("shows a SHOPS-variable shop read-only, secrets only as set or not set", async () => {
      const el = await mount<Page>("desk-settings", { state: ready({ ...SETTINGS, source: "var", editable: false }) });
      expect(el.querySelector("form")).to.equal(null);
      expect(text(el)).to.contain("configured in the Worker's SHOPS variable");
      expect(text(el)).to.contain("apiKeySecret set");
      expect(text(el)).to.contain("backendToken not set");
      await expectAccessible(el);
    });

    it("saves a registry shop's origins, redirects and webhook endpoints (each keeping its events), and shows the saved values", async () => {
      const save = sinon.stub().callsFake(async (patch) => ({ ...SETTINGS, ...patch }));
      const el = await mount<Page>("desk-settings", { state: ready(SETTINGS), save });
      $<HTMLTextAreaElement>(el, "#s-origins").value = "https://shop.example\n\nhttps://www.shop.example ";
      $<HTMLInputElement>(el, "#s-redirect-expired").value = "https://shop.example/expired";
      $<HTMLTextAreaElement>(el, "#s-webhooks").value = "https://shop.example/webhooks\nhttps://shop.example/hooks2";
      $<HTMLButtonElement>(el, "button[type=submit]").click();
      await until(() => el.querySelector(".saved") !== null, "saved");
      expect(save.firstCall.args[0]).to.deep.equal({
        allowedOrigins: ["https://shop.example", "https://www.shop.example"],
        redirectUrls: {
          confirmed: "https://shop.example/thanks?order={orderId}",
          expired: "https://shop.example/expired",
        },
        webhooks: [
          { url: "https://shop.example/webhooks", events: ["payment.confirmed"] },
          { url: "https://shop.example/hooks2", events: null },
        ],
      });
      expect(text(el.querySelector(".saved"))).to.equal("Saved.");
      expect(document.activeElement).to.equal(el.querySelector(".saved"));
      expect($<HTMLTextAreaElement>(el, "#s-origins").value).to.equal("https://shop.example\nhttps://www.shop.example");
      await expectAccessible(el);
    });

    it("shows the Worker's validation messages by field and marks the refused fields", async () => {
      const refusal = new DeskApiError("invalid", 400, "The shop's configuration was refused.", [
        { field: "allowedOrigins.1", message: "must be an origin (scheme://host[:port]) without a path" },
      ]);
      const el = await mount<Page>("desk-settings", { state: ready(SETTINGS), save: sinon.stub().rejects(refusal) });
      $<HTMLButtonElement>(el, "button[type=submit]").click();
      await until(() => el.querySelector(".save-outcome [role=alert]") !== null, "the refusal");
      const alert = text(el.querySelector(".save-outcome"));
      expect(alert).to.contain("The Worker refused these values:");
      expect(alert).to.contain("allowedOrigins.1 : must be an origin (scheme://host[:port]) without a path");
      expect(el.querySelector("#s-origins")?.getAttribute("aria-invalid")).to.equal("true");
      expect(el.querySelector("#s-webhooks")?.getAttribute("aria-invalid")).to.equal("false");
      await expectAccessible(el);
    });
  });

  describe("sign-in", () => {
    afterEach(() => history.replaceState(null, "", location.pathname + location.search));

    it("takes the token out of the URL at once, keeps it in memory only, and signs in on the button", async () => {
      const token = "dsk_test_0123456789abcdefghij";
      history.replaceState(null, "", `${location.pathname}${location.search}#${token}`);
      const signIn = sinon.stub().resolves();
      const before = { local: localStorage.length, session: sessionStorage.length };
      const el = await mount<Page>("desk-sign-in", { signIn });
      expect(location.hash).to.equal("");
      expect(location.href).not.to.contain(token);
      await expectAccessible(el);
      $<HTMLButtonElement>(el, "button[type=submit]").click();
      await until(() => signIn.called, "sign-in");
      expect(signIn.firstCall.args).to.deep.equal([token]);
      expect({ local: localStorage.length, session: sessionStorage.length }).to.deep.equal(before);
    });

    it("explains how to get a link when the page has none, and why the person is here after sign-out", async () => {
      const el = await mount<Page>("desk-sign-in", {});
      expect(text(el.querySelector("[role=alert]"))).to.contain("crypto-checkout dashboard login --shop");
      expect(el.querySelector("button")).to.equal(null);
      await expectAccessible(el);
      const out = await mount<Page>("desk-sign-in", { reason: "signed-out" });
      expect(text(out.querySelector("[role=status]"))).to.equal(
        "You are signed out. Open a new sign-in link to come back.",
      );
      await expectAccessible(out);
    });

    it("shows a refused link's cause and fix", async () => {
      history.replaceState(null, "", `${location.pathname}${location.search}#dsk_used_0123456789abcdef`);
      const refusal = new DeskApiError(
        "unauthorized",
        401,
        "This sign-in link was used or has expired: ask for a new one.",
      );
      const el = await mount<Page>("desk-sign-in", { signIn: sinon.stub().rejects(refusal) });
      $<HTMLButtonElement>(el, "button[type=submit]").click();
      await until(() => el.querySelector(".error[role=alert]") !== null, "the refusal");
      expect(text(el.querySelector(".error"))).to.contain("This sign-in link was used or has expired");
      await expectAccessible(el);
    });
  });
});
