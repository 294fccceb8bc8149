/**
 * The element's refund mode (widget/refund/): every step against a stubbed Worker's refund-link
 * routes, the address checks as the customer sees them, events, focus and announcements.
 */
import { expect } from "@open-wc/testing";
import type { CryptoCheckout } from "../../widget/index.js";
import type { RefundLinkView } from "../../worker/checkout/refund-wire.js";
import type { CheckoutEventDetails, CheckoutEventName } from "../../widget/events.js";
import { BTC_LINK, FakeRefundWorker, refusal, REFUND_SHOP, TOKEN, VECTORS } from "./support/fake-refund.js";
import {
  button,
  enter,
  heading,
  input,
  mountRefund,
  problemOf,
  q,
  showing,
  unmountRefunds,
} from "./support/refund-mount.js";
import { textOf, until } from "./support/mount.js";

function events<K extends CheckoutEventName>(el: CryptoCheckout, name: K): CheckoutEventDetails[K][] {
  const seen: CheckoutEventDetails[K][] = [];
  el.addEventListener(name, (e) => seen.push((e as CustomEvent<CheckoutEventDetails[K]>).detail));
  return seen;
}

describe("refund mode", () => {
  let worker: FakeRefundWorker;
  const errors: unknown[] = [];
  const consoleError = console.error;
  beforeEach(() => {
    worker = new FakeRefundWorker().install();
    errors.length = 0;
    console.error = (...args: unknown[]) => errors.push(args.join(" "));
  });
  afterEach(() => {
    unmountRefunds();
    worker.restore();
    console.error = consoleError;
  });

  const withLink = (link: Partial<RefundLinkView>) => worker.links.set(TOKEN, { ...BTC_LINK, ...link });

  it("shows loading, then the shop, the amount, the price and the address field with its label and help", async () => {
    let open = () => {};
    worker.getGate = new Promise((resolve) => (open = resolve));
    const el = mountRefund();
    const seen = events(el, "refund-link");
    await showing(el, "Loading the refund…");
    open();
    await showing(el, "Refund from Northwind Coffee");
    expect(textOf(q(el, "[part=amount]"))).to.equal("You will receive 0.0005 BTC Refund of: €25.00");
    const field = input(el);
    expect(textOf(q(el, "label[for=address-input]"))).to.equal("Your BTC address");
    expect(field?.getAttribute("aria-describedby")).to.equal("address-help");
    expect(textOf(q(el, "#address-help"))).to.equal(
      "Copy the receiving address from your BTC wallet and paste it here.",
    );
    expect(field?.dir).to.equal("ltr");
    expect(input(el, "confirmation"), "a checksum vouches for BTC: one field").to.equal(null);
    expect(seen).to.deep.equal([BTC_LINK]);
    expect(worker.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).to.deep.equal([
      `GET /api/shops/${REFUND_SHOP}/refund-links/${TOKEN}`,
    ]);
    expect(worker.requests[0]?.headers.get("authorization")).to.equal(null);
  });

  it("shows a testnet refund's badge and asks for a test network address", async () => {
    withLink({ network: "testnet" });
    const el = mountRefund();
    await showing(el, "Refund from Northwind Coffee");
    expect(textOf(q(el, ".badge"))).to.equal("Test mode: no real money moves");
    expect(textOf(q(el, "#address-help"))).to.contain("give an address of the test network");
    await enter(el, VECTORS.bech32);
    expect(problemOf(el)).to.equal(
      "This is a BTC main network address, but this is a test refund. Give a test network address.",
    );
  });

  describe("address checks", () => {
    it("names a bech32 typo as a checksum mismatch on leaving the field, and drops it once fixed", async () => {
      const el = mountRefund();
      await showing(el, "Refund from Northwind Coffee");
      await enter(el, VECTORS.bech32Typo, "address", false);
      expect(problemOf(el), "not while typing a first time").to.equal("");
      input(el)?.dispatchEvent(new FocusEvent("blur"));
      await el.updateComplete;
      expect(problemOf(el)).to.equal(
        "This address contains a typo: its checksum does not match. Copy and paste it from your wallet instead of typing it.",
      );
      expect(textOf(q(el, "[role=status]")), "heard, focus having moved on").to.equal(problemOf(el));
      await enter(el, VECTORS.bech32, "address", false);
      expect(problemOf(el), "goes as soon as the address is right").to.equal("");
    });

    it("names a testnet address given for a mainnet refund as the wrong network", async () => {
      const el = mountRefund();
      await showing(el, "Refund from Northwind Coffee");
      await enter(el, VECTORS.testnet);
      expect(problemOf(el)).to.equal(
        "This is a BTC test network address. Give an address from your regular BTC wallet.",
      );
    });

    it("names text that is no address of the currency, and an empty field only on Continue", async () => {
      const el = mountRefund();
      await showing(el, "Refund from Northwind Coffee");
      await enter(el, "");
      expect(problemOf(el), "an untouched empty field is no mistake").to.equal("");
      button(el, "Continue")?.click();
      await el.updateComplete;
      expect(problemOf(el)).to.equal("Enter the address where you want to receive the refund.");
      await enter(el, "hello world");
      expect(problemOf(el)).to.equal("This is not a BTC address. Copy the receiving address from your BTC wallet.");
      expect(heading(el), "Continue stays on the form").to.equal("Refund from Northwind Coffee");
    });

    it("checks EIP-55: a wrong letter case is a checksum mismatch; an all-lower-case address is asked twice", async () => {
      withLink({ currency: "ETH", amount: "0.02", rule: "eip55", priceAmount: undefined, priceCurrency: undefined });
      const el = mountRefund();
      await showing(el, "Refund from Northwind Coffee");
      expect(textOf(q(el, "[part=amount]"))).to.equal("You will receive 0.02 ETH");
      await enter(el, VECTORS.eip55WrongCase);
      expect(problemOf(el)).to.match(/^This address contains a typo: its checksum does not match/);
      await enter(el, VECTORS.eip55);
      expect(problemOf(el)).to.equal("");
      expect(input(el, "confirmation")).to.equal(null);
      await enter(el, VECTORS.eip55.toLowerCase());
      expect(input(el, "confirmation"), "no checksum in it: entered twice").not.to.equal(null);
      button(el, "Continue")?.click();
      await el.updateComplete;
      expect(problemOf(el, "confirmation")).to.equal("Enter the address a second time in the field below.");
      await enter(el, VECTORS.eip55.toLowerCase(), "confirmation");
      expect(problemOf(el, "confirmation")).to.equal("");
      button(el, "Continue")?.click();
      await showing(el, "Check the address");
    });

    it("asks an enter-twice currency's address twice and names a mismatch, focusing that field on Continue", async () => {
      withLink({ currency: "DOGE", amount: "120", rule: "enter-twice" });
      const el = mountRefund();
      await showing(el, "Refund from Northwind Coffee");
      expect(textOf(q(el, "label[for=confirmation-input]"))).to.equal("The same address again");
      expect(textOf(q(el, "#confirmation-help"))).to.equal(
        "This address has no checksum: entering it twice catches typing mistakes.",
      );
      await enter(el, "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L");
      await enter(el, "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7l", "confirmation");
      expect(problemOf(el, "confirmation")).to.equal(
        "The two addresses differ. Paste the same address into both fields.",
      );
      button(el, "Continue")?.click();
      await el.updateComplete;
      await until(() => el.shadowRoot?.activeElement === input(el, "confirmation"), "focus on the field");
      await enter(el, "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L", "confirmation");
      button(el, "Continue")?.click();
      await showing(el, "Check the address");
      button(el, "Yes, send it here")?.click();
      await showing(el, "Address received");
      expect(worker.posts[0]?.body).to.deep.equal({
        address: "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L",
        confirmation: "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L",
      });
    });
  });

  it("confirms the amount and the whole address before sending, then shows it received", async () => {
    const el = mountRefund();
    const submitted = events(el, "refund-address-submitted");
    const views = events(el, "refund-link");
    await showing(el, "Refund from Northwind Coffee");
    await enter(el, `  ${VECTORS.bech32.toUpperCase()} `);
    button(el, "Continue")?.click();
    await showing(el, "Check the address");
    expect(textOf(q(el, ".question"))).to.equal("Send 0.0005 BTC to this address?");
    expect(textOf(q(el, ".notice"))).to.equal("The address cannot be changed afterwards.");
    // The address as it will be sent (bech32 in lower case), whole for screen readers, in groups of four on screen.
    expect(textOf(q(el, "[part=address] .sr-only"))).to.equal(VECTORS.bech32);
    const groups = [...(el.shadowRoot?.querySelectorAll("[part=address] .groups span") ?? [])].map(
      (s) => s.textContent,
    );
    expect(groups.join("")).to.equal(VECTORS.bech32);
    expect(groups[0]).to.equal("bc1q");
    expect(worker.posts, "nothing sent before the confirmation").to.deep.equal([]);

    let open = () => {};
    worker.postGate = new Promise((resolve) => (open = resolve));
    button(el, "Yes, send it here")?.click();
    await showing(el, "Sending your address…");
    expect(button(el, "Yes, send it here")?.disabled).to.equal(true);
    expect(button(el, "Change the address")?.disabled).to.equal(true);
    button(el, "Yes, send it here")?.click();
    open();
    await showing(el, "Address received");
    expect(worker.posts.length, "one submission").to.equal(1);
    expect(worker.posts[0]?.body).to.deep.equal({ address: VECTORS.bech32 });
    expect(textOf(q(el, ".status + p"))).to.equal("The shop will send 0.0005 BTC to this address:");
    expect(textOf(q(el, "[part=address] .sr-only"))).to.equal(VECTORS.bech32);
    expect(submitted).to.deep.equal([{ refundId: "rf_1", address: VECTORS.bech32 }]);
    expect(views.map((v) => v.state)).to.deep.equal(["awaiting_address", "address_received"]);
  });

  it("goes back to the form with the address kept from the confirmation", async () => {
    const el = mountRefund();
    await showing(el, "Refund from Northwind Coffee");
    await enter(el, VECTORS.bech32);
    button(el, "Continue")?.click();
    await showing(el, "Check the address");
    button(el, "Change the address")?.click();
    await showing(el, "Refund from Northwind Coffee");
    expect(input(el)?.value).to.equal(VECTORS.bech32);
  });

  it("shows the address received when the link is opened again after it was given", async () => {
    withLink({ state: "address_received", address: VECTORS.bech32 });
    const el = mountRefund();
    await showing(el, "Address received");
    expect(textOf(q(el, "[part=address] .sr-only"))).to.equal(VECTORS.bech32);
    expect(input(el)).to.equal(null);
  });

  it("shows a closed refund as closed", async () => {
    withLink({ state: "closed" });
    const el = mountRefund();
    await showing(el, "This refund is closed. If you have a question, contact the shop.");
  });

  const finalFailures: [string, number, string, string][] = [
    ["refund_link_expired", 410, "expired", "This refund link has expired. Ask the shop for a new link."],
    [
      "refund_link_used",
      409,
      "used",
      "An address was already given for this refund. If it is wrong, ask the shop for a new link.",
    ],
    [
      "refund_link_invalid",
      404,
      "invalid",
      "This refund link is not valid. Check that you opened the whole link, or ask the shop for a new one.",
    ],
  ];
  for (const [code, status, name, text] of finalFailures) {
    it(`shows a ${name} link with its own message, no Try again, and reports ${code}`, async () => {
      worker.getAnswers.push(refusal(code as never, status, `the link is ${name}`));
      const el = mountRefund();
      const seen = events(el, "checkout-error");
      await showing(el, text);
      expect(button(el, "Try again")).to.equal(null);
      expect(seen).to.deep.equal([{ code, message: `the link is ${name}`, retryable: false }]);
      expect(errors).to.deep.equal([`<crypto-checkout> ${code}: the link is ${name}`]);
    });
  }

  it("shows a used link when the address was given elsewhere in the meantime (409 on sending)", async () => {
    const el = mountRefund();
    await showing(el, "Refund from Northwind Coffee");
    await enter(el, VECTORS.bech32);
    button(el, "Continue")?.click();
    await showing(el, "Check the address");
    worker.postAnswers.push(refusal("refund_link_used", 409));
    button(el, "Yes, send it here")?.click();
    await showing(el, finalFailures[1]?.[3] ?? "");
  });

  it("shows rate limiting with Try again, which loads the link again", async () => {
    worker.getAnswers.push(refusal("rate_limited", 429));
    const el = mountRefund();
    await showing(el, "Too many attempts in a short time. Wait a minute, then try again.");
    button(el, "Try again")?.click();
    await showing(el, "Refund from Northwind Coffee");
  });

  it("shows a network failure with Try again; a failed submission is sent again from it", async () => {
    worker.getAnswers.push("network-down");
    const el = mountRefund();
    await showing(el, "The refund cannot be reached. Check your internet connection, then try again.");
    button(el, "Try again")?.click();
    await showing(el, "Refund from Northwind Coffee");
    await enter(el, VECTORS.bech32);
    button(el, "Continue")?.click();
    await showing(el, "Check the address");
    worker.postAnswers.push("network-down");
    button(el, "Yes, send it here")?.click();
    await showing(el, "The refund cannot be reached. Check your internet connection, then try again.");
    button(el, "Try again")?.click();
    await showing(el, "Address received");
    expect(worker.posts.map((p) => p.body)).to.deep.equal([{ address: VECTORS.bech32 }, { address: VECTORS.bech32 }]);
  });

  it("shows the Worker's refusal of the address (422) under the field, with its problem", async () => {
    const el = mountRefund();
    const seen = events(el, "checkout-error");
    await showing(el, "Refund from Northwind Coffee");
    await enter(el, VECTORS.bech32);
    button(el, "Continue")?.click();
    await showing(el, "Check the address");
    worker.postAnswers.push({
      status: 422,
      body: {
        error: { code: "invalid_address", message: "network", kind: "order", retryable: false, problem: "network" },
      },
    });
    button(el, "Yes, send it here")?.click();
    await showing(el, "Refund from Northwind Coffee");
    expect(problemOf(el)).to.equal(
      "The shop did not accept this address. This is a BTC test network address. Give an address from your regular BTC wallet.",
    );
    expect(textOf(q(el, "[role=status]"))).to.equal(problemOf(el));
    expect(seen.map((e) => e.code)).to.deep.equal(["invalid_address"]);
    await enter(el, VECTORS.bech32, "address", false);
    expect(problemOf(el), "typing again clears the refusal").to.equal("");
  });

  it("shows an invalid link without asking the Worker when refund-token is missing, and tells the developer", async () => {
    const el = mountRefund({ "refund-token": null });
    await showing(el, finalFailures[2]?.[3] ?? "");
    expect(worker.requests).to.deep.equal([]);
    expect(String(errors[0])).to.match(/invalid_attributes: refund-token is missing: set refund-token=/);
  });

  it("starts over when the token changes, and ignores the old link's late answer", async () => {
    let open = () => {};
    worker.getGate = new Promise((resolve) => (open = resolve));
    worker.links.set("rl_other", { ...BTC_LINK, shopName: "Other Shop" });
    const el = mountRefund();
    await showing(el, "Loading the refund…");
    el.setAttribute("refund-token", "rl_other");
    await until(() => worker.requests.length === 2, "the second request");
    worker.links.set(TOKEN, { ...BTC_LINK, shopName: "Stale" });
    open();
    await showing(el, "Refund from Other Shop");
  });

  it("announces each step in the live region while focus is elsewhere, and moves focus to the heading when it was inside", async () => {
    const el = mountRefund();
    await showing(el, "Refund from Northwind Coffee");
    const live = q(el, "[role=status]");
    await until(() => textOf(live) === "Refund from Northwind Coffee", "the announcement");
    expect(el.shadowRoot?.activeElement ?? null, "the page's focus stays put").to.equal(null);
    await enter(el, VECTORS.bech32);
    button(el, "Continue")?.focus();
    button(el, "Continue")?.click();
    await showing(el, "Check the address");
    await until(() => el.shadowRoot?.activeElement === q(el, "h2"), "focus on the heading");
    button(el, "Yes, send it here")?.focus();
    button(el, "Yes, send it here")?.click();
    await showing(el, "Address received");
    await until(() => el.shadowRoot?.activeElement === q(el, "h2"), "focus on the new heading");
  });
});
