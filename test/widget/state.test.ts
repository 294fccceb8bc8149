/** Pure logic of the element: amounts, countdown, redirect rules, status table, URIs, backoff, announcements, focus. */
import { expect } from "@open-wc/testing";
import { announce, SILENT } from "../../widget/state/announcement.js";
import type { Announcement, Cue } from "../../widget/state/announcement.js";
import { anchorFrom, countdown, hasExpiry, splitDuration } from "../../widget/state/countdown.js";
import { focusTarget } from "../../widget/state/focus-target.js";
import { parseRfc3339 } from "../../worker/checkout/wire.js";
import { formatAmount, formatDateTime } from "../../widget/locales/format.js";
import { isDecimalString, scaleOf } from "../../widget/state/decimal-text.js";
import { buildCreateRequest, chooseTransferCurrency } from "../../widget/state/create-request.js";
import { safeWalletUri } from "../../widget/state/payment-uri.js";
import { redirectDelaySeconds, redirectTarget, safeRedirectUrl } from "../../widget/state/redirect.js";
import { statusView } from "../../widget/state/status.js";
import { backoffDelay } from "../../widget/stream/backoff.js";
import { isBech32Address, qrPayload, qrPath, QUIET_ZONE } from "../../widget/qr/qr-matrix.js";
import { newView, OPEN_SHOP, SIGNED_SHOP, VIEWS } from "../support/payment-views.js";
import { FINAL_PAYMENT_STATUSES } from "../../worker/checkout/wire.js";

describe("amounts (the Worker's, only formatted here)", () => {
  it("reads scales and recognises decimal strings", () => {
    expect([scaleOf("25"), scaleOf("25.00"), scaleOf("0.00012345")]).to.deep.equal([0, 2, 8]);
    expect(["1", "0.5", "12.3456789012"].every(isDecimalString)).to.equal(true);
    expect(["", "1e5", "-1", "1.", ".5", "0x10", "1,5"].some(isDecimalString)).to.equal(false);
  });

  it("formats the Worker's decimal strings exactly, at the digits they carry", () => {
    expect(formatAmount("en", "0.00011234", "BTC")).to.equal("0.00011234 BTC");
    expect(formatAmount("de", "1234.50000000", "BTC")).to.equal("1.234,50000000 BTC");
    expect(formatAmount("en", "12345678901234.123456789012345678", "ETH")).to.equal(
      "12,345,678,901,234.123456789012345678 ETH",
    );
  });
});

describe("countdown (server clock)", () => {
  const anchor = anchorFrom("2026-03-01T12:00:00.000Z", 1000);

  it("counts from serverTime plus the monotonic time since the view arrived", () => {
    if (!anchor) throw new Error("anchor");
    expect(countdown("2026-03-01T12:15:00.000Z", anchor, 1000)?.remainingMs).to.equal(15 * 60_000);
    expect(countdown("2026-03-01T12:15:00.000Z", anchor, 61_000)?.remainingMs).to.equal(14 * 60_000);
  });

  it("warns in the last two minutes and stops at zero", () => {
    if (!anchor) throw new Error("anchor");
    const at = (elapsedMs: number) => countdown("2026-03-01T12:15:00.000Z", anchor, 1000 + elapsedMs);
    expect(at(12 * 60_000)?.warning).to.equal(false);
    expect(at(13 * 60_000 + 1)?.warning).to.equal(true);
    expect(at(16 * 60_000)).to.deep.equal({ remainingMs: 0, warning: false, over: true });
  });

  it("ignores unparsable times", () => {
    expect(anchorFrom("not a date", 0)).to.equal(undefined);
    if (!anchor) throw new Error("anchor");
    expect(countdown("soon", anchor, 0)).to.equal(undefined);
  });

  it("gives no countdown for an expirationTime that is not RFC 3339, even one Date.parse reads", () => {
    if (!anchor) throw new Error("anchor");
    for (const text of ["Nov 22 2026", "2026-03-01", "2026/03/01 12:15", "2026-03-01T12:15:00"]) {
      expect(Number.isFinite(Date.parse(text)), text).to.equal(true);
      expect(countdown(text, anchor, 1000), text).to.equal(undefined);
      expect(hasExpiry(text), text).to.equal(false);
    }
    // A day that does not exist: Chromium's and Firefox's Date.parse roll it over into March,
    // WebKit's refuses it; the element refuses it in every engine.
    expect(countdown("2026-02-30T12:15:00Z", anchor, 1000)).to.equal(undefined);
    expect(hasExpiry("2026-02-30T12:15:00Z")).to.equal(false);
    expect(hasExpiry(undefined)).to.equal(false);
    expect(hasExpiry("2026-03-01T13:15:00+01:00")).to.equal(true);
    expect(countdown("2026-03-01T13:15:00+01:00", anchor, 1000)?.remainingMs).to.equal(15 * 60_000);
  });

  it("splits durations rounding up to whole seconds", () => {
    expect(splitDuration(3_723_001)).to.deep.equal({ hours: 1, minutes: 2, seconds: 4 });
    expect(splitDuration(0)).to.deep.equal({ hours: 0, minutes: 0, seconds: 0 });
  });
});

