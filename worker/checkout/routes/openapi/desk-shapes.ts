/**
 * zod schemas of the dashboard's contract (dashboard-wire.ts): the sign-in routes' and the
 * dashboard API's answers, each pinned to its type (components.ts, `pin`).
 */
import { z } from "zod";
import type {
  DeskOverview,
  DeskPaymentDetail,
  DeskPing,
  DeskRedelivery,
  DeskSession,
  DeskSettings,
  DeskSignInLink,
  DeskWebhooks,
} from "../../dashboard-wire.js";
import { deliveryAttempt, endpointDelivery, entryDelivery, ledgerPayment, webhookEvent } from "./backend-shapes.js";
import { dateTime, decimal, named, pin } from "./components.js";
import { paymentView } from "./wire-shapes.js";

const environment = z.enum(["sandbox", "production"]);

export const deskSession = named(
  "DeskSession",
  pin<DeskSession>()(
    z.strictObject({
      identity: z.strictObject({
        email: z.string().nullable().describe("The person's email (Cloudflare Access), or null for a sign-in link."),
        via: z.enum(["access", "link"]),
        operator: z.boolean().describe("A platform operator sees every shop."),
      }),
      shops: z.array(z.strictObject({ id: z.string(), name: z.string(), environment })),
      csrfToken: z.string().describe("Send as `X-CSRF-Token` with every POST, PATCH and DELETE."),
      expiresAt: dateTime,
      idleExpiresAt: dateTime.describe("Moves with every request; the session ends at the earlier of the two."),
    }),
  ),
  "Who is signed in to the dashboard, and the session's CSRF token.",
);

export const deskSignInLink = named(
  "DeskSignInLink",
  pin<DeskSignInLink>()(
    z.strictObject({
      url: z.string().describe("Open in a browser: `{PUBLIC_URL}/dashboard/sign-in#{token}`. Single use, short-lived."),
      expiresAt: dateTime,
    }),
  ),
);

const byState = z.strictObject({
  pending: z.number().int(),
  retrying: z.number().int(),
  delivered: z.number().int(),
  dead: z.number().int(),
  shop_disabled: z.number().int(),
});

export const deskOverview = named(
  "DeskOverview",
  pin<DeskOverview>()(
    z.strictObject({
      from: dateTime,
      to: dateTime,
      days: z.array(
        z.strictObject({
          day: z.string(),
          currency: z.string(),
          status: z.string(),
          count: z.number().int(),
          priceAmount: decimal,
        }),
      ),
      confirmed: z.number().int(),
      final: z.number().int(),
      open: z.number().int(),
      deliveries: byState,
    }),
  ),
);

const nullableText = z.string().nullable();

export const deskPaymentDetail = named(
  "DeskPaymentDetail",
  pin<DeskPaymentDetail>()(
    z.strictObject({
      payment: ledgerPayment,
      remainingPriceAmount: decimal,
      transactions: z.array(
        z.strictObject({
          transactionId: nullableText,
          state: nullableText,
          paidTransferAmount: nullableText,
          priceAmount: nullableText,
          exchangeRate: nullableText,
          observedTime: nullableText,
          acceptedTime: nullableText,
          rejectedTime: nullableText,
        }),
      ),
      timeline: z.array(
        z.strictObject({
          event: webhookEvent,
          delivery: entryDelivery,
          endpoints: z.array(endpointDelivery),
          attempts: z.array(deliveryAttempt),
        }),
      ),
      earlierPayments: z.array(ledgerPayment),
      live: paymentView.nullable(),
      jsonUrl: nullableText.describe("The order API's URL: the same data as JSON for the shop's backend."),
    }),
  ),
);

export const deskWebhooks = named(
  "DeskWebhooks",
  pin<DeskWebhooks>()(
    z.strictObject({
      endpoints: z.array(
        z.strictObject({
          url: z.string(),
          deliveries: byState,
          successRate: z.number().nullable(),
          lastFailures: z.array(
            z.strictObject({ ...deliveryAttempt.shape, eventId: z.string(), eventType: z.string() }),
          ),
        }),
      ),
    }),
  ),
);

export const deskRedelivery = named(
  "DeskRedelivery",
  pin<DeskRedelivery>()(
    z.strictObject({ redelivered: z.literal(true), eventId: z.string(), queued: z.array(z.string()) }),
  ),
);

export const deskPing = named("DeskPing", pin<DeskPing>()(z.strictObject({ eventId: z.string() })));

const setOrNot = z.enum(["set", "not set"]);

export const deskSettings = named(
  "DeskSettings",
  pin<DeskSettings>()(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      environment,
      source: z.enum(["var", "registry"]),
      editable: z.boolean(),
      pricing: z.enum(["open", "signed"]),
      priceCurrencies: z.array(z.string()),
      transferCurrencies: z.array(z.string()),
      limits: z.strictObject({ min: decimal, max: decimal }).nullable(),
      allowedOrigins: z.array(z.string()),
      redirectUrls: z.record(z.string(), z.string()),
      webhooks: z.array(z.strictObject({ url: z.string(), events: z.array(z.string()).nullable(), secret: setOrNot })),
      secrets: z.record(z.string(), setOrNot),
      dashboardUsers: z.array(z.string()),
    }),
  ),
);
