/**
 * A single-use link is used as soon as its order's payment is confirmed (docs/links.md, "Single
 * use and reusable"): the queue consumer's links step (links/link-confirmations.ts) marks it from
 * the payment's own event, so the list shows it used without anyone reading the link. A reusable
 * link, an unrelated order and another shop's link are untouched; a repeated confirmation keeps the
 * first time; a links object that cannot be reached makes the message come back; storage of
 * version 1 gets its order index.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PaymentEvent } from "../../../../worker/checkout/backend-wire.js";
import type { Env } from "../../../../worker/checkout/env.js";
import type { PaymentLinkDetail, PaymentLinkList } from "../../../../worker/checkout/link-wire.js";
import { LINK_RETRY_SECONDS, markConfirmedLinks } from "../../../../worker/checkout/links/link-confirmations.js";
import { confirmedOrder, createLinkSchema } from "../../../../worker/checkout/links/link-rules.js";
import { LINKS_STORAGE, linksObject } from "../../../../worker/checkout/links/links-object.js";
import { upgradeStatements, VERSION_TABLE } from "../../../../worker/checkout/storage-version.js";
import { eventsOf } from "../support/ledger.js";
import { backendJson, createOpen, freshShopId, RecordingMessage, testEnv } from "../support/merchant.js";
import { newPayment, withStatus } from "../support/payments.js";
import { loadStorage } from "../support/storage-dump.js";
import { useStubs } from "../support/stubs.js";
import { deskJson, identityOf } from "../support/desk.js";
import { confirmedDelivered, linksPath, makeLink, page, paidWith, SHOP } from "./link-support.js";

const stubs = useStubs();

const fixed = { description: "Consultation", priceAmount: "80.00", priceCurrency: "EUR" };

/** A link made straight in `shop`'s object (any shop id names one). */
const linkIn = (shop: string, body: Record<string, unknown>) =>
  linksObject(testEnv, shop).create(createLinkSchema.parse({ ...fixed, ...body }));

/** The event of `orderId`'s payment becoming CONFIRMED at `at`, after PENDING. */
function confirmedEvent(shop: string, orderId: string, at = new Date()): PaymentEvent {
  const payment = newPayment();
  const events = eventsOf(shop, orderId, [
    { payment, at: new Date(at.getTime() - 60_000) },
    { payment: withStatus(payment, "CONFIRMED"), at },
  ]);
  const confirmed = events[1];
  if (!confirmed) throw new Error("no confirmed event");
  return confirmed;
}

const message = (shop: string, event: PaymentEvent) => new RecordingMessage({ shop, event });

/** Runs the links step on the messages and settles each as the consumer does. */
async function step(messages: RecordingMessage[], env: Env = testEnv): Promise<void> {
  for (const m of await markConfirmedLinks(env, messages)) m.ack();
}

const listed = async (shop: string) => (await linksObject(testEnv, shop).list()).map((l) => ({ ...l }));

