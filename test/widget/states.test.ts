/** Every payment state rendered from fixture views, each checked by axe-core. */
import { expect } from "@open-wc/testing";
import type { PaymentView } from "../../worker/checkout/wire.js";
import type { CryptoCheckout } from "../../widget/index.js";
import { axeViolations } from "./support/axe.js";
import { $, part, root, textOf, unmountAll, useFakeCheckout } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

describe("states", () => {
  const checkout = useFakeCheckout(OPEN_SHOP);

  async function show(view: PaymentView, attributes: Record<string, string> = {}): Promise<CryptoCheckout> {
    const el = await checkout.show(view, attributes);
    expect(checkout.server.requestsTo("POST", "/payments"), "attaches, never creates").to.have.length(0);
    return el;
  }

  const status = (el: CryptoCheckout) => textOf(part(el, "status"));
  const bar = (el: CryptoCheckout) => {
    const rect = (cls: string) => $(el, `.bar .${cls}`)?.getAttribute("width");
    return [rect("accepted"), rect("pending")];
  };

  it("NEW: amount, rate, QR, address and amount with copy buttons, wallet link, countdown", async () => {
    const el = await show(VIEWS.NEW);
    expect(status(el)).to.equal("Waiting for your payment");
    expect(textOf(part(el, "amount"))).to.equal("Send exactly 0.00041234 BTC Price: €25.00 · 1 BTC = €60,629.58");
    const qr = part(el, "qr")?.querySelector("svg");
    expect(qr?.getAttribute("role")).to.equal("img");
    expect(qr?.getAttribute("aria-label")).to.equal("QR code of the BTC payment");
    expect(qr?.querySelector("rect")?.getAttribute("fill")).to.equal("#fff");
    expect(textOf($(el, "#address-value"))).to.equal(VIEWS.NEW.address);
    expect(textOf($(el, "#amount-value"))).to.equal("0.00041234");
    expect([...root(el).querySelectorAll("button")].map((b) => textOf(b))).to.deep.equal([
      "Copy address",
      "Copy amount",
    ]);
    expect(part(el, "wallet-link")?.getAttribute("href")).to.equal(VIEWS.NEW.paymentUri);
    expect(textOf(part(el, "countdown"))).to.match(/^Time left 1[45]:\d\d$/);
    expect(part(el, "progress")).to.equal(null);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("NEW with pending funds: adds the two-part progress with the amounts in words", async () => {
    const el = await show(VIEWS.NEW_PENDING);
    expect(status(el)).to.equal("Waiting for your payment");
    expect(bar(el)).to.deep.equal(["0.00%", "24.25%"]);
    expect(textOf(part(el, "progress"))).to.contain(
      "0.00000000 BTC confirmed and 0.00010000 BTC waiting for confirmation, of 0.00041234 BTC",
    );
    expect(part(el, "qr")).to.not.equal(null);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("UNDERPAID: what arrived, what remains, a QR and link for the remainder", async () => {
    const el = await show(VIEWS.UNDERPAID);
    expect(status(el)).to.equal("Part of the amount has arrived");
    expect(textOf($(el, "dl.summary"))).to.equal("Received 0.00030000 BTC Still to pay 0.00011234 BTC");
    expect(textOf(part(el, "amount"))).to.contain("Send exactly 0.00011234 BTC");
    expect(textOf($(el, "#amount-value"))).to.equal("0.00011234");
    expect(part(el, "wallet-link")?.getAttribute("href")).to.equal(
      `bitcoin:${VIEWS.NEW.address}?amount=0.00011234&label=Demo%20shop`,
    );
    expect(bar(el)).to.deep.equal(["72.75%", "0.00%"]);
    expect(part(el, "countdown")).to.not.equal(null);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("UNDERPAID: shows the Worker's remainder, link and shares as sent, computing nothing", async () => {
    // Derived fields that do not follow from the amounts: the element shows them as they are.
    const el = await show({
      ...VIEWS.UNDERPAID,
      remainingTransferAmount: "0.00000777",
      remainderPaymentUri: "bitcoin:worker-link?amount=0.00000777",
      progress: {
        acceptedPercent: "12.34",
        pendingPercent: "5.00",
        accepted: "0.1",
        pending: "0.2",
        paid: "0.00000123",
        total: "0.4",
      },
    });
    expect(textOf($(el, "dl.summary"))).to.equal("Received 0.00000123 BTC Still to pay 0.00000777 BTC");
    expect(textOf($(el, "#amount-value"))).to.equal("0.00000777");
    expect(part(el, "wallet-link")?.getAttribute("href")).to.equal("bitcoin:worker-link?amount=0.00000777");
    expect(bar(el)).to.deep.equal(["12.34%", "5.00%"]);
  });

  it("UNDERPAID: a remainder link that could run script is not rendered", async () => {
    const el = await show({ ...VIEWS.UNDERPAID, remainderPaymentUri: "javascript:alert(document.domain)" });
    expect(part(el, "wallet-link")).to.equal(null);
    expect(part(el, "qr")).to.not.equal(null);
  });

  it("UNCONFIRMED: received, waiting for confirmation, progress and transactions", async () => {
    const el = await show(VIEWS.UNCONFIRMED);
    expect(status(el)).to.equal("Payment received, waiting for confirmation");
    expect(bar(el)).to.deep.equal(["72.75%", "27.25%"]);
    expect(part(el, "qr")).to.equal(null);
    expect(part(el, "countdown")).to.equal(null);
    expect(root(el).querySelectorAll(".transactions li")).to.have.length(2);
    expect(textOf($(el, ".transactions"))).to.contain("0.00011234 BTC · waiting for confirmation");
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("CONFIRMED: success and the transactions, no payment instructions", async () => {
    const el = await show(VIEWS.CONFIRMED);
    expect(status(el)).to.equal("Payment confirmed. Thank you!");
    expect(textOf($(el, ".transactions"))).to.contain("0.00041234 BTC · confirmed");
    expect(part(el, "qr")).to.equal(null);
    expect(part(el, "countdown")).to.equal(null);
    expect(checkout.server.sockets, "a final payment opens no stream").to.have.length(0);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("EXPIRED: start again; a reference only when something was paid", async () => {
    const el = await show(VIEWS.EXPIRED);
    expect(status(el)).to.equal("This payment has expired");
    expect(textOf($(el, ".actions button"))).to.equal("Start again");
    expect(part(el, "reference")).to.equal(null);
    expect(await axeViolations(el)).to.deep.equal([]);
    unmountAll();
    const paid = await show(VIEWS.EXPIRED_PAID);
    expect(textOf(part(paid, "reference"))).to.equal("Reference to give the shop: pay_0001");
  });

  it("INVALID: the problem and the reference to give the shop", async () => {
    const el = await show(VIEWS.INVALID);
    expect(status(el)).to.equal("There is a problem with this payment");
    expect(textOf(part(el, "reference"))).to.equal("Reference to give the shop: pay_0001");
    expect(textOf($(el, ".transactions"))).to.contain("rejected");
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("an unknown status: shown as text, nothing breaks", async () => {
    const el = await show(VIEWS.UNKNOWN);
    expect(status(el)).to.equal("Payment status: REFUNDED");
    expect(textOf(part(el, "reference"))).to.contain("pay_0001");
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("transactions without some fields: the missing ones read as unknown, nothing breaks", async () => {
    const el = await show(VIEWS.PARTIAL_TRANSACTIONS);
    expect(status(el)).to.equal("Payment received, waiting for confirmation");
    const items = [...root(el).querySelectorAll(".transactions li")].map((li) => textOf(li));
    expect(items).to.have.length(4);
    expect(items[0]).to.match(/^amount unknown · waiting for confirmation · .+ tx-no-amount$/);
    expect(items[1]).to.equal("0.00020000 BTC · status unknown tx-no-state");
    // An observedTime that is not RFC 3339 is left out rather than shown as a guessed date.
    expect(items[2]).to.equal("0.00021234 BTC · confirmed transaction ID unknown");
    expect(items[3]).to.equal("amount unknown · status unknown transaction ID unknown");
    expect(root(el).querySelectorAll(".transactions time")).to.have.length(1);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("an expirationTime that is not RFC 3339 shows no countdown (not a wrong one); the rest is unchanged", async () => {
    const el = await show(VIEWS.MALFORMED_EXPIRY);
    expect(status(el)).to.equal("Waiting for your payment");
    expect(part(el, "qr")).to.not.equal(null);
    expect(part(el, "countdown")).to.equal(null);
    expect(root(el).querySelectorAll("time")).to.have.length(0);
  });

  it("shows no wallet link for a payment URI that would run script", async () => {
    const el = await show({ ...VIEWS.NEW, paymentUri: "javascript:alert(document.domain)" });
    expect(part(el, "wallet-link")).to.equal(null);
    expect(root(el).querySelectorAll("a")).to.have.length(0);
    expect(part(el, "qr")).to.not.equal(null); // the QR only carries text
  });

  it("the dark theme passes axe too, QR still on white", async () => {
    const el = await show(VIEWS.UNDERPAID, { theme: "dark" });
    expect(getComputedStyle(part(el, "qr") as HTMLElement).backgroundColor).to.equal("rgb(255, 255, 255)");
    expect(getComputedStyle($(el, ".base") as HTMLElement).backgroundColor).to.equal("rgb(28, 29, 33)");
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
