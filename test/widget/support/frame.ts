/** A test page inside an iframe: the element as a host page embeds it, with the stubbed Worker. */
import type { CryptoCheckout } from "../../../widget/index.js";
import type { FakeCheckout } from "./fake-checkout.js";
import { withBase } from "./mount.js";

export interface Frame {
  iframe: HTMLIFrameElement;
  win: Window & typeof globalThis & { cspViolations?: string[] };
  doc: Document;
  server: FakeCheckout;
  mount(attributes?: Record<string, string | null>): CryptoCheckout;
  remove(): void;
}

function loaded(iframe: HTMLIFrameElement): Promise<void> {
  return new Promise((resolve) => iframe.addEventListener("load", () => resolve(), { once: true }));
}

export async function openFrame(path: string, server: FakeCheckout, width = 600): Promise<Frame> {
  const iframe = document.createElement("iframe");
  iframe.width = String(width);
  iframe.height = "900";
  iframe.title = "host page";
  const ready = loaded(iframe);
  iframe.src = path;
  document.body.append(iframe);
  await ready;
  const win = iframe.contentWindow as Frame["win"] | null;
  if (!win) throw new Error("no frame window");
  await win.customElements.whenDefined("crypto-checkout");
  server.install(win);
  return {
    iframe,
    win,
    doc: win.document,
    server,
    mount(attributes = {}) {
      const el = win.document.createElement("crypto-checkout");
      for (const [name, value] of Object.entries(withBase(attributes)))
        if (value !== null) el.setAttribute(name, value);
      win.document.body.append(el);
      return el;
    },
    remove() {
      server.restore();
      iframe.remove();
    },
  };
}

/** Resolves when the iframe has navigated to a new document. */
export function nextLoad(iframe: HTMLIFrameElement): Promise<void> {
  return loaded(iframe);
}
