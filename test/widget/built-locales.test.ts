/**
 * The languages in the production bundle (rollup.config.mjs, built in memory by the test server):
 * English inside widget.js, every other language a chunk of its own holding its catalog, fetched
 * only when the element first shows that language.
 */
import { expect } from "@open-wc/testing";
import { loadMessages } from "../../widget/locales/index.js";
import type { Language, Messages } from "../../widget/locales/index.js";
import { LANGUAGES } from "../../widget/locales/languages.js";
import { FakeCheckout } from "./support/fake-checkout.js";
import { openFrame } from "./support/frame.js";
import type { Frame } from "./support/frame.js";
import { textOf, until } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

/** chunks/zh-TW-B_c4-9.js -> zh-TW (the hash is 6 characters of base64url). */
const languageOf = (file: string) => file.replace(/^chunks\/(.+)-[\w-]{6}\.js$/, "$1");

describe("languages in the production bundle", () => {
  let frame: Frame | undefined;
  afterEach(() => {
    frame?.remove();
    frame = undefined;
  });

  it("has one chunk per language besides English, each holding that language's catalog", async function () {
    this.timeout(60_000); // the bundle is built on first use
    const entry = await (await fetch("/__built__/widget.js")).text();
    const imported = [...entry.matchAll(/import\("\.\/(chunks\/[^"]+)"\)/g)].map((match) => match[1] ?? "");
    // Besides the languages, the setup warnings' chunk (setup-warnings.test.ts) and the refund
    // mode's (refund-bundle.test.ts), which imports the refund catalogs itself.
    const files = imported.filter((file) => !/^chunks\/(setup-warnings|refund-mode)-/.test(file));
    expect(imported.length - files.length).to.equal(2);
    expect(files.map(languageOf).sort()).to.deep.equal(LANGUAGES.filter((l) => l !== "en").sort());
    expect(entry, "English is in widget.js").to.contain("Waiting for your payment");
    for (const file of files) {
      const { messages } = (await import(/* @vite-ignore */ `/__built__/${file}`)) as { messages: Messages };
      const source = await loadMessages(languageOf(file) as Language);
      // Strings and plural forms compared as data (JSON leaves the functions out), functions by their text.
      expect(JSON.stringify(messages), file).to.equal(JSON.stringify(source));
      expect(messages.unknown("X"), file).to.equal(source.unknown("X"));
    }
  });

  it("fetches a language's chunk when the element first shows it, and none for English", async function () {
    this.timeout(60_000);
    const server = new FakeCheckout(OPEN_SHOP);
    server.payments.set(VIEWS.NEW.paymentId, VIEWS.NEW);
    frame = await openFrame("/test/widget/fixtures/csp-built.html", server);
    const { win } = frame;
    const chunks = () =>
      win.performance
        .getEntriesByType("resource")
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.includes("/chunks/"));
    const el = frame.mount({ "payment-id": VIEWS.NEW.paymentId, locale: "en" });
    const status = () => textOf(el.shadowRoot?.querySelector("[part=status]") ?? null);
    await until(() => status() === "Waiting for your payment", "English");
    expect(chunks()).to.deep.equal([]);
    el.setAttribute("locale", "ko-KR");
    await until(() => status() === "결제를 기다리는 중입니다", "Korean");
    expect(chunks().map((p) => languageOf(p.replace("/__built__/", "")))).to.deep.equal(["ko"]);
  });
});
