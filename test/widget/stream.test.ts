/** Live updates against a stubbed Worker: WebSocket, reconnect with backoff, polling fallback. */
import { expect } from "@open-wc/testing";
import sinon from "sinon";
import type { CryptoCheckout } from "../../widget/index.js";
import { FakeCheckout } from "./support/fake-checkout.js";
import { $, mountWithPayment, part, textOf, unmountAll, until } from "./support/mount.js";
import { OPEN_SHOP, VIEWS } from "../support/payment-views.js";

describe("live updates", () => {
  let server: FakeCheckout;
  let clock: sinon.SinonFakeTimers;
  let el: CryptoCheckout;

  beforeEach(async () => {
    sessionStorage.clear();
    clock = sinon.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"],
    });
    sinon.stub(Math, "random").returns(0); // the jitter's lower bound: half of each backoff step
    server = new FakeCheckout(OPEN_SHOP).install();
  });
  afterEach(() => {
    unmountAll();
    server.restore();
    clock.restore();
    sinon.restore();
  });

  async function attach(socketMode: "accept" | "refuse" | "flap" = "accept") {
    server.socketMode = socketMode;
    server.payments.set(VIEWS.NEW.paymentId, VIEWS.NEW);
    el = await mountWithPayment({ "payment-id": VIEWS.NEW.paymentId });
    await clock.tickAsync(0);
  }
  const liveRegion = () => textOf($(el, "[role=status]"));
  const notice = () => textOf($(el, ".notice"));
  const status = () => textOf(part(el, "status"));

  it("opens the stream, applies pushed views, keeps the connection alive with ping", async () => {
    await attach();
    expect(server.sockets.map((s) => s.url)).to.deep.equal([
      "wss://checkout.test/api/shops/demo-open/payments/pay_0001/stream?clientSecret=secret_pay_0001",
    ]);
    server.update(VIEWS.NEW_PENDING);
    await el.updateComplete;
    expect(part(el, "progress")).to.not.equal(null);
    server.update(VIEWS.UNDERPAID);
    await el.updateComplete;
    expect(status()).to.equal("Part of the amount has arrived");
    expect(liveRegion()).to.equal("Part of the amount has arrived");
    await clock.tickAsync(25_000);
    expect(server.sockets[0]?.sent).to.deep.equal(["ping"]);
  });

  it("gives up on a socket that stops answering ping and reconnects", async () => {
    await attach();
    server.answersPing = false;
    await clock.tickAsync(25_000);
    expect(server.sockets[0]?.sent).to.deep.equal(["ping"]);
    await clock.tickAsync(9_999);
    expect(server.closedByClient).to.have.length(0);
    await clock.tickAsync(1);
    expect(server.closedByClient).to.deep.equal([server.sockets[0]]);
    await el.updateComplete;
    expect(notice()).to.equal("Connection lost, reconnecting…");
    server.answersPing = true;
    await clock.tickAsync(500);
    expect(server.sockets).to.have.length(2);
    expect(server.openSockets).to.have.length(1);
    await clock.tickAsync(60_000); // pings answered: the connection stays
    expect(server.sockets).to.have.length(2);
    await el.updateComplete;
    expect(notice()).to.equal("");
  });

  it("ignores a view older than the one shown", async () => {
    await attach();
    server.update(VIEWS.UNDERPAID);
    await el.updateComplete;
    server.sockets[0]?.deliver(VIEWS.NEW_PENDING); // version 2 < 3
    await el.updateComplete;
    expect(status()).to.equal("Part of the amount has arrived");
  });

  it("reconnects with exponential backoff and shows, then clears, a politely announced reconnecting state", async () => {
    await attach();
    server.socketMode = "refuse";
    server.sockets[0]?.drop();
    await el.updateComplete;
    expect(notice()).to.equal("Connection lost, reconnecting…");
    expect(liveRegion()).to.equal("Connection lost, reconnecting…");
    expect($(el, "[role=status]")?.getAttribute("aria-live")).to.equal("polite");
    await clock.tickAsync(499);
    expect(server.sockets).to.have.length(1);
    await clock.tickAsync(1); // attempt 1: 1000 ms * (0.5 + 0.5 * random)
    expect(server.sockets).to.have.length(2); // refused
    server.socketMode = "accept";
    await clock.tickAsync(999);
    expect(server.sockets).to.have.length(2);
    await clock.tickAsync(1); // attempt 2: 2000 ms * 0.5
    expect(server.sockets).to.have.length(3);
    await el.updateComplete;
    expect(notice()).to.equal("");
    expect(liveRegion()).to.equal("Connection restored");
    server.update(VIEWS.UNCONFIRMED);
    await el.updateComplete;
    expect(status()).to.equal("Payment received, waiting for confirmation");
  });

  it("falls back to polling the payment with its ETag when WebSockets keep failing", async () => {
    await attach("refuse");
    await clock.tickAsync(500 + 1000 + 1); // two retries (three failures in all), then the first poll (timers wait at least 1 ms)
    expect(server.sockets).to.have.length(3);
    const polls = () => server.requestsTo("GET", "/payments/pay_0001");
    expect(polls()).to.have.length(2); // the attach, and the first poll right after the third failure
    expect(polls()[1]?.headers.get("if-none-match")).to.equal('"v1"');
    server.payments.set(VIEWS.UNDERPAID.paymentId, VIEWS.UNDERPAID);
    await clock.tickAsync(5000);
    await el.updateComplete;
    expect(polls()).to.have.length(3);
    expect(polls()[2]?.headers.get("if-none-match")).to.equal('"v1"');
    // The answer's body is read on the engine's own tasks, outside the fake clock.
    await until(() => status() === "Part of the amount has arrived", "the polled view");
    await clock.tickAsync(5000);
    expect(polls()[3]?.headers.get("if-none-match")).to.equal('"v3"');
    expect(notice()).to.equal("");
  });

  it("falls back to polling when sockets open but close before delivering anything", async () => {
    await attach("flap");
    await clock.tickAsync(500 + 1000 + 1);
    expect(server.sockets).to.have.length(3);
    expect(server.requestsTo("GET", "/payments/pay_0001")).to.have.length(2); // the attach and the first poll
    await clock.tickAsync(60_000);
    expect(server.sockets).to.have.length(3);
  });

  it("shows reconnecting while polls fail and recovers when they succeed", async () => {
    await attach("refuse");
    await clock.tickAsync(1500);
    server.networkDown = true;
    await clock.tickAsync(5000);
    await el.updateComplete;
    expect(notice()).to.equal("Connection lost, reconnecting…");
    server.networkDown = false;
    server.payments.set(VIEWS.CONFIRMED.paymentId, VIEWS.CONFIRMED);
    await clock.tickAsync(5000);
    // The answer's body is read on the engine's own tasks, outside the fake clock.
    await until(() => status() === "Payment confirmed. Thank you!", "the polled confirmation");
    await el.updateComplete;
    expect(notice()).to.equal("");
  });

  it("stops the stream when the payment is final: socket closed, no reconnect, no polling", async () => {
    await attach();
    server.update(VIEWS.CONFIRMED);
    await el.updateComplete;
    expect(server.closedByClient).to.have.length(1);
    const requests = server.requests.length;
    await clock.tickAsync(120_000);
    expect(server.sockets).to.have.length(1);
    expect(server.requests).to.have.length(requests);
  });

  it("stops polling when the payment is final", async () => {
    await attach("refuse");
    await clock.tickAsync(1500);
    server.payments.set(VIEWS.EXPIRED.paymentId, VIEWS.EXPIRED);
    await clock.tickAsync(5000);
    // The answer's body is read on the engine's own tasks, outside the fake clock.
    await until(() => status() === "This payment has expired", "the polled expiry");
    await el.updateComplete;
    const requests = server.requests.length;
    await clock.tickAsync(120_000);
    expect(server.requests).to.have.length(requests);
    expect(server.sockets).to.have.length(3);
  });

  it("closes the stream and stops every timer when the element leaves the page", async () => {
    await attach();
    unmountAll();
    await clock.tickAsync(0);
    expect(server.closedByClient).to.have.length(1);
    expect(clock.countTimers()).to.equal(0);
    await clock.tickAsync(60_000);
    expect(server.sockets).to.have.length(1);
  });
});
