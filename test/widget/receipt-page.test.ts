/**
 * The hosted receipt page (receipt-page/): what it reads from its URL, the words and exact amounts
 * it shows, and the page itself in a frame of 360 and 768 px with its stylesheet and strict CSP:
 * axe, no sideways scrolling, print (Chromium can emulate print media), dark (Chromium), the
 * answers without a receipt, and a saved page that keeps its receipt.
 */
import { expect } from "@open-wc/testing";
import { emulateMedia } from "@web/test-runner-commands";
import type { Receipt, ReceiptAnswer } from "../../worker/checkout/receipt-wire.js";
import { receiptSetup } from "../../receipt-page/src/page-setup.js";
import type Axe from "axe-core";
import type { loadReceipt, setLanguage } from "../../receipt-page/src/receipt-page.js";
import { showAnswer } from "../../receipt-page/src/receipt-page.js";
import { receiptLocale, summaryLines, transactionLines } from "../../receipt-page/src/receipt-text.js";
import { axeViolations } from "./support/axe.js";
import { canEmulateMedia } from "./support/engine.js";

const TX_ID = "f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16";

const RECEIPT: Receipt = {
  confirmed: true,
  shop: { id: "demo-open", name: "Northwind Coffee" },
  sandbox: true,
  orderId: "NW-1001",
  reference: "3f9a1c2e-8b7d-4c1a-9e5f-0a1b2c3d4e5f",
  confirmedAt: "2026-11-27T10:21:00.000Z",
  price: { amount: "25.00", currency: "EUR" },
  transfer: { amount: "0.000412345678901234567", currency: "BTC" },
  paid: { priceAmount: "25.00", transferAmount: "0.000412345678901234567" },
  exchangeRate: "60629.580000000000000001",
  transactions: [
    {
      transactionId: TX_ID,
      amount: "0.000412345678901234567",
      priceAmount: "25.00",
      state: "ACCEPTED",
      observedTime: "2026-11-27T10:00:00Z",
      acceptedTime: "2026-11-27T10:20:00Z",
    },
  ],
};

describe("receipt page: its URL", () => {
  it("reads with the client secret from the fragment, or with the dashboard's session without one", () => {
    expect(receiptSetup("/receipt/demo-open/pay_1", "#s3cr3t-_x")).to.deep.equal({
      shop: "demo-open",
      paymentId: "pay_1",
      source: "/api/shops/demo-open/payments/pay_1/receipt?clientSecret=s3cr3t-_x",
      withSecret: true,
    });
    expect(receiptSetup("/receipt/demo-open/pay_1/", "")).to.deep.equal({
      shop: "demo-open",
      paymentId: "pay_1",
      source: "/dashboard/api/shops/demo-open/payments/pay_1/receipt",
      withSecret: false,
    });
    for (const path of ["/receipt/", "/receipt/demo-open", "/receipt/a/b/c", "/refund/demo-open/"])
      expect(receiptSetup(path, "#x"), path).to.equal(undefined);
  });
});

const UTC_ENGLISH = receiptLocale([], "UTC");

