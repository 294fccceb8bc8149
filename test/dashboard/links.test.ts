/**
 * The dashboard's Links page (dashboard/pages/links.ts) with the real API client (dashboard/api.ts)
 * over a fake fetch that answers as the Worker's link routes answer and records every request:
 * loading, failed, empty and filled; the form sends the right body for a fixed and an open
 * amount, refuses what it can tell is wrong by the field, and shows the new URL to copy;
 * Disable asks first and sends the CSRF token; the app's router reaches /dashboard/links; axe
 * finds nothing in any state.
 */
import { expect } from "@open-wc/testing";
import sinon from "sinon";
import { DeskApi, DeskApiError, type Load } from "../../dashboard/api.js";
import { linkBody } from "../../dashboard/link-form.js";
import { link, parseRoute, routeUrl } from "../../dashboard/routes.js";
import type { PaymentLinkList, PaymentLinkView } from "../../worker/checkout/link-wire.js";
import { axeViolations } from "../widget/support/axe.js";
import { $, mount, text, unmountAll, until } from "./support/mount.js";

type Page = HTMLElement & { updateComplete: Promise<boolean> };
interface Call {
  method: string;
  path: string;
  body: unknown;
  csrf: string | null;
}

const BASE = "/dashboard/api/shops/demo-open/links";
const ID = "lnk_0123456789abcdef0123456789abcdef";

function linkView(over: Partial<PaymentLinkView> = {}): PaymentLinkView {
  return {
    id: ID,
    shop: "demo-open",
    url: `https://checkout.example/pay/demo-open/${ID}`,
    description: "Consultation, 1 hour",
    priceCurrency: "EUR",
    priceAmount: "80.00",
    singleUse: false,
    orderPrefix: "link",
    createdAt: "2026-11-27T10:00:00.000Z",
    uses: 3,
    state: "live",
    ...over,
  };
}

const ready = (links: PaymentLinkView[]): Load<PaymentLinkList> => ({ status: "ready", data: { links } });