describe("RFC 3339 date-times as the element reads them (worker/v3/datetime.ts through the wire module)", () => {
  it("reads RFC 3339 with an offset, any case of T and Z, any fraction", () => {
    expect(parseRfc3339("2026-11-22T08:00:00.000+01:00")).to.equal(Date.UTC(2026, 10, 22, 7));
    expect(parseRfc3339("2026-11-22t07:00:00.1239z")).to.equal(Date.UTC(2026, 10, 22, 7, 0, 0, 123));
    expect(parseRfc3339("0050-06-01T00:00:00Z")).to.equal(Date.parse("0050-06-01T00:00:00Z"));
  });

  it("refuses other forms, impossible dates and a missing offset", () => {
    for (const text of [
      "Nov 22 2026",
      "2026-11-22",
      "2026/11/22 10:00",
      "1700000000000",
      "2026-11-22T07:00:00",
      "2026-02-29T00:00:00Z",
      "2026-11-22T07:00:60Z",
      "2026-11-22 07:00:00Z",
    ]) {
      expect(parseRfc3339(text), text).to.equal(undefined);
    }
  });

  it("formats only RFC 3339 times: another form is left out rather than guessed", () => {
    expect(formatDateTime("en", "2026-11-22T07:00:00Z")).to.not.equal("");
    expect(formatDateTime("en", "Nov 22 2026")).to.equal("");
  });
});

