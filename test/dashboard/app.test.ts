/**
 * The app shell (`<desk-app>`) on a dashboard URL, with the dashboard API's answers from fixtures
 * (window.fetch answers them; the shell, router and pages are the real ones): the session's shops
 * in the switcher, navigation with pushState and Back, the CSRF token on writes, sign-out, and an
 * ended session sending the person to the sign-in page. Chromium, Firefox and WebKit, axe on each.
 */
import { expect } from "@open-wc/testing";
import sinon from "sinon";
import { axeViolations } from "../widget/support/axe.js";
import { DETAIL, LIST, OVERVIEW, SESSION } from "./support/fixtures.js";
import { $, mount, text, unmountAll, until } from "./support/mount.js";

type Page = HTMLElement & { updateComplete: Promise<boolean> };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The API's answers by method and path, and every request the app made. */
function fakeApi(answers: Record<string, () => Response>) {
  const calls: { method: string; url: string; csrf: string | null }[] = [];
  sinon.stub(window, "fetch").callsFake(async (input, init) => {
    const url = new URL(String(input), location.href);
    const method = init?.method ?? "GET";
    calls.push({ method, url: `${url.pathname}${url.search}`, csrf: new Headers(init?.headers).get("x-csrf-token") });
    const answer = answers[`${method} ${url.pathname}`];
    return answer
      ? answer()
      : json({ error: { code: "not_found", message: "No such route.", kind: "client", retryable: false } }, 404);
  });
  return calls;
}

const API = "/dashboard/api";
const SHOP_API = `${API}/shops/demo-open`;

describe("the app shell", () => {
  const testPage = `${location.pathname}${location.search}`;
  afterEach(() => {
    unmountAll();
    sinon.restore();
    history.replaceState(null, "", testPage);
  });

  async function open(url: string): Promise<Page> {
    history.replaceState(null, "", url);
    const app = await mount<Page>("desk-app", {}, "div");
    await until(
      () => app.querySelector("main h1") !== null && app.querySelector("[role=status].loading") === null,
      "the page",
    );
    return app;
  }

  it("reads the page again, in place, when its tab comes back into view", async () => {
    let payments = LIST.payments.slice(1);
    const calls = fakeApi({
      [`GET ${API}/session`]: () => json(SESSION),
      [`GET ${SHOP_API}/payments`]: () => json({ ...LIST, payments }),
    });
    const app = await open("/dashboard/payments?shop=demo-open");
    const rows = () => app.querySelectorAll("a.row-link").length;
    const before = rows();
    payments = LIST.payments;
    document.dispatchEvent(new Event("visibilitychange"));
    await until(() => rows() === before + 1, "the new payment");
    expect(calls.filter((c) => c.url.startsWith(`${SHOP_API}/payments`))).to.have.length(2);
    expect(app.querySelector("[role=status].loading")).to.equal(null);
  });

  it("opens a deep link, lists the session's shops, and follows links and Back without reloading", async () => {
    const calls = fakeApi({
      [`GET ${API}/session`]: () => json(SESSION),
      [`GET ${SHOP_API}/payments`]: () => json(LIST),
      [`GET ${SHOP_API}/payments/pay_0001`]: () => json(DETAIL),
      [`GET ${API}/shops/demo-signed/payments`]: () => json({ payments: [], next: null }),
    });
    const app = await open("/dashboard/payments?shop=demo-open&status=CONFIRMED");
    expect(text($(app, "main h1"))).to.equal("Payments");
    expect(calls.map((c) => c.url)).to.deep.equal([`${API}/session`, `${SHOP_API}/payments?status=CONFIRMED`]);
    const select = $<HTMLSelectElement>(app, "#shop-select");
    expect([...select.options].map((o) => [o.value, o.selected])).to.deep.equal([
      ["demo-open", true],
      ["demo-signed", false],
    ]);
    expect(text($(app, "nav [aria-current=page]"))).to.equal("Payments");
    expect(text($(app, ".who"))).to.contain("Signed in with a sign-in link · operator");
    expect(await axeViolations(app)).to.deep.equal([]);

    $<HTMLAnchorElement>(app, "a.row-link").click();
    await until(() => text(app.querySelector("main h1")) === "Payment pay_0001", "the detail");
    expect(location.pathname).to.equal("/dashboard/payments/pay_0001");
    expect(document.title).to.equal("Payment pay_0001 · demo-open · Merchant dashboard");
    expect(await axeViolations(app)).to.deep.equal([]);

    history.back();
    await until(
      () => text(app.querySelector("main h1")) === "Payments" && app.querySelector("table.payments") !== null,
      "the list again",
    );
    expect(location.search).to.equal("?shop=demo-open&status=CONFIRMED");

    select.value = "demo-signed";
    select.dispatchEvent(new Event("change"));
    await until(() => location.search === "?shop=demo-signed&status=CONFIRMED", "the other shop's list");
    expect(calls.at(-1)?.url).to.equal(`${API}/shops/demo-signed/payments?status=CONFIRMED`);
  });

  it("sends the session's CSRF token with a write, and signs out server-side", async () => {
    const calls = fakeApi({
      [`GET ${API}/session`]: () => json(SESSION),
      [`GET ${SHOP_API}/overview`]: () => json(OVERVIEW),
      [`DELETE ${API}/session`]: () => new Response(null, { status: 204 }),
    });
    const app = await open("/dashboard/?shop=demo-open");
    expect(text($(app, "main h1"))).to.equal("Overview");
    expect(calls[1]?.url).to.equal(`${SHOP_API}/overview?days=30`);
    expect(await axeViolations(app)).to.deep.equal([]);
    [...app.querySelectorAll("button")].find((b) => text(b) === "Sign out")?.click();
    await until(() => location.pathname === "/dashboard/sign-in", "the sign-in page");
    expect(calls.at(-1)).to.deep.equal({ method: "DELETE", url: `${API}/session`, csrf: SESSION.csrfToken });
    await until(() => app.querySelector("desk-sign-in [role=status]") !== null, "the signed-out note");
    expect(text($(app, "desk-sign-in [role=status]"))).to.equal(
      "You are signed out. Open a new sign-in link to come back.",
    );
    expect(calls.filter((c) => c.method === "GET" && c.url === `${API}/session`).length).to.equal(1);
  });

  it("sends a person without a session to the sign-in page, which says how to get a link", async () => {
    fakeApi({
      [`GET ${API}/session`]: () =>
        json(
          { error: { code: "unauthorized", message: "No dashboard session.", kind: "auth", retryable: false } },
          401,
        ),
    });
    const app = await open("/dashboard/webhooks");
    expect(location.pathname).to.equal("/dashboard/sign-in");
    expect(text($(app, "[role=alert]"))).to.contain("crypto-checkout dashboard login --shop");
    expect(await axeViolations(app)).to.deep.equal([]);
  });

  it("signs in with the link's token, then opens the overview", async () => {
    const calls = fakeApi({
      [`POST ${API}/session`]: () => json(SESSION),
      [`GET ${API}/session`]: () => json(SESSION),
      [`GET ${SHOP_API}/overview`]: () => json(OVERVIEW),
    });
    const app = await open("/dashboard/sign-in#dsk_link_0123456789abcdef");
    expect(location.hash).to.equal("");
    $<HTMLButtonElement>(app, "button[type=submit]").click();
    await until(
      () => text(app.querySelector("main h1")) === "Overview" && app.querySelector(".tiles") !== null,
      "the overview",
    );
    expect(location.pathname).to.equal("/dashboard/");
    expect(calls[0]).to.deep.equal({ method: "POST", url: `${API}/session`, csrf: null });
  });
});
