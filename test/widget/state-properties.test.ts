/**
 * Property test (fast-check, 1,000 runs) of which view the element keeps: the server sends a
 * payment's views with versions 1..n (a final status, once reached, is the last one); they reach
 * the element in any order, some more than once. After every delivery the element must show the
 * highest version it has received (`payment`, the rendered status and the events it emitted),
 * so it never shows an older status, and never leaves a final one.
 *
 * The decision lives in the element (CryptoCheckout #applyView: a view of the same payment with
 * a version not above the shown one is dropped), not in a pure module of widget/state/, so the
 * property drives the real element through the FakeCheckout's socket.
 */
import { expect } from "@open-wc/testing";
import fc from "fast-check";
import type { CryptoCheckout } from "../../widget/index.js";
import { statusView } from "../../widget/state/status.js";
import type { PaymentView } from "../../worker/checkout/wire.js";
import { newView, OPEN_SHOP } from "../support/payment-views.js";
import { mountWithPayment, root, unmountAll, useFakeCheckout } from "./support/mount.js";

const RUNS = 1000;
const FINAL = new Set(["CONFIRMED", "EXPIRED", "INVALID"]);
const STATUSES = ["NEW", "UNDERPAID", "UNCONFIRMED", "CONFIRMED", "EXPIRED", "INVALID", "REFUNDING"] as const;

/** The views the server sends, versions 1..n: nothing follows a final status. */
function serverViews(paymentId: string, statuses: readonly string[]): PaymentView[] {
  const views: PaymentView[] = [];
  for (const status of ["NEW", ...statuses]) {
    const version = views.length + 1;
    views.push(newView({ paymentId, status, version, walletMessage: `v${version}` }));
    if (FINAL.has(status)) break;
  }
  return views;
}

const scenario = fc
  .record({
    statuses: fc.array(fc.constantFrom(...STATUSES), { minLength: 1, maxLength: 6 }),
    // Indices into the server's views (taken modulo their number): any order, repeats allowed.
    deliveries: fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
  })
  .map(({ statuses, deliveries }) => ({ statuses, deliveries }));

describe("the element keeps the newest view (property)", () => {
  const checkout = useFakeCheckout(OPEN_SHOP);
  let counter = 0;

  it(`shows the highest version received, whatever the order (${RUNS} runs)`, async function () {
    this.timeout(300_000);
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ statuses, deliveries }) => {
        runs += 1;
        counter += 1;
        const paymentId = `pay_prop_${counter}`;
        const views = serverViews(paymentId, statuses);
        const first = views[0];
        if (!first) throw new Error("no first view");
        const { server } = checkout;
        server.payments.set(paymentId, first);
        const before = server.sockets.length;
        const el: CryptoCheckout = await mountWithPayment({ "payment-id": paymentId });
        const shown: PaymentView[] = [];
        el.addEventListener("checkout-payment", (e) => shown.push((e as CustomEvent<PaymentView>).detail));
        try {
          // The stream opens after the first view (one microtask later in the fake).
          await Promise.resolve();
          const socket = server.sockets[before];
          if (!socket) throw new Error("no stream opened");
          let highest = first;
          for (const index of deliveries) {
            const view = views[index % views.length];
            if (!view) throw new Error("no view");
            const final = FINAL.has(highest.status);
            socket.deliver(view);
            // Once final the element stops its stream: later views cannot arrive (nor exist).
            if (!final && view.version > highest.version) highest = view;
            await el.updateComplete;
            const where = `after delivering v${view.version} (${view.status}); order ${deliveries.map((i) => (i % views.length) + 1).join(",")}`;
            expect(el.payment?.version, where).to.equal(highest.version);
            expect(el.payment?.status, where).to.equal(highest.status);
            expect(
              root(el).querySelector("[part~=status]")?.classList.contains(statusView(highest).kind),
              `${where}: rendered status`,
            ).to.equal(true);
          }
          // Each view emitted is newer than the one before it: never an older status, never out of a final one.
          const versions = shown.map((v) => v.version);
          expect(versions, "emitted versions increase").to.deep.equal([...versions].sort((a, b) => a - b));
          expect(new Set(versions).size, "no version emitted twice").to.equal(versions.length);
          const firstFinal = shown.findIndex((v) => FINAL.has(v.status));
          if (firstFinal >= 0) expect(firstFinal, "nothing after a final status").to.equal(shown.length - 1);
        } finally {
          unmountAll();
        }
      }),
      { numRuns: RUNS },
    );
    expect(runs).to.be.at.least(RUNS);
  });
});
