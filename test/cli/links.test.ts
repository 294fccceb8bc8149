/**
 * `links`, as a process against the checkout Worker of the global setup: a link is made, listed,
 * read, its page opened (with its preview tags) and paid into two orders of its own; `disable`
 * asks first and refuses without a terminal unless --yes, then the page is gone (410). Options
 * the console refuses itself, and the Worker's refusals, are named.
 */
import { describe, expect, inject, it } from "vitest";
import { runCli } from "./support/run-cli.js";

interface LinkView {
  id: string;
  url: string;
  state: string;
  priceAmount?: string;
  minAmount?: string;
  singleUse: boolean;
  orderId?: string;
  reference?: { label: string; required: boolean };
  expiresAt?: string;
  uses: number;
}

const checkoutUrl = inject("checkoutUrl");

const links = (args: string[], global: string[] = []) =>
  runCli(["--shop", "demo-open", "--json", ...global, "links", ...args, "--checkout-url", checkoutUrl]);

async function json<T>(args: string[], global: string[] = []): Promise<T> {
  const run = await links(args, global);
  if (run.code !== 0) throw new Error(`links ${args.join(" ")}: ${run.code} ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

async function payOnce(link: LinkView, body: Record<string, string>): Promise<{ orderId: string }> {
  const response = await fetch(`${checkoutUrl}/api/shops/demo-open/links/${link.id}/payments`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ transferCurrency: "BTC", ...body }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { orderId: string };
}

describe("links", () => {
  it("creates, lists, reads, pays into orders of their own, and disables (asking first)", async () => {
    const link = await json<LinkView>([
      "create",
      "--description",
      "Workshop <ticket>",
      "--amount",
      "25.00",
      "--currency",
      "eur",
      "--reference-label",
      "Your name",
      "--reference-required",
      "--expires-in",
      "7d",
    ]);
    expect(link).toMatchObject({ state: "live", priceAmount: "25.00", singleUse: false, uses: 0 });
    expect(link.reference).toEqual({ label: "Your name", required: true });
    expect(Date.parse(link.expiresAt ?? "") - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(link.url).toBe(`${checkoutUrl}/pay/demo-open/${link.id}`);

    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(
      '<meta property="og:description" content="Workshop &lt;ticket&gt; · 25.00 EUR" />',
    );

    const a = await payOnce(link, { reference: "Ada" });
    const b = await payOnce(link, { reference: "Grace" });
    expect(a.orderId).not.toBe(b.orderId);
    const detail = await json<LinkView & { orders: { orderId: string; reference?: string }[] }>(["get", link.id]);
    expect(detail.uses).toBe(2);
    expect(detail.orders.map((o) => o.reference).sort()).toEqual(["Ada", "Grace"]);

    const list = await json<{ links: LinkView[] }>(["list"]);
    expect(list.links[0]?.id).toBe(link.id);
    const text = await runCli(["--shop", "demo-open", "links", "list", "--checkout-url", checkoutUrl]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(link.id);
    expect(text.stdout).toContain("25.00 EUR");

    const unasked = await links(["disable", link.id]);
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toContain("without confirmation");
    expect((await json<LinkView>(["get", link.id])).state).toBe("live");
    const disabled = await json<LinkView>(["disable", link.id], ["--yes"]);
    expect(disabled.state).toBe("disabled");
    expect((await fetch(link.url)).status).toBe(410);
  }, 60_000);

  it("makes a single-use open link with its own order id", async () => {
    const link = await json<LinkView>([
      "create",
      "--description",
      "Invoice 118",
      "--min",
      "1",
      "--max",
      "100",
      "--currency",
      "EUR",
      "--single-use",
      "--order-id",
      "inv-cli-118",
    ]);
    expect(link).toMatchObject({ singleUse: true, orderId: "inv-cli-118", minAmount: "1" });
    expect((await payOnce(link, { amount: "42.50" })).orderId).toBe("inv-cli-118");
  });

  it("refuses what it can tell is wrong, and names the Worker's refusals", async () => {
    const both = await links(["create", "--description", "x", "--currency", "EUR", "--amount", "1", "--min", "1"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("exactly one of --amount, or --min with --max");
    const span = await links([
      "create",
      "--description",
      "x",
      "--currency",
      "EUR",
      "--amount",
      "1",
      "--expires-in",
      "soon",
    ]);
    expect(span.code).toBe(2);
    expect(span.stderr).toContain("--expires-in");
    const decimal = await links(["create", "--description", "x", "--currency", "EUR", "--amount", "1e3"]);
    expect(decimal.code).toBe(1);
    expect(decimal.stderr).toContain("invalid_request");
    const unknown = await links(["get", "lnk_00000000000000000000000000000000"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("link_not_found");
  });
});
