/**
 * The shop backend pane: what the reference shop backend (examples/shop-backend) received from the
 * checkout Worker's webhooks and what it did with each (paid, recorded, refused...), newest first.
 * It polls the received log through the Worker while the page is visible, and stops on an error.
 */
import { ApiError, backendReceived } from "./api.js";
import { advanceCursor, formatEntry, mergeEntries, type ReceivedEntry } from "./backend-log.js";
import { byId, h } from "./dom.js";

const POLL_MS = 1500;

export class BackendPane {
  /** The received log's cursor: the last seq seen. */
  private after = 0;
  private shown: ReceivedEntry[] = [];
  private readonly items = new Map<number, HTMLLIElement>();
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private polling = false;
  private stopped = false;
  private started = false;
  private readonly root = byId("backend-pane");
  private readonly list = byId<HTMLUListElement>("backend-log");
  private readonly empty = byId("backend-empty");
  private readonly note = byId("backend-note");
  private readonly retry = byId<HTMLButtonElement>("backend-retry");

  constructor() {
    this.retry.addEventListener("click", () => this.resume());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.schedule(0);
      else clearTimeout(this.pollTimer);
    });
    this.render();
  }

  /** Starts polling (only while the page is visible). */
  start(): void {
    this.started = true;
    this.schedule(0);
  }

  private resume(): void {
    this.stopped = false;
    this.say("");
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.pollTimer);
    if (!this.started || this.stopped || this.root.hidden || document.visibilityState !== "visible") return;
    this.pollTimer = setTimeout(() => void this.poll(), delayMs);
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    let delayMs = POLL_MS;
    try {
      const page = await backendReceived(this.after);
      const { after, restarted } = advanceCursor(this.after, page);
      this.after = after;
      if (restarted) {
        // The backend started over with a new log: what is shown belongs to the old one.
        this.shown = [];
        delayMs = 0;
      }
      this.update(restarted ? [] : page.entries);
    } catch (error) {
      // Stops here (the cursor is kept): "Check again" resumes.
      this.stopped = true;
      const notRunning = !(error instanceof ApiError) || error.code === "upstream_unavailable";
      this.say(
        notRunning
          ? "The shop backend is not running (npm run demo starts it)."
          : `Stopped reading the shop backend's log: ${error.message}`,
        true,
      );
    } finally {
      this.polling = false;
    }
    this.schedule(delayMs);
  }

  /** Adds the new entries at the top and drops those beyond the cap, leaving the others in place. */
  private update(incoming: ReceivedEntry[]): void {
    this.shown = mergeEntries(this.shown, incoming);
    const keep = new Set(this.shown.map((entry) => entry.seq));
    for (const [seq, item] of this.items) {
      if (keep.has(seq)) continue;
      item.remove();
      this.items.delete(seq);
    }
    let before: ChildNode | null = this.list.firstChild;
    for (const entry of this.shown) {
      const existing = this.items.get(entry.seq);
      if (existing) {
        before = existing.nextSibling;
        continue;
      }
      const item = this.line(entry);
      this.list.insertBefore(item, before);
      this.items.set(entry.seq, item);
    }
    this.render();
  }

  private line(entry: ReceivedEntry): HTMLLIElement {
    const line = formatEntry(entry, (date) => date.toLocaleTimeString());
    return h(
      "li",
      {
        class: "backend-entry",
        "data-testid": "backend-entry",
        "data-outcome": line.outcome,
        "data-seq": String(line.seq),
      },
      h("time", { class: "mono muted", datetime: line.datetime }, line.time),
      h("span", { class: `outcome ${line.tone}` }, line.label),
      h("span", { class: "backend-message" }, line.text),
    );
  }

  private render(): void {
    this.empty.hidden = this.shown.length > 0;
    this.retry.hidden = !this.stopped;
  }

  private say(text: string, isError = false): void {
    this.note.textContent = text;
    this.note.classList.toggle("error", isError);
    this.render();
  }
}
