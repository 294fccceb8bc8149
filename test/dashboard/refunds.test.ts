/**
 * A payment's refunds section (dashboard/pages/refunds.ts) with the real API client
 * (dashboard/api.ts) over a fake fetch that answers as the Worker's refund routes answer and
 * records every request: loading, failure, empty, filled; a proposal's click and the form send
 * the right body; Approve confirms first, naming the amount and address, and sends exactly
 * those; each refund error code is said in words; axe finds nothing in any state.
 */
import { expect } from "@open-wc/testing";
import { sendKeys } from "@web/test-runner-commands";
import sinon from "sinon";
import { DeskApi } from "../../dashboard/api.js";
import type { RefundLinkCreated, RefundList, RefundView } from "../../worker/checkout/backend-wire.js";
import { axeViolations } from "../widget/support/axe.js";
import { DETAIL } from "./support/fixtures.js";
import { $, mount, text, unmountAll, until } from "./support/mount.js";

type Section = HTMLElement & { updateComplete: Promise<boolean> };
interface Call {
  method: string;
  path: string;
  body: unknown;
  csrf: string | null;
}
type Reply = { status: number; body: unknown };

const BASE = "/dashboard/api/shops/demo-open/payments/pay_0001/refunds";
const ADDRESS = "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7";
const ID = "rf_0123456789abcdef0123456789abcdef";

function refund(overrides: Partial<RefundView> = {}): RefundView {
  return {
    id: ID,
    shopId: "demo-open",
    paymentId: "pay_0001",
    state: "ready_for_approval",
    reason: "overpaid",
    amount: "0.0002",
    denomination: "transfer",
    currency: "BTC",
    transferCurrency: "BTC",
    priceCurrency: "EUR",
    network: "testnet",
    address: ADDRESS,
    addressBy: "customer",
    createdAt: "2026-11-25T10:00:00.000Z",
    history: [
      {
        at: "2026-11-25T10:00:00.000Z",
        actor: { kind: "merchant", id: "access:ana@shop.example" },
        event: "create",
        from: null,
        to: "requested",
      },
      {
        at: "2026-11-25T10:01:00.000Z",
        actor: { kind: "merchant", id: "access:ana@shop.example" },
        event: "request_address",
        from: "requested",
        to: "awaiting_address",
      },
      {
        at: "2026-11-25T10:05:00.000Z",
        actor: { kind: "customer" },
        event: "submit_address",
        from: "awaiting_address",
        to: "ready_for_approval",
        note: "address given",
      },
    ],
    ...overrides,
  };
}

function list(refunds: RefundView[] = [], remaining = "0.001"): RefundList {
  return {
    paymentId: "pay_0001",
    transferCurrency: "BTC",
    priceCurrency: "EUR",
    totals: { accepted: "0.0012", held: refunds.length ? "0.0002" : "0", remaining },
    proposals: [
      { kind: "overpaid_excess", reason: "overpaid", amount: "0.0002", currency: "BTC", denomination: "transfer" },
      { kind: "whole_payment", reason: "order_cancelled", amount: "0.0012", currency: "BTC", denomination: "transfer" },
    ],
    refunds,
  };
}

const error = (status: number, code: string, message: string, extra: Record<string, string> = {}): Reply => ({
  status,
  body: { error: { code, message, kind: "invalid", retryable: false, ...extra } },
});

/** The real client over a fake fetch: `answer` decides each reply; every request is recorded. */
function fakeApi(answer: (call: Call) => Reply) {
  const calls: Call[] = [];
  const api = new DeskApi("/dashboard/api", async (input, init) => {
    const call: Call = {
      method: init?.method ?? "GET",
      path: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      csrf: new Headers(init?.headers).get("x-csrf-token"),
    };
    calls.push(call);
    const reply = answer(call);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { "content-type": "application/json", "x-request-id": "req-7" },
    });
  });
  api.csrfToken = "csrf-1";
  const writes = () => calls.filter((c) => c.method !== "GET");
  return { calls: api.refunds("demo-open", "pay_0001"), requests: calls, writes };
}

async function section(answer: (call: Call) => Reply) {
  const fake = fakeApi(answer);
  const el = await mount<Section>("desk-refunds", { calls: fake.calls });
  await until(() => !el.querySelector(".loading"), "the refunds to load");
  await el.updateComplete;
  return { el, ...fake };
}

async function expectAccessible(el: Element): Promise<void> {
  expect(await axeViolations(el)).to.deep.equal([]);
}