describe("redirect rules", () => {
  const HERE = "https://shop.example/checkout";
  it("follows only http and https URLs", () => {
    expect(safeRedirectUrl("https://shop.example/thanks?o=1")).to.equal("https://shop.example/thanks?o=1");
    expect(safeRedirectUrl("http://shop.example/")).to.equal("http://shop.example/");
    for (const bad of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      " javascript:alert(1)",
      "data:text/html,x",
      "/relative",
      "//evil.example",
      "ftp://x",
      "",
      undefined,
    ]) {
      expect(safeRedirectUrl(bad), String(bad)).to.equal(undefined);
    }
  });

  it("uses the key that belongs to the status", () => {
    const urls = {
      confirmed: "https://shop.example/ok",
      expired: "https://shop.example/exp",
      invalid: "https://shop.example/bad",
      unconfirmed: "https://shop.example/wait",
    };
    expect(redirectTarget({ ...VIEWS.CONFIRMED, redirectUrls: urls }, HERE)).to.deep.equal({
      url: urls.confirmed,
      reason: "confirmed",
    });
    expect(redirectTarget({ ...VIEWS.UNCONFIRMED, redirectUrls: urls }, HERE)).to.deep.equal({
      url: urls.unconfirmed,
      reason: "unconfirmed",
    });
    expect(redirectTarget({ ...VIEWS.EXPIRED, redirectUrls: urls }, HERE)?.reason).to.equal("expired");
    expect(redirectTarget({ ...VIEWS.INVALID, redirectUrls: urls }, HERE)?.reason).to.equal("invalid");
    expect(redirectTarget({ ...VIEWS.NEW, redirectUrls: urls }, HERE)).to.equal(undefined);
    expect(redirectTarget({ ...VIEWS.UNKNOWN, redirectUrls: urls }, HERE)).to.equal(undefined);
    expect(redirectTarget({ ...VIEWS.CONFIRMED, redirectUrls: { confirmed: "javascript:alert(1)" } }, HERE)).to.equal(
      undefined,
    );
  });

  it("plans no redirect to the page the customer is already on (the fragment aside)", () => {
    const here = "https://shop.example/order/1001?result=unconfirmed";
    const view = (url: string) => ({ ...VIEWS.UNCONFIRMED, redirectUrls: { unconfirmed: url } });
    expect(redirectTarget(view(here), here)).to.equal(undefined);
    expect(redirectTarget(view(`${here}#top`), `${here}#payment`)).to.equal(undefined);
    expect(redirectTarget(view("https://shop.example/order/1001?result=confirmed"), here)?.url).to.equal(
      "https://shop.example/order/1001?result=confirmed",
    );
  });

  it("reads the delay attribute, 5 s by default", () => {
    expect([
      redirectDelaySeconds(undefined),
      redirectDelaySeconds(NaN),
      redirectDelaySeconds(-1),
      redirectDelaySeconds(Infinity),
      redirectDelaySeconds(0),
      redirectDelaySeconds(2.5),
    ]).to.deep.equal([5, 5, 5, 5, 0, 2.5]);
  });
});

describe("status table", () => {
  it("shows each status as docs/architecture.md, Contracts, says", () => {
    const row = (view: Parameters<typeof statusView>[0]) => {
      const s = statusView(view);
      return [s.kind, s.payInstructions, s.countdown, s.progress, s.reference, s.startAgain, s.final];
    };
    expect(row(VIEWS.NEW)).to.deep.equal(["awaiting", true, true, false, false, false, false]);
    expect(row(VIEWS.NEW_PENDING)).to.deep.equal(["awaiting", true, true, true, false, false, false]);
    expect(row(VIEWS.UNDERPAID)).to.deep.equal(["underpaid", true, true, true, false, false, false]);
    expect(row(VIEWS.UNCONFIRMED)).to.deep.equal(["unconfirmed", false, false, true, false, false, false]);
    expect(row(VIEWS.CONFIRMED)).to.deep.equal(["confirmed", false, false, false, false, false, true]);
    expect(row(VIEWS.EXPIRED)).to.deep.equal(["expired", false, false, false, false, true, true]);
    expect(row(VIEWS.EXPIRED_PAID)).to.deep.equal(["expired", false, false, false, true, true, true]);
    expect(row(VIEWS.INVALID)).to.deep.equal(["invalid", false, false, false, true, false, true]);
    expect(row(VIEWS.UNKNOWN)).to.deep.equal(["unknown", false, false, false, true, false, false]);
  });

  it("decides pending progress and the reference from the Worker's flags, comparing no amounts", () => {
    // Amounts that disagree with the flags: the flags win, the element does no arithmetic.
    expect(statusView(newView({ pendingPaidTransferAmount: "0", hasPending: true })).progress).to.equal(true);
    expect(statusView(newView({ pendingPaidTransferAmount: "0.1", hasPending: false })).progress).to.equal(false);
    expect(statusView(newView({ status: "EXPIRED", hasPaid: true })).reference).to.equal(true);
    expect(statusView(newView({ status: "EXPIRED", paidTransferAmount: "0.1", hasPaid: false })).reference).to.equal(
      false,
    );
  });

  it("is final for exactly the upstream's final statuses (FINAL_PAYMENT_STATUSES of the wire module)", () => {
    const statuses = [...FINAL_PAYMENT_STATUSES, "NEW", "UNDERPAID", "UNCONFIRMED", "REFUNDED"];
    expect(statuses.filter((status) => statusView(newView({ status })).final)).to.deep.equal([
      "CONFIRMED",
      "EXPIRED",
      "INVALID",
    ]);
  });
});

