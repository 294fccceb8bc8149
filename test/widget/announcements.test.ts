/**
 * What a screen reader hears through the element's polite live region: each status change once,
 * nothing on the countdown's ticks, the two-minute warning once.
 */
import { expect } from "@open-wc/testing";
import sinon from "sinon";
import type { CryptoCheckout } from "../../widget/index.js";
import { FakeCheckout } from "./support/fake-checkout.js";
import { $, mountWithPayment, part, textOf, unmountAll } from "./support/mount.js";
import type { PaymentView } from "../../worker/checkout/wire.js";
import { newView, OPEN_SHOP, SERVER_TIME, VIEWS } from "../support/payment-views.js";

describe("live region", () => {
  let server: FakeCheckout;
  let clock: sinon.SinonFakeTimers;
  let observer: MutationObserver | undefined;

  afterEach(() => {
    observer?.disconnect();
    unmountAll();
    server.restore();
    clock.restore();
  });

  /** The element showing `view`, and the live region's texts as they change from then on. */
  async function mount(view: PaymentView = VIEWS.NEW): Promise<{ el: CryptoCheckout; heard: string[] }> {
    clock = sinon.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"],
    });
    server = new FakeCheckout(OPEN_SHOP).install();
    server.payments.set(view.paymentId, view);
    const el = await mountWithPayment({ "payment-id": view.paymentId });
    const live = $(el, "[role=status]");
    if (!live) throw new Error("no live region");
    const heard: string[] = [];
    let last = live.textContent;
    observer = new MutationObserver(() => {
      if (live.textContent !== last) heard.push((last = live.textContent ?? ""));
    });
    observer.observe(live, { childList: true, characterData: true, subtree: true });
    return { el, heard };
  }

  /** Lets `ms` pass and the element render; the mutation records are delivered by then. */
  async function pass(el: CryptoCheckout, ms: number): Promise<void> {
    await clock.tickAsync(ms);
    await el.updateComplete;
  }

  it("says a status change once and nothing while the countdown ticks", async () => {
    const { el, heard } = await mount();
    expect(textOf($(el, "[role=status]")), "the first status, said on arrival").to.equal("Waiting for your payment");
    server.update(VIEWS.UNDERPAID);
    await pass(el, 0);
    const before = textOf(part(el, "countdown"));
    await pass(el, 10_000);
    expect(textOf(part(el, "countdown")), "the countdown ticked").to.not.equal(before);
    expect(heard).to.deep.equal(["Part of the amount has arrived"]);
  });

  it("says nothing for a newer view with the same status", async () => {
    const { el, heard } = await mount();
    server.update(VIEWS.NEW_PENDING);
    await pass(el, 3000);
    expect(part(el, "progress"), "the new view is shown").to.not.equal(null);
    expect(heard).to.deep.equal([]);
  });

  it("says the two-minute warning once, not on the ticks after it", async () => {
    const { el, heard } = await mount(
      newView({ expirationTime: new Date(Date.parse(SERVER_TIME) + 125_000).toISOString() }),
    );
    await pass(el, 5000);
    await pass(el, 30_000);
    expect(textOf(part(el, "countdown"))).to.equal("Time left 01:30 Less than 2 minutes left");
    expect(heard).to.deep.equal(["Less than 2 minutes left"]);
  });
});
