/**
 * The CLI's commands that keep running, as processes against the real sandbox and checkout Worker
 * of the global setup: `payments watch` (the Worker's stream and polling the payment service) and
 * `listen --forward-to` (the shop's event log, forwarded signed to a receiver of the test that
 * verifies with the standardwebhooks library). Payments are created through the Worker and driven
 * with the sandbox's control API (docs/sandbox.md).
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readDevVars } from "../../scripts/servers.mjs";
import { ROOT, runCli, startCli, type RunningCli } from "./support/run-cli.js";
import { createCheckoutPayment, eventLog, inEventLog, type View } from "./support/checkout.js";

const sandboxUrl = inject("sandboxUrl");
const checkoutUrl = inject("checkoutUrl");
const devVars = readDevVars(join(ROOT, ".dev.vars"));
const WEBHOOK_SECRET = devVars.DEMO_WEBHOOK_SECRET ?? "";
const BACKEND_TOKEN = devVars.DEMO_BACKEND_TOKEN ?? "";

const createPayment = () => createCheckoutPayment(checkoutUrl, "cli-follow");

async function control(path: string, body?: unknown): Promise<{ transaction?: { transactionId: string } }> {
  const response = await fetch(`${sandboxUrl}/sandbox${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok, `POST /sandbox${path}: HTTP ${response.status}`).toBe(true);
  return (await response.json()) as { transaction?: { transactionId: string } };
}

/** A transaction the customer sent (pending unless accepted at once); its id. */
async function pay(paymentId: string, amount: string, state?: "ACCEPTED"): Promise<string> {
  const answer = await control(`/payments/${paymentId}/transactions`, { amount, ...(state ? { state } : {}) });
  return answer.transaction?.transactionId ?? "";
}

/** Stops whatever is still running (a failed assertion must not leave a watcher behind). */
async function stopAll(running: RunningCli[]): Promise<void> {
  await Promise.all(running.map((cli) => cli.stop("SIGKILL")));
}

