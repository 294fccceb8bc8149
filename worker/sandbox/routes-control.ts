/**
 * The sandbox control API (no API key, sandbox only): plays the customer and the blockchain, sets
 * the chaos options and the response quirks, reads the notification delivery log.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "./app-env.js";
import { chaosSchema } from "./delivery-policy.js";
import { unwrap } from "./errors.js";
import { ledgerOf } from "./ledger-stub.js";
import { quirksSchema } from "./quirks.js";
import { requestCounts } from "./request-count.js";
import { controlTransactionSchema, parseJsonBody, validate } from "./schemas.js";

const logQuery = z.object({
  paymentId: z.string().min(1).optional(),
  payoutId: z.string().min(1).optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(1).max(1000))
    .default(200),
});

export function controlRoutes(): Hono<AppEnv> {
  const control = new Hono<AppEnv>();
  control.get("/health", (c) => c.json({ ok: true }));

  control.get("/payments/:paymentId", async (c) =>
    c.json(unwrap(await ledgerOf(c.env).getPayment(null, c.req.param("paymentId")))),
  );
  control.post("/payments/:paymentId/transactions", async (c) => {
    const { amount, state } = parseJsonBody(controlTransactionSchema, await c.req.text());
    return c.json(
      unwrap(await ledgerOf(c.env).sendTransaction(c.req.param("paymentId"), amount, state === "ACCEPTED")),
      201,
    );
  });
  control.post("/payments/:paymentId/transactions/:transactionId/accept", async (c) =>
    c.json(
      unwrap(
        await ledgerOf(c.env).decideTransaction(c.req.param("paymentId"), c.req.param("transactionId"), "ACCEPTED"),
      ),
    ),
  );
  control.post("/payments/:paymentId/transactions/:transactionId/reject", async (c) =>
    c.json(
      unwrap(
        await ledgerOf(c.env).decideTransaction(c.req.param("paymentId"), c.req.param("transactionId"), "REJECTED"),
      ),
    ),
  );
  control.post("/payments/:paymentId/expire", async (c) =>
    c.json(unwrap(await ledgerOf(c.env).expirePayment(c.req.param("paymentId")))),
  );

  control.post("/payouts/:payoutId/expire", async (c) =>
    c.json(unwrap(await ledgerOf(c.env).expirePayout(c.req.param("payoutId")))),
  );
  control.get("/conversions/:id", async (c) => c.json(unwrap(await ledgerOf(c.env).getConversion(c.req.param("id")))));

  control.get("/chaos", async (c) => c.json(await ledgerOf(c.env).chaos()));
  // Fields left out keep their current value.
  control.put("/chaos", async (c) => {
    const ledger = ledgerOf(c.env);
    const change = parseJsonBody(chaosSchema.partial(), await c.req.text());
    return c.json(await ledger.setChaos({ ...(await ledger.chaos()), ...change }));
  });

  control.get("/quirks", async (c) => c.json(await ledgerOf(c.env).quirks()));
  // Fields left out keep their current value.
  control.put("/quirks", async (c) => {
    const ledger = ledgerOf(c.env);
    const change = parseJsonBody(quirksSchema.partial(), await c.req.text());
    return c.json(await ledger.setQuirks({ ...(await ledger.quirks()), ...change }));
  });

  control.get("/notifications", async (c) => {
    const q = validate(logQuery, c.req.query());
    return c.json(await ledgerOf(c.env).deliveryLog(q.paymentId ?? q.payoutId, q.limit));
  });
  control.post("/notifications/flush", async (c) => c.json({ attempted: await ledgerOf(c.env).flushDeliveries() }));

  control.get("/requests", (c) => c.json(Object.fromEntries(requestCounts)));
  return control;
}