describe("a payment's confirmation marks its single-use link used", () => {
  it("a link paid through the page is used in the list, from the confirmation's time, before its webhook goes out", async () => {
    const link = await makeLink({ ...fixed, singleUse: true });
    const created = await paidWith(link);
    // The link's step runs before the delivery: once the webhook is out, the list shows it.
    await confirmedDelivered(stubs, created.paymentId);
    const confirmed = stubs.receiver.eventsOf(created.paymentId).find((e) => e.type === "payment.confirmed");
    const used = { state: "used", usedAt: confirmed?.timestamp };
    const { links } = await backendJson<PaymentLinkList>(linksPath());
    expect(links.find((l) => l.id === link.id)).toMatchObject(used);
    // The dashboard's list (the console reads the backend's), then the link itself and its page.
    const desk = await deskJson<PaymentLinkList>(identityOf(SHOP), `/shops/${SHOP}/links`);
    expect(desk.links.find((l) => l.id === link.id)).toMatchObject(used);
    expect(await backendJson<PaymentLinkDetail>(`${linksPath()}/${link.id}`)).toMatchObject(used);
    expect((await page(SHOP, link.id)).status).toBe(410);
  });

  it("a reusable link never becomes used, however many of its orders are paid", async () => {
    const link = await makeLink(fixed);
    for (const _ of [1, 2]) {
      const created = await paidWith(link);
      await confirmedDelivered(stubs, created.paymentId);
    }
    const { links } = await backendJson<PaymentLinkList>(linksPath());
    const listedLink = links.find((l) => l.id === link.id);
    expect(listedLink).toMatchObject({ state: "live", uses: 2 });
    expect(listedLink?.usedAt).toBeUndefined();
    const detail = await backendJson<PaymentLinkDetail>(`${linksPath()}/${link.id}`);
    expect(detail).toMatchObject({ state: "live", uses: 2 });
    // Even an event naming a reusable link's own order changes nothing.
    const order = detail.orders[0]?.orderId;
    if (!order) throw new Error("the link has no order");
    const before = await listed("demo-open");
    await step([message("demo-open", confirmedEvent("demo-open", order))]);
    expect(await listed("demo-open")).toEqual(before);
  });

  it("the confirmation of an order of no link touches no link", async () => {
    const shop = freshShopId("links");
    await linkIn(shop, { singleUse: true, orderId: "inv-7" });
    await linkIn(shop, {});
    const before = await listed(shop);
    const m = message(shop, confirmedEvent(shop, "inv-8"));
    await step([m]);
    expect(await listed(shop)).toEqual(before);
    expect(await linksObject(testEnv, shop).confirmed([{ orderId: "inv-8", at: new Date().toISOString() }])).toEqual(
      [],
    );
    expect(m).toMatchObject({ acked: 1, retries: [] });
  });

  it("a repeated confirmation is harmless: the link keeps the first time, each message is acked", async () => {
    const shop = freshShopId("links");
    const link = await linkIn(shop, { singleUse: true, orderId: "inv-9" });
    const at = new Date("2026-11-27T10:00:00.000Z");
    const event = confirmedEvent(shop, "inv-9", at);
    const first = message(shop, event);
    await step([first]);
    const used = await linksObject(testEnv, shop).get(link.id);
    expect(used.usedAt).toBe(at.toISOString());
    // The same message again (a retry, a lease), and a later confirmation of another payment.
    const again = message(shop, event);
    const later = message(shop, confirmedEvent(shop, "inv-9", new Date("2026-11-27T11:00:00.000Z")));
    await step([again, later]);
    expect(await linksObject(testEnv, shop).get(link.id)).toEqual(used);
    for (const m of [first, again, later]) expect(m).toMatchObject({ acked: 1, retries: [] });
  });

  it("another shop's link of the same order id is untouched", async () => {
    const shop = freshShopId("links");
    const other = freshShopId("links");
    const mine = await linkIn(shop, { singleUse: true, orderId: "inv-10" });
    const theirs = await linkIn(other, { singleUse: true, orderId: "inv-10" });
    await step([message(shop, confirmedEvent(shop, "inv-10"))]);
    expect((await linksObject(testEnv, shop).get(mine.id)).usedAt).toBeDefined();
    expect(await linksObject(testEnv, other).get(theirs.id)).toEqual(theirs);
  });

  it("only a change to CONFIRMED with an order id is a confirmation", () => {
    const shop = "demo-open";
    const payment = newPayment();
    const [created, confirmed, updated] = eventsOf(shop, "inv-11", [
      { payment, at: new Date() },
      { payment: withStatus(payment, "CONFIRMED"), at: new Date() },
      { payment: { ...withStatus(payment, "CONFIRMED"), exchangeRate: "61000" }, at: new Date() },
    ]);
    if (!created || !confirmed || !updated) throw new Error("missing events");
    expect(confirmedOrder(created)).toBeUndefined();
    expect(confirmedOrder(confirmed)).toEqual({ orderId: "inv-11", at: new Date(confirmed.timestamp).toISOString() });
    expect(confirmedOrder(updated)).toBeUndefined();
    expect(confirmedOrder({ ...confirmed, data: { ...confirmed.data, orderId: null } })).toBeUndefined();
    const [firstSeenConfirmed] = eventsOf(shop, "inv-12", [
      { payment: withStatus(payment, "CONFIRMED"), at: new Date() },
    ]);
    if (!firstSeenConfirmed) throw new Error("missing event");
    expect(confirmedOrder(firstSeenConfirmed)?.orderId).toBe("inv-12");
  });
});