describe("payments watch", () => {
  it(
    "follows a payment to CONFIRMED over the Worker's stream (--json) and by polling the payment service, then exits 0",
    { timeout: 60_000 },
    async () => {
      const payment = await createPayment();
      const id = payment.paymentId;
      const stream = startCli([
        "--shop",
        "demo-open",
        "payments",
        "watch",
        id,
        "--checkout-url",
        checkoutUrl,
        "--client-secret",
        payment.clientSecret,
        "--json",
      ]);
      const poll = startCli([
        "--shop",
        "demo-open",
        "--base-url",
        sandboxUrl,
        "payments",
        "watch",
        id,
        "--interval",
        "0.3",
      ]);
      const both = (streamed: RegExp, polled: RegExp) =>
        Promise.all([
          stream.waitFor(({ stdout }) => streamed.test(stdout)),
          poll.waitFor(({ stdout }) => polled.test(stdout)),
        ]);
      try {
        await both(/"status":"NEW"/, / NEW /);
        // Half of it seen, pending: still NEW, with a pending amount.
        const tx = await pay(id, "0.0002");
        await both(/"pendingPaidTransferAmount":"0.00020000"/, /pending 0\.00020000 BTC/);
        await control(`/payments/${id}/transactions/${tx}/accept`);
        await both(/"status":"UNDERPAID"/, / UNDERPAID /);
        await pay(id, "0.0003", "ACCEPTED");
        const [streamed, polled] = await Promise.all([stream.exited, poll.exited]);

        expect([streamed.code, streamed.stderr]).toEqual([0, ""]);
        const lines = streamed.stdout
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        expect(
          lines.map((l) => [
            l.status,
            l.paidTransferAmount,
            l.pendingPaidTransferAmount,
            l.acceptedPaidTransferAmount,
            l.final,
          ]),
        ).toEqual([
          ["NEW", "0.00000000", "0.00000000", "0.00000000", false],
          ["NEW", "0.00020000", "0.00020000", "0.00000000", false],
          ["UNDERPAID", "0.00020000", "0.00000000", "0.00020000", false],
          ["CONFIRMED", "0.00050000", "0.00000000", "0.00050000", true],
        ]);
        expect(lines[3]).toMatchObject({
          paymentId: id,
          transferAmount: "0.00050000",
          transferCurrency: "BTC",
          priceAmount: "30.00",
          priceCurrency: "EUR",
          paidPriceAmount: "30.00",
          source: "stream",
        });
        expect(lines.every((l) => typeof l.time === "string" && !Number.isNaN(Date.parse(l.time)))).toBe(true);

        expect([polled.code, polled.stderr]).toEqual([0, ""]);
        const rows = polled.stdout.trim().split("\n");
        expect(rows.map((row) => row.split(/\s+/)[1])).toEqual(["NEW", "NEW", "UNDERPAID", "CONFIRMED"]);
        expect(rows[1]).toMatch(
          /^\d{4}-\d\d-\d\dT[\d:.]+Z {2}NEW {10}paid 0\.00020000 of 0\.00050000 BTC {2}pending 0\.00020000 BTC {2}\(12\.00 of 30\.00 EUR\)$/,
        );
        expect(rows[3]).toMatch(
          /Z {2}CONFIRMED {4}paid 0\.00050000 of 0\.00050000 BTC {2}pending 0\.00000000 BTC {2}\(30\.00 of 30\.00 EUR\)$/,
        );
      } finally {
        await stopAll([stream, poll]);
      }
    },
  );

  it(
    "exits 0 at once on a payment that is already final, and 130 on Ctrl-C (143 on SIGTERM) before that",
    { timeout: 60_000 },
    async () => {
      const expired = await createPayment();
      await control(`/payments/${expired.paymentId}/expire`);
      const done = await runCli([
        "--shop",
        "demo-open",
        "--base-url",
        sandboxUrl,
        "payments",
        "watch",
        expired.paymentId,
      ]);
      expect(done.code).toBe(0);
      expect(done.stdout).toMatch(/^\S+Z {2}EXPIRED /);

      const open = await createPayment();
      const stream = startCli([
        "--shop",
        "demo-open",
        "payments",
        "watch",
        open.paymentId,
        "--checkout-url",
        checkoutUrl,
        "--client-secret",
        open.clientSecret,
      ]);
      const poll = startCli([
        "--shop",
        "demo-open",
        "--base-url",
        sandboxUrl,
        "payments",
        "watch",
        open.paymentId,
        "--interval",
        "0.5",
      ]);
      try {
        await Promise.all([stream, poll].map((cli) => cli.waitFor(({ stdout }) => / NEW /.test(stdout))));
        const [interrupted, terminated] = await Promise.all([stream.stop("SIGINT"), poll.stop("SIGTERM")]);
        expect([interrupted.code, interrupted.stderr]).toEqual([130, ""]);
        expect([terminated.code, terminated.stderr]).toEqual([143, ""]);
      } finally {
        await stopAll([stream, poll]);
      }
    },
  );

  it("an unknown payment is exit 1 in both modes; --checkout-url without --shop, or with --interval, is exit 2", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const secret = "a-secret-that-opens-nothing";
    const streamed = await runCli([
      "--shop",
      "demo-open",
      "payments",
      "watch",
      missing,
      "--checkout-url",
      checkoutUrl,
      "--client-secret",
      secret,
    ]);
    expect([streamed.code, streamed.stdout]).toEqual([1, ""]);
    expect(streamed.stderr).toMatch(/^error: HTTP 404 from GET \/api\/shops\/demo-open\/payments\/.+\/stream: /);
    expect(streamed.stderr).not.toContain(secret);
    // A real payment with a wrong secret is the same 404, and so is one without: exit 1 and 2.
    const real = await createPayment();
    const wrong = await runCli([
      "--shop",
      "demo-open",
      "payments",
      "watch",
      real.paymentId,
      "--checkout-url",
      checkoutUrl,
      "--client-secret",
      secret,
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("HTTP 404");
    const withoutSecret = await runCli([
      "--shop",
      "demo-open",
      "payments",
      "watch",
      real.paymentId,
      "--checkout-url",
      checkoutUrl,
    ]);
    expect(withoutSecret.code).toBe(2);
    expect(withoutSecret.stderr).toContain("--client-secret");
    const polled = await runCli(["--shop", "demo-open", "--base-url", sandboxUrl, "payments", "watch", missing]);
    expect(polled.code).toBe(1);
    expect(polled.stderr).toContain("HTTP 404");
    const noShop = await runCli(["payments", "watch", missing, "--checkout-url", checkoutUrl]);
    expect(noShop.code).toBe(2);
    expect(noShop.stderr).toContain("--shop");
    expect(
      (
        await runCli([
          "--shop",
          "demo-open",
          "payments",
          "watch",
          missing,
          "--checkout-url",
          checkoutUrl,
          "--interval",
          "1",
        ])
      ).code,
    ).toBe(2);
    expect((await runCli(["--shop", "demo-open", "payments", "watch", missing, "--interval", "0"])).code).toBe(2);
  });
});

interface Received {
  id: string;
  type: string;
  paymentId: string | undefined;
  verified: boolean;
  status: number;
  webhookId: string | undefined;
  userAgent: string | undefined;
}

/** A webhook receiver on 127.0.0.1 that verifies each POST with the standardwebhooks library; it answers 503 to the first delivery of each type in `failOnce`. */
function receiver(failOnce: readonly string[] = []): {
  server: Server;
  url: () => string;
  received: Received[];
  close: () => Promise<void>;
} {
  const received: Received[] = [];
  const failed = new Set<string>();
  const webhook = new Webhook(WEBHOOK_SECRET);
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers as IncomingHttpHeaders).filter(
          (e): e is [string, string] => typeof e[1] === "string",
        ),
      );
      let verified: boolean;
      try {
        webhook.verify(body, headers);
        verified = true;
      } catch {
        verified = false;
      }
      const event = JSON.parse(body) as { id: string; type: string; data: { payment?: { paymentId: string } } };
      const fail = failOnce.includes(event.type) && !failed.has(event.type);
      if (fail) failed.add(event.type);
      const status = !verified ? 400 : fail ? 503 : 200;
      received.push({
        id: event.id,
        type: event.type,
        paymentId: event.data.payment?.paymentId,
        verified,
        status,
        webhookId: headers["webhook-id"],
        userAgent: headers["user-agent"],
      });
      res.writeHead(status, { "Content-Type": "text/plain" }).end(fail ? "try later" : "ok");
    });
  });
  return {
    server,
    received,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `test` holds, checking every 100 ms. */
async function until(test: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const logged = (paymentId: string, type: string) => inEventLog(checkoutUrl, BACKEND_TOKEN, paymentId, type);

describe("listen --forward-to", () => {
  const local = receiver(["payment.created"]);
  const fromStart = receiver();
  let before: View;

  beforeAll(async () => {
    await Promise.all(
      [local, fromStart].map(({ server }) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))),
    );
    // A payment whose events are in the log before `listen` starts: --from now leaves them out.
    before = await createPayment();
    const deadline = Date.now() + 20_000;
    while (!(await logged(before.paymentId, "payment.created"))) {
      if (Date.now() > deadline) throw new Error("payment.created never reached the event log");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  afterAll(() => Promise.all([local.close(), fromStart.close()]));

  it(
    "forwards the events after its start, signed the Standard Webhooks way; a failed delivery is printed and retried; Ctrl-C stops it (exit 0)",
    { timeout: 60_000 },
    async () => {
      // What the log holds before `listen` starts: --from now forwards none of it.
      const earlier = new Set((await eventLog(checkoutUrl, BACKEND_TOKEN)).map((e) => e.event.id));
      const listen = startCli([
        "--shop",
        "demo-open",
        "listen",
        "--forward-to",
        local.url(),
        "--checkout-url",
        checkoutUrl,
        "--interval",
        "0.3",
      ]);
      try {
        await listen.waitFor(({ stderr }) => stderr.includes("Ready."));
        const payment = await createPayment();
        const id = payment.paymentId;
        const got = (type: string) =>
          local.received.some((r) => r.paymentId === id && r.type === type && r.status === 200);
        await until(() => got("payment.created"), "payment.created (after its retry)");
        const tx = await pay(id, "0.0005");
        await until(() => got("payment.unconfirmed"), "payment.unconfirmed");
        await control(`/payments/${id}/transactions/${tx}/accept`);
        await until(() => got("payment.confirmed"), "payment.confirmed");

        const result = await listen.stop("SIGINT");
        expect(result.code).toBe(0);
        expect(result.stderr).toMatch(
          /^Ready\. Forwarding the events of shop demo-open \(http:\/\/127\.0\.0\.1:\d+\) to http:\/\/127\.0\.0\.1:\d+\/webhooks, from now on\. Ctrl-C to stop\.\n/,
        );
        expect(result.stderr).toMatch(/Stopped\.\n$/);

        // Every delivery verified with the shop's secret, as the Worker's own webhooks are.
        expect(local.received.length).toBeGreaterThanOrEqual(4);
        for (const r of local.received)
          expect(r).toMatchObject({ verified: true, webhookId: r.id, userAgent: "crypto-checkout-webhooks/1" });
        // Nothing of before its start (a later event of the earlier payment would be new, and forwarded).
        expect(earlier.size).toBeGreaterThan(0);
        expect(
          local.received.filter((r) => earlier.has(r.id)).map((r) => `${r.type} ${r.id}`),
          "events logged before the start",
        ).toEqual([]);
        const mine = local.received.filter((r) => r.paymentId === id);
        expect(mine[0]).toMatchObject({ type: "payment.created", status: 503 });
        expect(mine.filter((r) => r.status === 200).map((r) => r.type)).toEqual([
          "payment.created",
          "payment.unconfirmed",
          "payment.confirmed",
        ]);
        expect(new Set(mine.map((r) => r.id)).size).toBe(3);

        // One line per attempt: time, type, event id, the receiver's status.
        const created = mine[0]?.id ?? "";
        const lines = result.stdout.trim().split("\n");
        expect(lines).toContainEqual(
          expect.stringMatching(
            new RegExp(
              `^\\S+Z {2}payment\\.created {6}${created} {2}-> 503 try later {2}\\(attempt 1 of 5; again on the next poll\\)$`,
            ),
          ),
        );
        expect(lines).toContainEqual(
          expect.stringMatching(new RegExp(`^\\S+Z {2}payment\\.created {6}${created} {2}-> 200$`)),
        );
        const confirmed = mine.find((r) => r.type === "payment.confirmed")?.id ?? "";
        expect(lines).toContainEqual(
          expect.stringMatching(new RegExp(`^\\S+Z {2}payment\\.confirmed {4}${confirmed} {2}-> 200$`)),
        );
      } finally {
        await listen.stop("SIGKILL");
      }
    },
  );

  it(
    "--from start forwards the log from its beginning (--json: one object per line)",
    { timeout: 60_000 },
    async () => {
      const listen = startCli([
        "--shop",
        "demo-open",
        "listen",
        "--forward-to",
        fromStart.url(),
        "--checkout-url",
        checkoutUrl,
        "--from",
        "start",
        "--interval",
        "0.3",
        "--json",
        "--events",
        "payment.created",
      ]);
      try {
        await until(
          () => fromStart.received.some((r) => r.paymentId === before.paymentId && r.type === "payment.created"),
          "the earlier payment.created",
        );
        await listen.waitFor(({ stdout }) =>
          stdout.includes(`"eventId":"${fromStart.received.find((r) => r.paymentId === before.paymentId)?.id ?? ""}"`),
        );
        const result = await listen.stop("SIGTERM");
        expect(result.code).toBe(0);
        expect(fromStart.received.every((r) => r.type === "payment.created" && r.verified)).toBe(true);
        const line = JSON.parse(result.stdout.split("\n")[0] ?? "") as Record<string, unknown>;
        expect(line).toMatchObject({
          type: "payment.created",
          url: fromStart.url(),
          status: 200,
          ok: true,
          attempt: 1,
          maxAttempts: 5,
        });
        expect(line.eventId).toMatch(/^evt_[0-9a-f]{32}$/);
      } finally {
        await listen.stop("SIGKILL");
      }
    },
  );

  it("a wrong backend token is exit 1 with the Worker's 401; a missing --shop or a malformed secret is exit 2", async () => {
    const wrong = await runCli(
      ["--shop", "demo-open", "listen", "--forward-to", local.url(), "--checkout-url", checkoutUrl],
      { env: { CRYPTO_CHECKOUT_BACKEND_TOKEN: "not-the-token-of-this-shop-0123456789" } },
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(
      /^error: HTTP 401 from GET \/api\/shops\/demo-open\/events\?after=0&limit=200: unauthorized: /,
    );
    expect(wrong.stderr).not.toContain("not-the-token");
    const noShop = await runCli(["listen", "--forward-to", local.url(), "--checkout-url", checkoutUrl]);
    expect(noShop.code).toBe(2);
    const badSecret = await runCli(
      ["--shop", "demo-open", "listen", "--forward-to", local.url(), "--checkout-url", checkoutUrl],
      { env: { CRYPTO_CHECKOUT_WEBHOOK_SECRET: "not-a-whsec" } },
    );
    expect(badSecret.code).toBe(2);
    expect(badSecret.stderr).toContain("whsec_");
    const unreachable = await runCli([
      "--shop",
      "demo-open",
      "--timeout",
      "2000",
      "listen",
      "--forward-to",
      local.url(),
      "--checkout-url",
      "http://127.0.0.1:9",
    ]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain("network failure");
  });
});