/** The real client over a fake fetch: each POST answers `reply(call)`; every call recorded. */
function fakeApi(reply: (call: Call) => { status: number; body: unknown }) {
  const calls: Call[] = [];
  const api = new DeskApi("/dashboard/api", async (input, init) => {
    const headers = new Headers(init?.headers);
    const call: Call = {
      method: init?.method ?? "GET",
      path: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      csrf: headers.get("x-csrf-token"),
    };
    calls.push(call);
    const { status, body } = reply(call);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  api.csrfToken = "csrf-123";
  return { api, calls };
}

const expectAccessible = async (el: Element) => expect(await axeViolations(el)).to.deep.equal([]);

function fill(page: Element, name: string, value: string): void {
  const input = $<HTMLInputElement>(page, `[name=${name}]`);
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

const button = (page: Element, name: string): HTMLButtonElement => {
  const found = [...page.querySelectorAll("button")].find((b) => text(b) === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

describe("the Links page", () => {
  afterEach(() => {
    unmountAll();
    sinon.restore();
  });

  it("says loading, a failure with its retry, and an empty list, accessibly", async () => {
    const loading = await mount<Page>("desk-links", { state: { status: "loading" } });
    expect(text(loading.querySelector("[role=status]"))).to.equal("Loading…");
    await expectAccessible(loading);
    const retry = sinon.spy();
    const failed = await mount<Page>("desk-links", {
      state: { status: "error", error: new DeskApiError("server", 503, "down", [], "req-1") },
      retry,
    });
    expect(text(failed.querySelector("[role=alert]"))).to.contain("down");
    await expectAccessible(failed);
    const empty = await mount<Page>("desk-links", { state: ready([]) });
    expect(text(empty)).to.contain("This shop has no payment link yet.");
    await expectAccessible(empty);
  });

  it("lists each link with its amount, use, state and a copy button for its URL", async () => {
    const page = await mount<Page>("desk-links", {
      state: ready([
        linkView(),
        linkView({
          id: "lnk_ffffffffffffffffffffffffffffffff",
          description: "Donation",
          priceAmount: undefined,
          minAmount: "5",
          maxAmount: "500",
          singleUse: true,
          orderId: "inv-1",
          state: "used",
          uses: 1,
        }),
      ]),
    });
    const rows = [...page.querySelectorAll("tbody tr")].map((r) => text(r));
    expect(rows[0])
      .to.contain("Consultation, 1 hour")
      .and.contain("80.00 EUR")
      .and.contain("reusable")
      .and.contain("live");
    expect(rows[1]).to.contain("5–500 EUR").and.contain("single use").and.contain("paid");
    const copies = [...page.querySelectorAll("desk-copy")] as (HTMLElement & { value: string })[];
    expect(copies[0]?.value).to.equal(`https://checkout.example/pay/demo-open/${ID}`);
    await expectAccessible(page);
  });

  it("creates a fixed link, sends the right body with the CSRF token, and shows its URL to copy", async () => {
    const created = linkView({ id: "lnk_11111111111111111111111111111111", uses: 0, description: "Workshop" });
    const { api, calls } = fakeApi(() => ({ status: 201, body: created }));
    const page = await mount<Page>("desk-links", { state: ready([linkView()]), calls: api.linkCalls("demo-open") });
    button(page, "New payment link").click();
    await page.updateComplete;
    await expectAccessible(page);
    fill(page, "description", "Workshop");
    fill(page, "amount", "25.00");
    fill(page, "referenceLabel", "Your name");
    $<HTMLInputElement>(page, "[name=referenceRequired]").checked = true;
    button(page, "Create link").click();
    await until(() => page.querySelector(".link-created") !== null, "the created link");
    expect(calls).to.deep.equal([
      {
        method: "POST",
        path: BASE,
        csrf: "csrf-123",
        body: {
          description: "Workshop",
          priceCurrency: "EUR",
          singleUse: false,
          priceAmount: "25.00",
          reference: { label: "Your name", required: true },
        },
      },
    ]);
    expect(text(page.querySelector(".link-created"))).to.contain(created.url);
    expect(page.querySelectorAll("tbody tr").length).to.equal(2);
    await expectAccessible(page);
  });

  it("refuses a bad amount by its field before sending anything, then creates an open single-use link", async () => {
    const { api, calls } = fakeApi((call) => ({ status: 201, body: linkView({ ...(call.body as object) }) }));
    const page = await mount<Page>("desk-links", { state: ready([]), calls: api.linkCalls("demo-open") });
    button(page, "New payment link").click();
    await page.updateComplete;
    fill(page, "description", "Donation");
    $<HTMLInputElement>(page, "[name=kind][value=open]").click();
    await page.updateComplete;
    fill(page, "min", "1,50");
    fill(page, "max", "100");
    button(page, "Create link").click();
    await page.updateComplete;
    const min = $<HTMLInputElement>(page, "#link-min");
    expect(min.getAttribute("aria-invalid")).to.equal("true");
    expect(text(page.querySelector("#link-min-error"))).to.contain("greater than zero");
    expect(document.activeElement).to.equal(min);
    expect(calls).to.have.length(0);
    await expectAccessible(page);
    fill(page, "min", "1.50");
    $<HTMLInputElement>(page, "[name=singleUse]").click();
    await page.updateComplete;
    fill(page, "orderId", "inv-7");
    button(page, "Create link").click();
    await until(() => calls.length === 1, "the create");
    expect(calls[0]?.body).to.deep.equal({
      description: "Donation",
      priceCurrency: "EUR",
      singleUse: true,
      minAmount: "1.50",
      maxAmount: "100",
      orderId: "inv-7",
    });
  });

  it("Disable asks first, then disables with the CSRF token and shows the new state", async () => {
    const { api, calls } = fakeApi(() => ({
      status: 200,
      body: linkView({ state: "disabled", disabledAt: "2026-11-27T11:00:00.000Z" }),
    }));
    const page = await mount<Page>("desk-links", { state: ready([linkView()]), calls: api.linkCalls("demo-open") });
    button(page, "Disable").click();
    await page.updateComplete;
    expect(text(page.querySelector(".confirm-inline"))).to.contain("Disable “Consultation, 1 hour” for good?");
    expect(calls).to.have.length(0);
    await expectAccessible(page);
    button(page, "Keep it").click();
    await page.updateComplete;
    expect(page.querySelector(".confirm-inline")).to.equal(null);
    button(page, "Disable").click();
    await page.updateComplete;
    button(page, "Disable link").click();
    await until(() => text(page.querySelector("tbody tr")).includes("disabled"), "the disabled state");
    expect(calls).to.deep.equal([{ method: "POST", path: `${BASE}/${ID}/disable`, body: {}, csrf: "csrf-123" }]);
    expect(text(page.querySelector("[role=status]"))).to.equal("Link disabled.");
    expect([...page.querySelectorAll("tbody button")].map((b) => text(b))).not.to.include("Disable");
  });

  it("is a page of the dashboard's URL scheme", () => {
    expect(parseRoute("/dashboard/links", "?shop=demo-open")).to.deep.equal({ page: "links", shop: "demo-open" });
    expect(routeUrl({ page: "links", shop: "demo-open" })).to.equal("/dashboard/links?shop=demo-open");
    expect(link.links(null)).to.equal("/dashboard/links");
  });

  it("the form's rules: a description, a currency code, amounts as the Worker reads them, a future expiry", () => {
    const base = {
      description: "x",
      currency: "eur",
      kind: "fixed" as const,
      amount: "10",
      min: "",
      max: "",
      singleUse: false,
      orderId: "ignored",
      referenceLabel: " ",
      referenceRequired: true,
      expires: "",
    };
    expect(linkBody(base)).to.deep.equal({
      body: { description: "x", priceCurrency: "EUR", singleUse: false, priceAmount: "10" },
    });
    expect(linkBody({ ...base, description: " " })).to.have.property("field", "description");
    expect(linkBody({ ...base, currency: "€" })).to.have.property("field", "currency");
    for (const amount of ["0", "1e3", "-1", "1.", ".5", "1,5"])
      expect(linkBody({ ...base, amount }), amount).to.have.property("field", "amount");
    expect(linkBody({ ...base, expires: "2020-01-01T10:00" })).to.have.property("field", "expires");
  });
});
