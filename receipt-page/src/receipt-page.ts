/**
 * What the receipt page shows, in its `<main>`: the receipt named by the page's URL
 * (page-setup.ts), read from the Worker, built with DOM calls (no HTML from data), or why there is
 * none, in the page's language (`ReceiptLocale`, receipt-text.ts). A page saved with its receipt shown ("Save page as") keeps it: when the receipt is already
 * in the page, `loadReceipt` leaves it as it is. main.ts runs it; the tests run it in place.
 */
import type { Receipt, ReceiptAnswer } from "../../worker/checkout/receipt-wire.js";
import { receiptSetup } from "./page-setup.js";
import {
  ENGLISH,
  money,
  notReadyText,
  summaryLines,
  transactionLines,
  type Line,
  type ReceiptLocale,
} from "./receipt-text.js";

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; id?: string } = {},
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.id) node.id = props.id;
  if (props.text !== undefined) node.textContent = props.text;
  node.append(...children);
  return node;
}

function lines(items: Line[], className: string): HTMLDListElement {
  const list = el("dl", { className });
  for (const line of items) {
    const value = el("dd");
    if (line.time) {
      const time = el("time", { text: line.text });
      time.dateTime = line.time;
      value.append(time);
    } else if (line.code) {
      const code = el("code", { text: line.text });
      code.translate = false;
      code.dir = "ltr"; // an id reads left to right on a right-to-left page too
      value.append(code);
    } else value.textContent = line.text;
    list.append(el("div", {}, el("dt", { text: line.label }), value));
  }
  return list;
}

function show(main: HTMLElement, state: string, title: string, ...content: Node[]): void {
  const heading = el("h1", { text: title });
  heading.tabIndex = -1;
  main.replaceChildren(heading, ...content);
  main.dataset.state = state;
  main.removeAttribute("aria-busy");
  document.title = title;
}

function showReceipt(main: HTMLElement, r: Receipt, at: ReceiptLocale): void {
  const { t } = at;
  const printButton = el("button", { className: "print", text: t.print });
  printButton.type = "button";
  printButton.addEventListener("click", () => print());
  const txs = el("ol", { className: "transactions" });
  for (const tx of r.transactions) txs.append(el("li", {}, lines(transactionLines(tx, r.transfer.currency, at), "tx")));
  show(
    main,
    "receipt",
    t.heading(r.shop.name),
    ...(r.sandbox ? [el("p", { className: "badge", text: t.testPayment })] : []),
    el("p", { className: "total", text: money(r.price.amount, r.price.currency, at) }),
    lines(summaryLines(r, at), "summary"),
    el("h2", { text: r.transactions.length === 1 ? t.transaction : t.transactions }),
    r.transactions.length > 0 ? txs : el("p", { className: "muted", text: t.noTransactions }),
    el("p", { className: "muted note", text: t.confirmedBy(r.shop.name) }),
    el("p", { className: "actions" }, printButton),
  );
  document.title = t.documentTitle(r.orderId ?? r.reference, r.shop.name);
}

/** Shows the Worker's answer: the receipt, or why a payment has none (yet). */
export function showAnswer(main: HTMLElement, answer: ReceiptAnswer, at: ReceiptLocale = ENGLISH): void {
  if (answer.confirmed) return showReceipt(main, answer, at);
  const { title, text } = notReadyText(answer, at);
  show(
    main,
    answer.final ? "no-receipt" : "pending",
    title,
    el("p", { text }),
    lines([{ label: at.t.reference, text: answer.reference, code: true }], "summary"),
  );
}

/** The page's `lang` and `dir`, and its text until the receipt is read, in the receipt's language. */
export function setLanguage(main: HTMLElement, { tag, dir, t }: ReceiptLocale): void {
  document.documentElement.lang = tag;
  document.documentElement.dir = dir;
  if (main.getAttribute("aria-busy") === "true") main.replaceChildren(el("p", { className: "muted", text: t.loading }));
}

/** Reads the receipt of the page at `where` and shows it in `main`; the heading then takes the focus. */
export async function loadReceipt(
  main: HTMLElement,
  where: { pathname: string; hash: string },
  at: ReceiptLocale = ENGLISH,
): Promise<void> {
  await read(main, where, at);
  main.querySelector<HTMLElement>("h1")?.focus();
}

async function read(main: HTMLElement, where: { pathname: string; hash: string }, at: ReceiptLocale): Promise<void> {
  const { t } = at;
  // A saved page already shows its receipt: nothing to read (and nothing to overwrite).
  if (main.dataset.state === "receipt") return;
  const setup = receiptSetup(where.pathname, where.hash);
  if (!setup) return show(main, "not-found", t.notFoundTitle, el("p", { text: t.notFound }));
  let response: Response;
  try {
    response = await fetch(setup.source, {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    return show(main, "error", t.errorTitle, el("p", { text: t.connectionFailed }));
  }
  if (response.ok) return showAnswer(main, (await response.json()) as ReceiptAnswer, at);
  if (response.status === 404 || response.status === 401 || response.status === 400)
    return show(main, "not-found", t.notFoundTitle, el("p", { text: t.notFound }));
  show(main, "error", t.errorTitle, el("p", { text: t.serverError(String(response.status)) }));
}