describe("receipt page: its words", () => {
  it("shows every amount with all its digits, and the rate, order, reference and confirmation", () => {
    const lines = summaryLines(RECEIPT, UTC_ENGLISH);
    expect(lines.map((l) => [l.label, l.text])).to.deep.equal([
      ["Order", "NW-1001"],
      ["Price", "€25.00"],
      ["Amount in BTC", "0.000412345678901234567 BTC"],
      ["Paid", "0.000412345678901234567 BTC (€25.00)"],
      ["Exchange rate", "1 BTC = €60,629.580000000000000001"],
      ["Confirmed", "November 27, 2026 at 10:21:00 AM UTC"],
      ["Payment reference", RECEIPT.reference],
    ]);
    expect(summaryLines({ ...RECEIPT, orderId: null, description: "Two bags of beans" }, UTC_ENGLISH)[0]).to.deep.equal(
      {
        label: "For",
        text: "Two bags of beans",
      },
    );
    expect(transactionLines(RECEIPT.transactions[0] ?? {}, "BTC", UTC_ENGLISH).map((l) => l.text)).to.deep.equal([
      TX_ID,
      "0.000412345678901234567 BTC",
      "Confirmed",
      "November 27, 2026 at 10:00:00 AM UTC",
      "November 27, 2026 at 10:20:00 AM UTC",
    ]);
  });

  it("speaks the browser's language as the element would choose it: words, amounts and dates, every digit kept", () => {
    const german = receiptLocale(["de-DE", "en"], "UTC");
    expect(german).to.include({ tag: "de-DE", dir: "ltr" });
    expect(summaryLines(RECEIPT, german).map((l) => [l.label, l.text])).to.deep.equal([
      ["Bestellung", "NW-1001"],
      ["Preis", "25,00\u00a0€"],
      ["Betrag in BTC", "0,000412345678901234567 BTC"],
      ["Bezahlt", "0,000412345678901234567 BTC (25,00\u00a0€)"],
      ["Wechselkurs", "1 BTC = 60.629,580000000000000001\u00a0€"],
      ["Bestätigt", "27. November 2026 um 10:21:00 UTC"],
      ["Zahlungsreferenz", RECEIPT.reference],
    ]);
    // A transaction's state is a word of its own, not the label of the confirmation's date.
    const japanese = receiptLocale(["ja"], "UTC");
    expect(
      transactionLines(RECEIPT.transactions[0] ?? {}, "BTC", japanese).map((l) => [l.label, l.text])[2],
    ).to.deep.equal(["状態", "確認済み"]);
    // Every number in the language's digits, the rate's 1 too.
    expect(summaryLines(RECEIPT, receiptLocale(["ar-EG"], "UTC")).find((l) => l.label === "سعر الصرف")?.text).to.match(
      /^١ BTC = /,
    );
    expect(receiptLocale(["he"]).dir).to.equal("rtl");
    expect(receiptLocale(["zh-HK"]).t.heading("x")).to.equal("x 的收據");
    expect(receiptLocale(["tlh", "pt-PT"]).t.price).to.equal("Preço");
    expect(receiptLocale(["tlh"])).to.include({ tag: "en", dir: "ltr" });
  });
});

interface ReceiptFrame {
  iframe: HTMLIFrameElement;
  win: Window & {
    cspViolations: string[];
    axe: typeof Axe;
    receiptPage: { loadReceipt: typeof loadReceipt; showAnswer: typeof showAnswer; setLanguage: typeof setLanguage };
  };
  main: HTMLElement;
  /** The URLs the page fetched. */
  fetched: string[];
}

const frames: HTMLIFrameElement[] = [];

/** receipt.html in a frame `width` px wide, whose fetch answers `answer` (a status and a body). */
async function openReceipt(width: number, answer: { status: number; body: unknown }): Promise<ReceiptFrame> {
  const iframe = document.createElement("iframe");
  iframe.width = String(width);
  iframe.height = "800";
  iframe.title = "receipt page";
  const ready = new Promise<void>((resolve) =>
    iframe.addEventListener(
      "load",
      () => {
        const win = iframe.contentWindow as ReceiptFrame["win"];
        if (Object.hasOwn(win, "receiptPage")) resolve();
        else win.addEventListener("receipt-page-ready", () => resolve(), { once: true });
      },
      { once: true },
    ),
  );
  iframe.src = new URL("./fixtures/receipt.html", import.meta.url).href;
  document.body.append(iframe);
  frames.push(iframe);
  await ready;
  const win = iframe.contentWindow as ReceiptFrame["win"];
  const fetched: string[] = [];
  win.fetch = (input: RequestInfo | URL) => {
    fetched.push(String(input));
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "Content-Type": "application/json" },
      }),
    );
  };
  return { iframe, win, main: win.document.getElementById("receipt") as HTMLElement, fetched };
}

async function violations(frame: ReceiptFrame): Promise<string[]> {
  const results = await frame.win.axe.run(frame.win.document, { resultTypes: ["violations"] });
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

const textOf = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, " ").trim() ?? "";

