/**
 * The point of sale's pure parts: the keypad's entry (every key, the currency's decimals, the
 * digit limit), the display, the screen of each payment status, and the shop of a path.
 */
import { expect } from "@open-wc/testing";
import { amountOf, currencyDecimals, displayOf, keyOf, MAX_INTEGER_DIGITS, press, type Key } from "../../pos/keypad.js";
import { isFinal, isFullScreen, screenOf } from "../../pos/sale.js";
import { posUrl, shopOfPath } from "../../pos/setup.js";
import { newView, VIEWS } from "../support/payment-views.js";

const typed = (keys: string, decimals = 2) =>
  [...keys].reduce((entry, k) => press(entry, (k === "<" ? "back" : k === "C" ? "clear" : k) as Key, decimals), "");

describe("the keypad's entry", () => {
  it("types left to right, with one decimal point and at most the currency's decimals", () => {
    expect(typed("1250")).to.equal("1250");
    expect(typed("12.5")).to.equal("12.5");
    expect(typed("12.505")).to.equal("12.50");
    expect(typed("12..5")).to.equal("12.5");
    expect(typed(".5")).to.equal("0.5");
    expect(typed("1.2345", 3)).to.equal("1.234");
    expect(typed("12.5", 0)).to.equal("125");
  });

  it("replaces a lone leading zero, and stops at the digit limit", () => {
    expect(typed("007")).to.equal("7");
    expect(typed("0.07")).to.equal("0.07");
    expect(typed("1".repeat(MAX_INTEGER_DIGITS + 3))).to.equal("1".repeat(MAX_INTEGER_DIGITS));
    expect(typed(`${"9".repeat(MAX_INTEGER_DIGITS)}.99`)).to.equal(`${"9".repeat(MAX_INTEGER_DIGITS)}.99`);
  });

  it("deletes the last character with backspace and everything with clear", () => {
    expect(typed("12.5<")).to.equal("12.");
    expect(typed("12.5<<")).to.equal("12");
    expect(typed("<")).to.equal("");
    expect(typed("12.5C")).to.equal("");
  });

  it("is an amount to charge only above zero, without a trailing point", () => {
    expect(amountOf("12.")).to.equal("12");
    expect(amountOf("12.50")).to.equal("12.50");
    expect(amountOf("0.01")).to.equal("0.01");
    for (const entry of ["", "0", "0.", "0.00"]) expect(amountOf(entry), entry).to.equal(null);
  });

  it("takes the keyboard's digits, point or comma, Backspace, Escape and Delete", () => {
    expect(["7", ".", ",", "Backspace", "Escape", "Delete", "a", "Enter"].map(keyOf)).to.deep.equal([
      "7",
      ".",
      ".",
      "back",
      "clear",
      "clear",
      null,
      null,
    ]);
  });

  it("knows each currency's decimals, and shows the entry exactly as typed", () => {
    expect([currencyDecimals("EUR"), currencyDecimals("JPY"), currencyDecimals("BHD")]).to.deep.equal([2, 0, 3]);
    expect(displayOf("", "EUR")).to.equal("€0");
    expect(displayOf("1234.5", "EUR")).to.equal("€1,234.5");
    expect(displayOf("12.", "EUR")).to.equal("€12.");
    expect(displayOf("12.50", "USD")).to.equal("$12.50");
    expect(displayOf("123456789.99", "EUR")).to.equal("€123,456,789.99");
  });
});

describe("the sale's screen", () => {
  it("is Paid, Underpaid with the Worker's remainder, Expired or a problem, full screen; waiting or confirming otherwise", () => {
    expect(screenOf(VIEWS.CONFIRMED)).to.deep.equal({ kind: "paid", amount: "25.00", currency: "EUR" });
    const underpaid = newView({ status: "UNDERPAID", paidTransferAmount: "0.00011234" });
    expect(screenOf(underpaid)).to.deep.equal({
      kind: "underpaid",
      remaining: underpaid.remainingTransferAmount,
      currency: "BTC",
    });
    expect(underpaid.remainingTransferAmount).to.equal("0.00030000");
    expect(screenOf(newView({ status: "EXPIRED" }))).to.deep.equal({ kind: "expired", paidSomething: false });
    expect(screenOf(newView({ status: "INVALID" }))).to.deep.equal({ kind: "invalid", paymentId: "pay_0001" });
    expect(screenOf(newView({ status: "UNCONFIRMED" }))).to.deep.equal({ kind: "confirming" });
    expect(screenOf(newView())).to.deep.equal({ kind: "waiting" });
    expect(screenOf(newView({ status: "SOMETHING_NEW" }))).to.deep.equal({ kind: "waiting" });
    expect(
      ["paid", "underpaid", "expired", "invalid", "confirming", "waiting"].map((kind) =>
        isFullScreen({ kind } as never),
      ),
    ).to.deep.equal([true, true, true, true, false, false]);
    expect(isFinal({ kind: "underpaid", remaining: "1", currency: "BTC" })).to.equal(false);
    expect(isFinal({ kind: "paid", amount: "1", currency: "EUR" })).to.equal(true);
  });
});

describe("the point of sale's path", () => {
  it("names the shop, or none", () => {
    expect(shopOfPath("/pos/demo-open/")).to.equal("demo-open");
    expect(shopOfPath("/pos/demo-open")).to.equal("demo-open");
    expect(shopOfPath("/pos/")).to.equal(null);
    expect(shopOfPath("/pos/Not%20A%20Shop/")).to.equal(null);
    expect(shopOfPath("/pos/a/b/")).to.equal(null);
    expect(posUrl("demo-open")).to.equal("/pos/demo-open/");
  });
});
