/** The dashboard's pure pieces: URL ⇄ filters ⇄ API query, the URL scheme, the chart's geometry, formatting. */
import { expect } from "@open-wc/testing";
import { barGeometry, dailyStacks, daysBetween, niceMax, statusesOf } from "../../dashboard/chart.js";
import {
  apiQuery,
  filtersFromQuery,
  filtersToQuery,
  invalidFilterFields,
  NO_FILTERS,
} from "../../dashboard/filters.js";
import { formatAmount, formatDuration, formatTime, percent, sumDecimals } from "../../dashboard/format.js";
import { link, parseRoute, routeUrl, switchShop } from "../../dashboard/routes.js";
import { tokenOfHash } from "../../dashboard/pages/sign-in.js";
import { OVERVIEW } from "./support/fixtures.js";

describe("filters", () => {
  it("read from the URL, dropping values that are not well-formed", () => {
    const filters = filtersFromQuery(
      new URLSearchParams(
        "status=confirmed,NEW,bad-one&currency=eur,x&from=2026-11-01&to=2026-02-30&minAmount=1.50&maxAmount=1e3&q=%20NW-1%20",
      ),
    );
    expect(filters).to.deep.equal({
      status: ["CONFIRMED", "NEW"],
      currency: ["EUR"],
      from: "2026-11-01",
      to: "",
      minAmount: "1.50",
      maxAmount: "",
      q: "NW-1",
    });
  });

  it("round-trip through the URL in one order, so equal filters make equal links", () => {
    const filters = { ...NO_FILTERS, q: "bc1q", status: ["NEW", "UNDERPAID"], to: "2026-11-30", minAmount: "10" };
    const query = filtersToQuery(filters);
    expect(query.toString()).to.equal("q=bc1q&status=NEW%2CUNDERPAID&to=2026-11-30&minAmount=10");
    expect(filtersFromQuery(query)).to.deep.equal(filters);
    expect(filtersToQuery(NO_FILTERS).size).to.equal(0);
  });

  it("become the API's query: days as RFC 3339 times, the inclusive `to` as the next day's start", () => {
    const query = apiQuery({ ...NO_FILTERS, from: "2026-11-01", to: "2026-12-31", currency: ["EUR", "USD"] }, "c1");
    expect(Object.fromEntries(query)).to.deep.equal({
      currency: "EUR,USD",
      from: "2026-11-01T00:00:00Z",
      to: "2027-01-01T00:00:00Z",
      cursor: "c1",
    });
  });

  it("name the form's fields that are not a day or a decimal amount", () => {
    expect(
      invalidFilterFields({ ...NO_FILTERS, from: "2026-13-01", minAmount: "1,50", maxAmount: "2.5" }),
    ).to.deep.equal(["from", "minAmount"]);
  });
});

describe("the URL scheme", () => {
  it("maps every page's path and query to its route and back", () => {
    const routes = [
      "/dashboard/",
      "/dashboard/?shop=demo-signed",
      "/dashboard/sign-in",
      "/dashboard/payments?shop=demo-open&q=NW-1&status=CONFIRMED&cursor=abc",
      "/dashboard/payments/pay_0001?shop=demo-open",
      "/dashboard/webhooks?shop=demo-open",
      "/dashboard/settings",
    ];
    for (const url of routes) {
      const [path = "", search = ""] = url.split("?");
      expect(routeUrl(parseRoute(path, search ? `?${search}` : ""))).to.equal(url);
    }
    expect(parseRoute("/dashboard/payments/pay_0001", "")).to.deep.equal({
      page: "payment",
      shop: null,
      paymentId: "pay_0001",
    });
    expect(parseRoute("/dashboard/nothing", "").page).to.equal("not-found");
    expect(parseRoute("/dashboard/payments/a%20b", "").page).to.equal("not-found");
  });

  it("switching shops keeps the page, except a payment's detail, which belongs to its shop", () => {
    const list = parseRoute("/dashboard/payments", "?shop=a&q=x&cursor=c");
    expect(routeUrl(switchShop(list, "b"))).to.equal("/dashboard/payments?shop=b&q=x");
    expect(routeUrl(switchShop(parseRoute("/dashboard/payments/p1", "?shop=a"), "b"))).to.equal(link.payments("b"));
    expect(routeUrl(switchShop(parseRoute("/dashboard/webhooks", "?shop=a"), "b"))).to.equal(
      "/dashboard/webhooks?shop=b",
    );
  });

  it("reads a sign-in link's token from the fragment only when it looks like one", () => {
    expect(tokenOfHash("#dsk_0123456789abcdefABCDEF")).to.equal("dsk_0123456789abcdefABCDEF");
    expect(tokenOfHash("#token=dsk_0123456789abcdef")).to.equal("dsk_0123456789abcdef");
    expect(tokenOfHash("")).to.equal(null);
    expect(tokenOfHash("#short")).to.equal(null);
    expect(tokenOfHash("#<script>alert(1)</script>xxxxxxxx")).to.equal(null);
  });
});