describe("payment URI and QR payload", () => {
  const address = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

  it("links only to wallet and http(s) URIs, never to script", () => {
    expect(safeWalletUri(`bitcoin:${address}?amount=0.1`)).to.equal(`bitcoin:${address}?amount=0.1`);
    expect(safeWalletUri("litecoin:ltc1qxyz?amount=1")).to.equal("litecoin:ltc1qxyz?amount=1");
    for (const bad of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "not a uri",
      undefined,
    ]) {
      expect(safeWalletUri(bad), String(bad)).to.equal(undefined);
    }
  });

  it("upper-cases a bech32 address inside the QR payload only", () => {
    expect(isBech32Address(address)).to.equal(true);
    expect(isBech32Address("bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297")).to.equal(true); // bech32m
    expect(isBech32Address("1BoatSLRHtKNngkdXEeobR76b53LETtpyT")).to.equal(false);
    expect(isBech32Address("ltc1qg82tr0ctkcuaqfc3cxznvqqcuvmyxshnc6rhcs")).to.equal(true);
    expect(isBech32Address("BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ")).to.equal(false); // already upper case: left alone
    expect(isBech32Address("0x52908400098527886e0f7030069857d2e4169ee7")).to.equal(false); // hex, not bech32
    expect(isBech32Address("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb")).to.equal(false); // "b" is not in the bech32 alphabet
    expect(qrPayload(`bitcoin:${address}?amount=0.1`, address)).to.equal(`bitcoin:${address.toUpperCase()}?amount=0.1`);
    expect(qrPayload(undefined, "1BoatSLRHtKNngkdXEeobR76b53LETtpyT")).to.equal("1BoatSLRHtKNngkdXEeobR76b53LETtpyT");
  });

  it("draws the code inside a quiet zone of four modules", () => {
    const { size, d } = qrPath("HELLO");
    expect(size).to.equal(21 + 2 * QUIET_ZONE); // version 1
    const xs = [...d.matchAll(/M(\d+) (\d+)/g)].flatMap((m) => [Number(m[1]), Number(m[2])]);
    expect(Math.min(...xs)).to.equal(QUIET_ZONE);
    expect(Math.max(...xs)).to.equal(QUIET_ZONE + 20);
  });

  it("makes a smaller code from the upper-cased address", () => {
    const uri = `bitcoin:${address}?amount=0.00041234`;
    expect(qrPath(uri).size).to.equal(37 + 2 * QUIET_ZONE); // version 5 in byte mode
    expect(qrPath(qrPayload(uri, address)).size).to.equal(33 + 2 * QUIET_ZONE); // version 4 with an alphanumeric segment
  });
});

describe("reconnect backoff", () => {
  it("doubles up to the cap with half of each delay random", () => {
    const o = { baseMs: 1000, maxMs: 30_000 };
    expect([1, 2, 3, 6, 10].map((n) => backoffDelay(n, 0, o))).to.deep.equal([500, 1000, 2000, 15_000, 15_000]);
    expect([1, 2, 3, 6, 10].map((n) => backoffDelay(n, 0.999999, o))).to.deep.equal([1000, 2000, 4000, 30_000, 30_000]);
  });
});

