/** The payment service's /v3 endpoints (docs/upstream.md, "Operations"), behind HTTP Basic authentication. */
import { Hono } from "hono";
import { LosslessNumber, stringify } from "lossless-json";
import { V3Error } from "../v3/errors.js";
import type { NewPayoutRequest } from "../v3/types.js";
import { conversionIdSegment } from "../v3/validate.js";
import type { AppEnv } from "./app-env.js";
import { authenticate } from "./auth.js";
import { configOf } from "./config.js";
import { estimate } from "./conversions.js";
import { CURRENCIES, currencyResponse } from "./currencies.js";
import { SandboxError, unwrap } from "./errors.js";
import { ledgerOf } from "./ledger-stub.js";
import { paymentJson } from "./quirks.js";
import {
  declarationSchema,
  newConversionSchema,
  newPaymentSchema,
  newPayoutSchema,
  parseJsonBody,
  payoutLimitsSchema,
  payoutListSchema,
  validate,
} from "./schemas.js";

const JSON_TYPE = { "content-type": "application/json" };

/** The client's own rule for a conversionId (worker/v3), so that both sides agree on what a UUID is. */
const conversionId = (raw: string): string => {
  try {
    conversionIdSegment(raw);
  } catch (err) {
    if (err instanceof V3Error)
      throw new SandboxError(400, "invalid_request", "conversionId must be a UUID", "conversionId");
    throw err;
  }
  return raw;
};

export function v3Routes(): Hono<AppEnv> {
  const v3 = new Hono<AppEnv>();
  v3.use("*", async (c, next) => {
    const account = await authenticate(c.req.header("authorization"), configOf(c.env));
    c.set("account", account.keyId);
    await next();
  });

  // Payments are written with the response quirks that are switched on (quirks.ts).
  v3.post("/payments", async (c) => {
    const req = parseJsonBody(newPaymentSchema, await c.req.text());
    const ledger = ledgerOf(c.env);
    const payment = unwrap(await ledger.createPayment(c.var.account, req, new URL(c.req.url).origin));
    return c.body(paymentJson(payment, await ledger.quirks()), 200, JSON_TYPE);
  });
  v3.get("/payments/:id", async (c) => {
    const ledger = ledgerOf(c.env);
    const payment = unwrap(await ledger.getPayment(c.var.account, c.req.param("id")));
    return c.body(paymentJson(payment, await ledger.quirks()), 200, JSON_TYPE);
  });

  v3.get("/payouts", async (c) =>
    c.json(unwrap(await ledgerOf(c.env).listPayouts(c.var.account, validate(payoutListSchema, c.req.query())))),
  );
  v3.post("/payouts", async (c) => {
    // The schema's refinement guarantees exactly one of transferAmount / priceAmount.
    const req = parseJsonBody(newPayoutSchema, await c.req.text()) as NewPayoutRequest;
    return c.json(unwrap(await ledgerOf(c.env).createPayout(c.var.account, req)));
  });
  // Numbers, as the spec's PayoutLimitResponse declares them, written from the exact decimal text.
  v3.get("/payouts/payout-limits", async (c) => {
    const q = validate(payoutLimitsSchema, c.req.query());
    const limits = unwrap(await ledgerOf(c.env).payoutLimits(c.var.account, q.transferCurrency, q.priceCurrency));
    const body = stringify({
      available: new LosslessNumber(limits.available ?? "0"),
      minPayoutAmount: new LosslessNumber(limits.minPayoutAmount ?? "0"),
      currency: limits.currency,
    });
    return c.body(body ?? "{}", 200, JSON_TYPE);
  });
  v3.get("/payouts/:id", async (c) =>
    c.json(unwrap(await ledgerOf(c.env).getPayout(c.var.account, c.req.param("id")))),
  );
  v3.post("/payouts/:id/approve", async (c) =>
    c.json(unwrap(await ledgerOf(c.env).approvePayout(c.var.account, c.req.param("id")))),
  );
  v3.post("/payouts/:id/resend-notification", async (c) => {
    unwrap(await ledgerOf(c.env).resendPayoutNotification(c.var.account, c.req.param("id")));
    return c.body(null, 200);
  });

  // The spec's paths, repeated segment included. ConversionResponseV3 is `{id}` and nothing
  // else; the conversion's state is the control API's (GET /sandbox/conversions/{id}).
  v3.post("/conversions/v3/conversions", async (c) => {
    const req = parseJsonBody(newConversionSchema, await c.req.text());
    const { id } = unwrap(await ledgerOf(c.env).createConversion(c.var.account, req));
    return c.json({ id });
  });
  // A GET that carries a JSON body: a Worker can read it with request.text().
  v3.get("/conversions/v3/estimate-conversion", async (c) => {
    const req = parseJsonBody(newConversionSchema, await c.req.text());
    const { currency, amount } = estimate(req, configOf(c.env).rates);
    return c.json({ currency, amount });
  });
  v3.put("/conversions/:conversionId/retry-trade", async (c) => {
    unwrap(await ledgerOf(c.env).retryTrade(c.var.account, conversionId(c.req.param("conversionId"))));
    return c.body(null, 200);
  });
  v3.put("/conversions/:conversionId/declare-result", async (c) => {
    const id = conversionId(c.req.param("conversionId"));
    const { boughtAmount } = parseJsonBody(declarationSchema, await c.req.text());
    unwrap(await ledgerOf(c.env).declareResult(c.var.account, id, boughtAmount));
    return c.body(null, 200);
  });
  v3.put("/conversions/:conversionId/cancel", async (c) => {
    unwrap(await ledgerOf(c.env).cancelConversion(c.var.account, conversionId(c.req.param("conversionId"))));
    return c.body(null, 200);
  });

  /** Deprecated upstream; served all the same. */
  v3.get("/currencies", (c) => c.json(CURRENCIES.map(currencyResponse)));
  return v3;
}