const buttonNamed = (el: Element, name: string): HTMLButtonElement => {
  const found = [...el.querySelectorAll("button")].find((b) => text(b).startsWith(name));
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

describe("a payment's refunds", () => {
  afterEach(() => {
    unmountAll();
    sinon.restore();
  });

  it("sits on the payment's page between its transactions and its timeline, when the page is given the calls", async () => {
    const fake = fakeApi(() => ({ status: 200, body: list([refund()]) }));
    const page = await mount<Section>("desk-payment", {
      state: { status: "ready", data: DETAIL },
      shop: "demo-open",
      refunds: fake.calls,
    });
    await until(() => page.querySelector(".refund") !== null, "the refunds");
    const headings = [...page.querySelectorAll("h2")].map(text);
    expect(headings.indexOf("Refunds")).to.equal(headings.indexOf("Transactions") + 1);
    expect(headings.indexOf("Timeline")).to.equal(headings.indexOf("Refunds") + 1);
    expect(fake.requests.map((c) => c.path)).to.deep.equal([BASE]);
    await expectAccessible(page);
    const without = await mount<Section>("desk-payment", {
      state: { status: "ready", data: DETAIL },
      shop: "demo-open",
    });
    expect(without.querySelector("desk-refunds")).to.equal(null);
  });

  it("says it is loading, then a failure with its cause and a retry that reads again", async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fake = fakeApi(() =>
      fail ? error(503, "upstream_unavailable", "The ledger is down.") : { status: 200, body: list() },
    );
    const slow = { ...fake.calls, list: async () => (await gate, fake.calls.list()) };
    const el = await mount<Section>("desk-refunds", { calls: slow });
    expect(text(el.querySelector("[role=status]"))).to.equal("Loading…");
    await expectAccessible(el);
    release();
    await until(() => el.querySelector("[role=alert]") !== null, "the failure");
    expect(text(el.querySelector("[role=alert]"))).to.contain("The Worker failed to answer.");
    expect(text(el.querySelector("[role=alert]"))).to.contain("The ledger is down.");
    await expectAccessible(el);
    fail = false;
    buttonNamed(el, "Try again").click();
    await until(() => el.querySelector(".refund-totals") !== null, "the list after retry");
  });

  it("shows the totals, the proposals as buttons and says there is no refund yet", async () => {
    const { el } = await section(() => ({ status: 200, body: list() }));
    expect(text(el.querySelector(".refund-totals"))).to.equal(
      "Accepted 0.0012 BTC Held by refunds 0 BTC Can still be refunded 0.001 BTC",
    );
    expect([...el.querySelectorAll("button.proposal")].map(text)).to.deep.equal([
      "Refund the excess 0.0002 BTC",
      "Refund the whole payment, 0.0012 BTC",
    ]);
    expect(text(el.querySelector(".empty"))).to.equal("No refunds for this payment yet.");
    await expectAccessible(el);
  });

  it("a proposal's click sends {proposal} with the CSRF token, and the list is read again", async () => {
    let created = false;
    const { el, requests, writes } = await section((call) => {
      if (call.method === "POST") {
        created = true;
        return { status: 201, body: refund({ state: "requested" }) };
      }
      return { status: 200, body: list(created ? [refund({ state: "requested", address: undefined })] : []) };
    });
    buttonNamed(el, "Refund the excess").click();
    await until(() => el.querySelector(".refund") !== null, "the new refund");
    expect(writes()).to.deep.equal([
      { method: "POST", path: BASE, body: { proposal: "overpaid_excess" }, csrf: "csrf-1" },
    ]);
    expect(requests.filter((c) => c.method === "GET")).to.have.length(2);
    expect(text(el.querySelector(".notice"))).to.equal("Refund created.");
    expect(text(el.querySelector(".refund h3"))).to.contain("Refund of 0.0002 BTC Requested");
  });

  it("the form refuses a malformed amount without a request, and sends amount, currency, reason and address", async () => {
    const { el, writes } = await section((call) =>
      call.method === "POST" ? { status: 201, body: refund() } : { status: 200, body: list() },
    );
    buttonNamed(el, "Refund…").click();
    await el.updateComplete;
    const form = $<HTMLFormElement>(el, "form.refund-form");
    await expectAccessible(el);
    const amount = $<HTMLInputElement>(form, "input[name=amount]");
    amount.value = "1,5";
    form.requestSubmit();
    await el.updateComplete;
    expect(writes()).to.deep.equal([]);
    expect(amount.getAttribute("aria-invalid")).to.equal("true");
    expect(text($(form, "#refund-amount-hint"))).to.contain("must be a positive decimal");
    expect(document.activeElement).to.equal(amount);

    amount.value = "12.50";
    $<HTMLSelectElement>(form, "select[name=denomination]").value = "price";
    $<HTMLSelectElement>(form, "select[name=reason]").value = "order_cancelled";
    $<HTMLInputElement>(form, "input[name=address]").value = ` ${ADDRESS} `;
    form.requestSubmit();
    await until(() => writes().length === 1 && !el.querySelector("form.refund-form"), "the create");
    expect(writes()[0]?.body).to.deep.equal({
      amount: "12.50",
      denomination: "price",
      reason: "order_cancelled",
      address: ADDRESS,
    });
  });

  it("shows each refund's state, address, payout, transaction, sent time and timeline; a sent one has no action", async () => {
    const sent = refund({
      state: "sent",
      payout: {
        payoutId: "po_1",
        status: "SENT",
        transactionId: "f3a9c0de",
        sentTime: "2026-11-25T11:00:00.000Z",
        sourceTime: 1,
      },
    });
    const { el } = await section(() => ({ status: 200, body: list([sent], "0.0008") }));
    const item = $(el, ".refund");
    expect(text($(item, "h3"))).to.equal("Refund of 0.0002 BTC Sent");
    expect(text(item)).to.contain(`Address ${ADDRESS} given by the customer`);
    expect(text(item)).to.contain("Payout status SENT");
    expect(text(item)).to.contain("Transaction f3a9c0de");
    expect(text(item)).to.contain("Sent 2026-11-25 11:00:00 UTC");
    expect(item.querySelector("button")).to.equal(null);
    expect([...item.querySelectorAll(".timeline li")].map(text)).to.deep.equal([
      "2026-11-25 10:00:00 UTC Merchant (access:ana@shop.example) requested",
      "2026-11-25 10:01:00 UTC Merchant (access:ana@shop.example) requested → awaiting_address",
      "2026-11-25 10:05:00 UTC Customer awaiting_address → ready_for_approval address given",
    ]);
    await expectAccessible(el);
  });

  it("Approve asks first, naming the amount and address; declining sends nothing, confirming sends exactly them", async () => {
    let approved = false;
    const { el, writes } = await section((call) => {
      if (call.path.endsWith("/approve")) {
        approved = true;
        return { status: 200, body: refund({ state: "approved" }) };
      }
      if (call.path.endsWith("/payout-limits"))
        return {
          status: 200,
          body: {
            refundId: ID,
            currency: "BTC",
            transferAmount: "0.0002",
            available: "1.25",
            minPayoutAmount: "0.0001",
          },
        };
      return { status: 200, body: list([refund(approved ? { state: "approved" } : {})]) };
    });
    buttonNamed(el, "Approve…").click();
    await el.updateComplete;
    const dialog = $<HTMLDialogElement>(el, "dialog.confirm-approval");
    expect(dialog.open).to.equal(true);
    expect(text($(dialog, ".confirm-amount"))).to.equal("0.0002 BTC");
    expect(text($(dialog, ".confirm-address"))).to.equal(ADDRESS);
    // The shop's balance at the payment service is shown before anything is sent.
    await until(() => el.querySelector(".confirm-available") !== null, "the available balance");
    expect(text($(dialog, ".confirm-available"))).to.equal("1.25 BTC");
    expect(document.activeElement).to.equal(buttonNamed(dialog, "Don't approve"));
    await expectAccessible(el);
    buttonNamed(dialog, "Don't approve").click();
    await el.updateComplete;
    expect(el.querySelector("dialog")).to.equal(null);
    expect(writes()).to.deep.equal([]);

    buttonNamed(el, "Approve…").click();
    await el.updateComplete;
    buttonNamed($(el, "dialog"), "Approve and send 0.0002 BTC").click();
    await until(() => text(el.querySelector(".notice")).startsWith("Approved"), "the approval");
    expect(writes()).to.deep.equal([
      {
        method: "POST",
        path: `${BASE}/${ID}/approve`,
        body: { amount: "0.0002", currency: "BTC", address: ADDRESS },
        csrf: "csrf-1",
      },
    ]);
    expect(text($(el, ".refund h3"))).to.contain("Approved");
  });

  it("says before approving when the balance cannot pay the refund", async () => {
    const { el, writes } = await section((call) =>
      call.path.endsWith("/payout-limits")
        ? {
            status: 200,
            body: {
              refundId: ID,
              currency: "BTC",
              transferAmount: "0.0002",
              available: "0.0001",
              problem:
                "The merchant balance at the payment service has 0.0001 BTC available; this refund sends 0.0002 BTC.",
            },
          }
        : { status: 200, body: list([refund()]) },
    );
    buttonNamed(el, "Approve…").click();
    await until(() => el.querySelector(".confirm-problem") !== null, "the limits' problem");
    expect(text($(el, ".confirm-problem"))).to.contain("0.0001 BTC available");
    expect(text($(el, ".confirm-available"))).to.equal("0.0001 BTC");
    await expectAccessible(el);
    expect(writes()).to.deep.equal([]);
  });

  it("Escape closes the confirmation without approving (keyboard)", async () => {
    const { el, writes } = await section(() => ({ status: 200, body: list([refund()]) }));
    buttonNamed(el, "Approve…").focus();
    await sendKeys({ press: "Enter" });
    await until(() => el.querySelector<HTMLDialogElement>("dialog")?.open === true, "the dialog");
    await sendKeys({ press: "Escape" });
    await until(() => el.querySelector("dialog") === null, "the dialog to close");
    expect(writes()).to.deep.equal([]);
  });

  it("Send link to customer shows the URL to copy with its expiry", async () => {
    const requested = refund({ state: "requested", address: undefined, addressBy: undefined });
    const link: RefundLinkCreated = {
      refund: refund({ state: "awaiting_address", address: undefined }),
      url: "https://pay.example.com/refund/demo-open/#pay_0001.rf_x.secret",
      token: "pay_0001.rf_x.secret",
      expiresAt: "2026-11-26T10:00:00.000Z",
    };
    let linked = false;
    const { el, writes } = await section((call) => {
      if (call.path.endsWith("/link")) {
        linked = true;
        return { status: 201, body: link };
      }
      return { status: 200, body: list([linked ? link.refund : requested]) };
    });
    expect(el.querySelector(".refund button.primary")).to.equal(null);
    buttonNamed(el, "Send link to customer").click();
    await until(() => el.querySelector(".refund-link") !== null, "the link");
    expect(writes().map((c) => [c.method, c.path, c.body])).to.deep.equal([["POST", `${BASE}/${ID}/link`, {}]]);
    expect(text($(el, ".refund-link"))).to.contain(link.url);
    expect(text($(el, ".refund-link"))).to.contain("expires 2026-11-26 10:00:00 UTC");
    expect(el.querySelector(".refund-link desk-copy")).to.not.equal(null);
    expect(text($(el, ".refund h3"))).to.contain("Waiting for the customer's address");
    await expectAccessible(el);
  });

  it("Cancel asks first and sends nothing when declined", async () => {
    const confirm = sinon.stub(window, "confirm");
    confirm.onFirstCall().returns(false).onSecondCall().returns(true);
    const { el, writes } = await section((call) =>
      call.method === "POST"
        ? { status: 200, body: refund({ state: "cancelled" }) }
        : { status: 200, body: list([refund()]) },
    );
    buttonNamed(el, "Cancel the refund").click();
    await el.updateComplete;
    expect(confirm.firstCall.args[0]).to.contain("0.0002 BTC");
    expect(writes()).to.deep.equal([]);
    buttonNamed(el, "Cancel the refund").click();
    await until(() => writes().length === 1, "the cancel");
    expect(writes()[0]?.path).to.equal(`${BASE}/${ID}/cancel`);
  });

  const FAILURES: [string, Reply, string][] = [
    [
      "a stale approval",
      error(409, "refund_refused", "The refund changed.", { refusal: "stale_approval" }),
      "The refund changed since it was shown.",
    ],
    [
      "another refusal with its code",
      error(409, "refund_refused", "The payout has expired.", { refusal: "expired" }),
      "The refund cannot take this step (expired): The payout has expired.",
    ],
    [
      "too much",
      error(422, "refund_amount_exceeded", "Too much.", { remaining: "0.00005" }),
      "only 0.00005 of this payment can still be refunded",
    ],
    [
      "the payout limits",
      error(422, "payout_limits", "Available 0.0001 BTC; the refund is 0.0002 BTC."),
      "The payment service's payout limits refuse this amount. Available 0.0001 BTC",
    ],
    [
      "an invalid address",
      error(422, "invalid_address", "Not a testnet address.", { problem: "network" }),
      "The address is not valid (network): Not a testnet address.",
    ],
  ];
  for (const [what, reply, said] of FAILURES) {
    it(`says ${what} in words, with the request id`, async () => {
      const { el } = await section((call) =>
        call.method === "POST" ? reply : { status: 200, body: list([refund()]) },
      );
      buttonNamed(el, "Approve…").click();
      await el.updateComplete;
      buttonNamed($(el, "dialog"), "Approve and send").click();
      await until(() => el.querySelector("[role=alert]") !== null, "the failure");
      expect(text($(el, "[role=alert]"))).to.contain(said);
      expect(text($(el, "[role=alert]"))).to.contain("Request id: req-7");
      await expectAccessible(el);
    });
  }
});