describe("create request", () => {
  it("asks for a currency only when the shop enables several and none is given", () => {
    expect(chooseTransferCurrency(OPEN_SHOP, undefined)).to.equal(undefined);
    expect(chooseTransferCurrency(OPEN_SHOP, "ltc")).to.equal("LTC");
    expect(chooseTransferCurrency(SIGNED_SHOP, undefined)).to.equal("BTC");
  });

  it("builds open and signed requests and explains missing attributes", () => {
    expect(
      buildCreateRequest(OPEN_SHOP, { orderId: "7", priceAmount: "10.50", priceCurrency: "usd" }, "BTC"),
    ).to.deep.equal({
      request: { orderId: "7", transferCurrency: "BTC", priceAmount: "10.50", priceCurrency: "USD" },
    });
    expect(buildCreateRequest(SIGNED_SHOP, { orderId: "7", orderToken: "a.b.c" }, "BTC")).to.deep.equal({
      request: { orderId: "7", transferCurrency: "BTC", orderToken: "a.b.c" },
    });
    expect(buildCreateRequest(SIGNED_SHOP, { orderId: "7" }, "BTC"))
      .to.have.property("problem")
      .that.contains("order-token");
    expect(buildCreateRequest(OPEN_SHOP, { priceAmount: "1", priceCurrency: "EUR" }, "BTC"))
      .to.have.property("problem")
      .that.contains("order-id");
    expect(buildCreateRequest(OPEN_SHOP, { orderId: "7", priceAmount: "1e3", priceCurrency: "EUR" }, "BTC"))
      .to.have.property("problem")
      .that.contains("price-amount");
    expect(buildCreateRequest(OPEN_SHOP, { orderId: "7", priceAmount: "1" }, "BTC"))
      .to.have.property("problem")
      .that.contains("price-currency");
  });
});

describe("announcements (the live region's text)", () => {
  /** The texts the live region holds along `cues`, one entry per change. */
  function heard(cues: Cue[], start: Announcement = SILENT): string[] {
    const texts: string[] = [];
    let current = start;
    for (const cue of cues) {
      const next = announce(current, cue);
      if (next.text !== current.text) texts.push(next.text);
      current = next;
    }
    return texts;
  }
  const tick = (warning: boolean): Cue => ({ kind: "tick", warning, text: "Less than 2 minutes left" });

  it("says a status once; countdown ticks say nothing and keep the very same state", () => {
    const shown = announce(SILENT, { kind: "status", text: "Waiting for your payment", focused: false });
    expect(shown.text).to.equal("Waiting for your payment");
    expect(announce(shown, tick(false))).to.equal(shown);
    expect(
      heard([
        { kind: "status", text: "Waiting for your payment", focused: false },
        tick(false),
        tick(false),
        tick(false),
      ]),
    ).to.deep.equal(["Waiting for your payment"]);
  });

  it("leaves a status to its heading when focus moved there", () => {
    const before = announce(SILENT, { kind: "message", text: "Copied" });
    expect(
      announce(before, { kind: "status", text: "Payment received, waiting for confirmation", focused: true }),
    ).to.equal(before);
  });

  it("says the two-minute warning on the first tick inside it, once per payment", () => {
    expect(heard([tick(false), tick(true), tick(true), tick(true)])).to.deep.equal(["Less than 2 minutes left"]);
    const warned = announce(SILENT, tick(true));
    expect(heard([{ kind: "restart" }, tick(true)], warned)).to.deep.equal(["Less than 2 minutes left\u00a0"]);
    expect(announce(SILENT, { kind: "restart" })).to.equal(SILENT);
  });

  it("says the same text again by changing the live region (a no-break space on and off)", () => {
    const copied: Cue = { kind: "message", text: "Copied" };
    expect(heard([copied, copied, copied])).to.deep.equal(["Copied", "Copied\u00a0", "Copied"]);
  });
});

describe("focus after the focused control is gone", () => {
  it("goes to the control that replaced it, else to the lead of what is shown", () => {
    expect(focusTarget("redirect", ["lead", "redirect"])).to.equal("redirect");
    expect(focusTarget("redirect", ["lead"])).to.equal("lead");
    expect(focusTarget(undefined, ["lead", "redirect"])).to.equal("lead");
    expect(focusTarget("lead", ["lead"])).to.equal("lead");
  });

  it("goes nowhere when nothing can take it", () => {
    expect(focusTarget(undefined, [])).to.equal(undefined);
    expect(focusTarget("redirect", [])).to.equal(undefined);
  });
});