describe("receipt page: the page", () => {
  // The first frame compiles the page's module and bundles axe for it: more than a test's 10 s on a busy machine.
  before(async function () {
    this.timeout(120_000);
    await openReceipt(360, { status: 404, body: {} });
    for (const frame of frames.splice(0)) frame.remove();
  });
  afterEach(async () => {
    for (const frame of frames.splice(0)) frame.remove();
    if (canEmulateMedia) await emulateMedia({ media: "screen", colorScheme: "no-preference" });
  });

  for (const width of [360, 768]) {
    it(`shows the receipt at ${width} px: accessible, nothing sideways, nothing the CSP refuses`, async () => {
      const frame = await openReceipt(width, { status: 200, body: RECEIPT });
      await frame.win.receiptPage.loadReceipt(frame.main, { pathname: "/receipt/demo-open/pay_1", hash: "#s3cr3t" });
      expect(frame.fetched).to.deep.equal(["/api/shops/demo-open/payments/pay_1/receipt?clientSecret=s3cr3t"]);
      expect(frame.main.dataset.state).to.equal("receipt");
      expect(textOf(frame.main.querySelector("h1"))).to.equal("Receipt from Northwind Coffee");
      expect(frame.win.document.activeElement).to.equal(frame.main.querySelector("h1"));
      expect(textOf(frame.main)).to.contain(TX_ID);
      expect(textOf(frame.main)).to.contain("Test payment: no real money moved");
      expect(textOf(frame.main.querySelector(".summary"))).to.contain("Paid0.000412345678901234567 BTC (€25.00)");
      expect(frame.main.querySelector("time")?.getAttribute("datetime")).to.equal(RECEIPT.confirmedAt);
      const root = frame.win.document.documentElement;
      expect(root.scrollWidth, "no sideways scrolling").to.be.at.most(root.clientWidth);
      expect(await violations(frame)).to.deep.equal([]);
      expect(frame.win.cspViolations).to.deep.equal([]);
    });
  }

  if (canEmulateMedia) {
    // In this page itself (Chromium emulates media for the top page, not for a frame's).
    it("prints without the button, black on white, and is accessible in dark mode", async () => {
      const sheet = document.createElement("link");
      sheet.rel = "stylesheet";
      sheet.href = "/receipt-page/receipt.css";
      const loaded = new Promise((resolve) => sheet.addEventListener("load", resolve, { once: true }));
      document.head.append(sheet);
      await loaded;
      const main = document.createElement("main");
      document.body.append(main);
      try {
        showAnswer(main, RECEIPT);
        const button = main.querySelector("button") as HTMLButtonElement;
        expect(textOf(button)).to.equal("Print or save as a file");
        const actions = button.parentElement as HTMLElement;
        expect(getComputedStyle(actions).display).to.not.equal("none");
        await emulateMedia({ colorScheme: "dark" });
        expect(matchMedia("(prefers-color-scheme: dark)").matches).to.equal(true);
        expect(getComputedStyle(main).backgroundColor).to.equal("rgb(27, 29, 33)");
        expect(await axeViolations(main)).to.deep.equal([]);
        // Printed from dark mode too: black on white, without the button.
        await emulateMedia({ media: "print" });
        expect(getComputedStyle(actions).display).to.equal("none");
        expect(getComputedStyle(main).color).to.equal("rgb(0, 0, 0)");
        expect(getComputedStyle(main).backgroundColor).to.equal("rgb(255, 255, 255)");
      } finally {
        main.remove();
        sheet.remove();
      }
    });
  }

  it("says that a receipt appears once the payment is confirmed, and that an expired payment has none", async () => {
    const pending: ReceiptAnswer = {
      confirmed: false,
      shop: { id: "demo-open", name: "Northwind Coffee" },
      reference: "pay_1",
      status: "UNCONFIRMED",
      final: false,
    };
    const frame = await openReceipt(360, { status: 200, body: pending });
    await frame.win.receiptPage.loadReceipt(frame.main, { pathname: "/receipt/demo-open/pay_1", hash: "#s" });
    expect(frame.main.dataset.state).to.equal("pending");
    expect(textOf(frame.main.querySelector("h1"))).to.equal("Your receipt is not ready yet");
    expect(textOf(frame.main)).to.contain("The receipt appears here once the payment is confirmed.");
    expect(await violations(frame)).to.deep.equal([]);
    frame.win.receiptPage.showAnswer(frame.main, { ...pending, status: "EXPIRED", final: true });
    expect(frame.main.dataset.state).to.equal("no-receipt");
    expect(textOf(frame.main)).to.contain("ended without being confirmed");
  });

  it("shows the same 'not found' for a 404, and for a link without a secret and no dashboard session (401)", async () => {
    for (const [status, hash] of [
      [404, "#wrong"],
      [401, ""],
    ] as const) {
      const frame = await openReceipt(360, {
        status,
        body: { error: { code: status === 404 ? "payment_not_found" : "unauthenticated", message: "x" } },
      });
      await frame.win.receiptPage.loadReceipt(frame.main, { pathname: "/receipt/demo-open/pay_1", hash });
      expect(textOf(frame.main.querySelector("h1"))).to.equal("Receipt not found");
      expect(textOf(frame.main)).to.contain("everything after the # sign");
      expect(frame.fetched[0]).to.equal(
        hash
          ? "/api/shops/demo-open/payments/pay_1/receipt?clientSecret=wrong"
          : "/dashboard/api/shops/demo-open/payments/pay_1/receipt",
      );
      expect(await violations(frame)).to.deep.equal([]);
    }
  });

  it("is in Arabic, right to left, for an Arabic browser: the page's lang and dir, nothing sideways, accessible", async () => {
    const frame = await openReceipt(360, { status: 200, body: RECEIPT });
    const arabic = receiptLocale(["ar-EG", "en"], "UTC");
    frame.win.receiptPage.setLanguage(frame.main, arabic);
    const root = frame.win.document.documentElement;
    expect([root.lang, root.dir]).to.deep.equal(["ar-EG", "rtl"]);
    expect(textOf(frame.main)).to.equal("جارٍ تحميل الإيصال…");
    await frame.win.receiptPage.loadReceipt(frame.main, { pathname: "/receipt/demo-open/pay_1", hash: "#s" }, arabic);
    expect(textOf(frame.main.querySelector("h1"))).to.equal("إيصال من Northwind Coffee");
    expect(frame.win.document.title).to.equal("الإيصال NW-1001 – Northwind Coffee");
    expect(textOf(frame.main.querySelector(".summary dt"))).to.equal("الطلب");
    expect(textOf(frame.main.querySelector("button"))).to.equal("اطبع أو احفظ كملف");
    // The ids stay left to right inside the right-to-left page.
    expect(frame.main.querySelector("code")?.getAttribute("dir")).to.equal("ltr");
    // The label column starts on the right.
    const term = frame.main.querySelector(".summary dt") as HTMLElement;
    const main = frame.main.getBoundingClientRect();
    expect(main.right - term.getBoundingClientRect().right).to.be.below(40);
    expect(root.scrollWidth, "no sideways scrolling").to.be.at.most(root.clientWidth);
    expect(await violations(frame)).to.deep.equal([]);
    expect(frame.win.cspViolations).to.deep.equal([]);
  });

  it("says why there is no receipt in the page's language too", async () => {
    const frame = await openReceipt(360, { status: 503, body: {} });
    const japanese = receiptLocale(["ja-JP"]);
    await frame.win.receiptPage.loadReceipt(frame.main, { pathname: "/receipt/demo-open/pay_1", hash: "#s" }, japanese);
    expect(textOf(frame.main.querySelector("h1"))).to.equal("領収書を読み込めませんでした");
    expect(textOf(frame.main)).to.contain("サーバーが 503 を返しました。");
    await frame.win.receiptPage.loadReceipt(frame.main, { pathname: "/receipt/", hash: "" }, japanese);
    expect(textOf(frame.main.querySelector("h1"))).to.equal("領収書が見つかりません");
    frame.win.receiptPage.showAnswer(
      frame.main,
      { confirmed: false, shop: RECEIPT.shop, reference: "pay_1", status: "EXPIRED", final: true },
      japanese,
    );
    expect(textOf(frame.main.querySelector("h1"))).to.equal("この支払いの領収書はありません");
    expect(textOf(frame.main)).to.contain("状態：expired");
  });

  it("keeps the receipt of a saved page: nothing is read again", async () => {
    const frame = await openReceipt(768, { status: 404, body: {} });
    frame.win.receiptPage.showAnswer(frame.main, RECEIPT);
    await frame.win.receiptPage.loadReceipt(frame.main, { pathname: "/receipt/demo-open/pay_1", hash: "#s" });
    expect(frame.fetched).to.deep.equal([]);
    expect(textOf(frame.main.querySelector("h1"))).to.equal("Receipt from Northwind Coffee");
  });
});