describe("the overview's chart", () => {
  it("has one stack per day of the period, empty days included, and exact volumes per currency", () => {
    const stacks = dailyStacks(OVERVIEW.days, OVERVIEW.from, OVERVIEW.to);
    expect(stacks.length).to.equal(30);
    expect(stacks[0]?.day).to.equal("2026-10-27");
    expect(stacks.at(-1)?.day).to.equal("2026-11-25");
    const day = stacks.find((s) => s.day === "2026-11-24");
    expect(day?.total).to.equal(5);
    expect(day?.counts).to.deep.equal({ CONFIRMED: 4, NEW: 0, EXPIRED: 1, INVALID: 0 });
    expect(day?.volume).to.deep.equal([
      { currency: "EUR", amount: "110.00" },
      { currency: "USD", amount: "5.00" },
    ]);
    expect(stacks.filter((s) => s.total === 0).length).to.equal(27);
  });

  it("stacks known statuses in their order and unknown ones after them", () => {
    const rows = [
      { day: "2026-11-01", currency: "EUR", status: "ZOMBIE", count: 1, priceAmount: "1" },
      { day: "2026-11-01", currency: "EUR", status: "EXPIRED", count: 1, priceAmount: "1" },
      { day: "2026-11-01", currency: "EUR", status: "CONFIRMED", count: 1, priceAmount: "1" },
    ];
    expect(statusesOf(rows)).to.deep.equal(["CONFIRMED", "EXPIRED", "ZOMBIE"]);
  });

  it("counts days between two times, a `to` at midnight exclusive", () => {
    expect(daysBetween("2026-11-01", "2026-11-03")).to.deep.equal(["2026-11-01", "2026-11-02", "2026-11-03"]);
    expect(daysBetween("2026-11-01T00:00:00Z", "2026-11-03T00:00:00Z")).to.deep.equal(["2026-11-01", "2026-11-02"]);
    expect(daysBetween("2026-11-01T00:00:00Z", "2026-11-02T12:00:00Z")).to.deep.equal(["2026-11-01", "2026-11-02"]);
  });

  it("rounds the scale up to 1, 2 or 5 times a power of ten", () => {
    expect([0, 1, 2, 3, 7, 10, 11, 26, 501].map(niceMax)).to.deep.equal([1, 1, 2, 5, 10, 10, 20, 50, 1000]);
  });

  it("places segments bottom up with heights proportional to the counts", () => {
    const stacks = dailyStacks(OVERVIEW.days, OVERVIEW.from, OVERVIEW.to);
    const statuses = statusesOf(OVERVIEW.days);
    const g = barGeometry(stacks, statuses, { width: 300, height: 100, gap: 0 });
    expect(g.max).to.equal(5);
    expect(g.bars.length).to.equal(30);
    const bar = g.bars.find((b) => b.day === "2026-11-24");
    expect(bar?.x).to.equal(28 * 10);
    expect(bar?.width).to.equal(10);
    expect(bar?.segments).to.deep.equal([
      { status: "CONFIRMED", count: 4, y: 20, height: 80 },
      { status: "EXPIRED", count: 1, y: 0, height: 20 },
    ]);
    expect(g.bars[0]?.segments).to.deep.equal([]);
    expect(g.ticks.map((t) => t.value)).to.deep.equal([0, 5]);
    expect(g.ticks.at(-1)?.y).to.equal(0);
  });
});

describe("formatting", () => {
  it("sums decimal strings exactly, at the longest scale, beyond a float's precision", () => {
    expect(sumDecimals(["0.1", "0.2"])).to.equal("0.3");
    expect(sumDecimals(["1200.000000000000000001", "0.000000000000000001", "5"])).to.equal("1205.000000000000000002");
    expect(sumDecimals(["999999999999999.99", "0.01"])).to.equal("1000000000000000.00");
    expect(sumDecimals([])).to.equal("0");
    expect(() => sumDecimals(["-1"])).to.throw(RangeError);
  });

  it("writes amounts exactly as given, times in UTC, rates from whole counts", () => {
    expect(formatAmount("0.000477595012345678901", "BTC")).to.equal("0.000477595012345678901 BTC");
    expect(formatAmount(null, "BTC")).to.equal("—");
    expect(formatTime("2026-11-24T10:15:03.456Z")).to.equal("2026-11-24 10:15:03 UTC");
    expect(formatTime(null)).to.equal("—");
    expect(percent(4, 6)).to.equal("66.7 %");
    expect(percent(1, 1)).to.equal("100.0 %");
    expect(percent(0, 0)).to.equal(null);
    expect(formatDuration(38)).to.equal("38 ms");
    expect(formatDuration(1450)).to.equal("1.5 s");
  });
});
