/**
 * The countdown follows the server's clock: a customer clock that is minutes off either way, a
 * wall-clock jump, or timers that fire late (a background tab) change nothing.
 */
import { expect } from "@open-wc/testing";
import sinon from "sinon";
import type { CryptoCheckout } from "../../widget/index.js";
import { FakeCheckout } from "./support/fake-checkout.js";
import { $, mountWithPayment, part, textOf, unmountAll, until } from "./support/mount.js";
import { OPEN_SHOP, SERVER_TIME, VIEWS } from "../support/payment-views.js";

describe("countdown", () => {
  let server: FakeCheckout;
  let clock: sinon.SinonFakeTimers;

  afterEach(() => {
    unmountAll();
    server.restore();
    clock.restore();
  });

  type ToFake = Extract<Parameters<typeof sinon.useFakeTimers>[0], { toFake?: unknown }>["toFake"];
  const ALL_CLOCKS: ToFake = ["Date", "setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"];

  async function mountWithClientClock(skewMs: number, toFake = ALL_CLOCKS): Promise<CryptoCheckout> {
    clock = sinon.useFakeTimers({ now: Date.parse(SERVER_TIME) + skewMs, toFake });
    server = new FakeCheckout(OPEN_SHOP).install();
    server.payments.set(VIEWS.NEW.paymentId, VIEWS.NEW);
    return mountWithPayment({ "payment-id": VIEWS.NEW.paymentId });
  }

  async function shown(el: CryptoCheckout, advanceMs: number): Promise<string> {
    await clock.tickAsync(advanceMs);
    await el.updateComplete;
    return textOf(part(el, "countdown"));
  }

  for (const [name, skewMs] of [
    ["is 10 minutes behind", -10 * 60_000],
    ["is 10 minutes ahead", 10 * 60_000],
    ["is an hour ahead (past expiry)", 60 * 60_000],
  ] as const) {
    it(`shows the server's remaining time when the customer's clock ${name}`, async () => {
      const el = await mountWithClientClock(skewMs);
      expect(await shown(el, 0)).to.equal("Time left 15:00");
      expect(await shown(el, 60_000)).to.equal("Time left 14:00");
      expect(await shown(el, 30_500)).to.equal("Time left 13:30");
    });
  }

  it("does not move when the wall clock jumps", async () => {
    const el = await mountWithClientClock(0);
    clock.setSystemTime(Date.parse(SERVER_TIME) + 3 * 3_600_000);
    expect(await shown(el, 1000)).to.equal("Time left 14:59");
    clock.setSystemTime(Date.parse(SERVER_TIME) - 3 * 3_600_000);
    expect(await shown(el, 1000)).to.equal("Time left 14:58");
  });

  it("is right after a late timer, as in a throttled background tab", async () => {
    // Only the clocks are fake: the element's one-second timer is real and fires once (late)
    // after five minutes of monotonic time have passed.
    const el = await mountWithClientClock(0, ["Date", "performance"]);
    expect(textOf(part(el, "countdown"))).to.equal("Time left 15:00");
    clock.tick(5 * 60_000);
    await until(() => textOf(part(el, "countdown")) !== "Time left 15:00", "the next tick");
    expect(textOf(part(el, "countdown"))).to.equal("Time left 10:00");
  });

  it("warns visibly and through the live region in the last two minutes, then says time is up", async () => {
    const el = await mountWithClientClock(-10 * 60_000);
    expect(part(el, "countdown")?.classList.contains("warning")).to.equal(false);
    // Most of the way at once (the element's one-second timer fires 779 times without a render
    // each, which a loaded WebKit took longer than the test's timeout to go through one by one),
    // then across the two-minute line and to the end tick by tick.
    clock.tick(13 * 60_000 - 1000);
    expect(await shown(el, 2000)).to.equal("Time left 01:59 Less than 2 minutes left");
    expect(part(el, "countdown")?.classList.contains("warning")).to.equal(true);
    expect(textOf($(el, "[role=status]"))).to.equal("Less than 2 minutes left");
    clock.tick(2 * 60_000 - 2000);
    expect(await shown(el, 2000)).to.equal("Time is up 00:00");
  });
});