describe("a link whose order was confirmed before the link could learn it", () => {
  it("is live in the list until it is read, then used (the check on read)", async () => {
    // The order is paid before the link exists: its confirmation went by, as for a link whose
    // order was confirmed before links learnt from confirmations.
    const orderId = `inv-${crypto.randomUUID().slice(0, 8)}`;
    const payment = await createOpen(orderId, "80.00");
    await confirmedDelivered(stubs, payment.paymentId);
    const link = await makeLink({ ...fixed, singleUse: true, orderId });
    const { links } = await backendJson<PaymentLinkList>(linksPath());
    expect(links.find((l) => l.id === link.id)?.state).toBe("live");
    expect((await backendJson<PaymentLinkDetail>(`${linksPath()}/${link.id}`)).state).toBe("used");
    const after = await backendJson<PaymentLinkList>(linksPath());
    expect(after.links.find((l) => l.id === link.id)?.state).toBe("used");
  });
});

describe("when the links cannot be marked", () => {
  it("that shop's messages come back later (their ack is a retry); another shop's are acked", async () => {
    const down = freshShopId("links-down");
    const up = freshShopId("links");
    const link = await linkIn(up, { singleUse: true, orderId: "inv-13" });
    const env: Env = {
      ...testEnv,
      LINKS: {
        idFromName: (name: string) => testEnv.LINKS.idFromName(name),
        get: (id: DurableObjectId) =>
          id.equals(testEnv.LINKS.idFromName(down))
            ? ({ confirmed: () => Promise.reject(new Error("the object is unreachable")) } as unknown)
            : testEnv.LINKS.get(id),
      } as unknown as Env["LINKS"],
    };
    const failed = message(down, confirmedEvent(down, "inv-13"));
    const fine = message(up, confirmedEvent(up, "inv-13"));
    await step([failed, fine], env);
    expect(failed).toMatchObject({ acked: 0, retries: [{ delaySeconds: LINK_RETRY_SECONDS }] });
    expect(fine).toMatchObject({ acked: 1, retries: [] });
    expect((await linksObject(testEnv, up).get(link.id)).usedAt).toBeDefined();
  });
});

describe("links stored before the order index (version 1)", () => {
  it("the step adds the index where links are stored, and nothing where none are", () => {
    expect(upgradeStatements(LINKS_STORAGE, 1, new Map([["links", ["id", "seq", "link"]]]))).toEqual([
      "CREATE INDEX IF NOT EXISTS links_by_order ON links (json_extract(link, '$.orderId'))",
    ]);
    expect(upgradeStatements(LINKS_STORAGE, 1, new Map())).toEqual([]);
  });

  it("a link of version 1 is found by its order's confirmation, on storage brought to version 2", async () => {
    const shop = freshShopId("links-v1");
    // A stub per call: the one that loaded the storage is broken by the object's restart.
    const stub = () => testEnv.LINKS.get(testEnv.LINKS.idFromName(shop));
    const stored = createLinkSchema.parse({ ...fixed, singleUse: true, orderId: "inv-14" });
    const link = {
      id: "lnk_0123456789abcdef0123456789abcdef",
      ...stored,
      orderPrefix: "link",
      createdAt: "2026-11-01T00:00:00.000Z",
      uses: 0,
    };
    await loadStorage(stub(), {
      schema: [
        "CREATE TABLE links (id TEXT PRIMARY KEY, seq INTEGER NOT NULL, link TEXT NOT NULL)",
        "CREATE TABLE uses (order_id TEXT PRIMARY KEY, link_id TEXT NOT NULL, use TEXT NOT NULL, created_at TEXT NOT NULL)",
        "CREATE INDEX uses_by_link ON uses (link_id, created_at)",
        `CREATE TABLE ${VERSION_TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`,
      ],
      rows: { links: [{ id: link.id, seq: 1, link: JSON.stringify(link) }], [VERSION_TABLE]: [{ id: 1, version: 1 }] },
      kv: {},
    });
    expect(await linksObject(testEnv, shop).confirmed([{ orderId: "inv-14", at: "2026-11-27T12:00:00.000Z" }])).toEqual(
      [link.id],
    );
    expect((await linksObject(testEnv, shop).get(link.id)).usedAt).toBe("2026-11-27T12:00:00.000Z");
    const storage = await runInDurableObject(stub(), (_instance, state) => ({
      version: state.storage.sql.exec<{ version: number }>(`SELECT version FROM ${VERSION_TABLE}`).one().version,
      plan: state.storage.sql
        .exec<{ detail: string }>(
          "EXPLAIN QUERY PLAN SELECT link FROM links WHERE json_extract(link, '$.orderId') = 'x'",
        )
        .toArray()
        .map((row) => row.detail)
        .join(" "),
    }));
    expect(storage.version).toBe(2);
    expect(storage.plan).toContain("links_by_order");
  });
});
