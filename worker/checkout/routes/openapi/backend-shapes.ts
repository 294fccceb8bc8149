/**
 * zod schemas of the shop backend's contract (backend-wire.ts): the webhook events, their delivery
 * state, and the answers of the backend and ledger APIs. Each is pinned to its type
 * (components.ts, `pin`). A new event type in EVENT_TYPES does not compile until EVENT_DATA says
 * what its `data` is.
 */
import { z } from "zod";
import {
  EVENT_TYPES,
  type EventDetail,
  type EventList,
  type EventType,
  type LedgerBackfill,
  type LedgerPayment,
  type LedgerPaymentList,
  type LedgerTotals,
  type OrderStatus,
  type WebhookEvent,
} from "../../backend-wire.js";
import { dateTime, decimal, named, pin } from "./components.js";
import { ORDER_STATUS } from "./examples.js";
import { paidAmounts, paymentView } from "./wire-shapes.js";
import { refundEventData } from "./refund-shapes.js";

export const payout = named(
  "Payout",
  z.strictObject({
    payoutId: z.string(),
    address: z.string().optional(),
    transferAmount: decimal.optional(),
    priceAmount: decimal.optional(),
    priceCurrency: z.string().optional(),
    transferCurrency: z.string().optional(),
    transactionId: z.string().optional(),
    comment: z.string().optional(),
    expirationTime: dateTime.optional(),
    createdTime: dateTime.optional(),
    notificationUrl: z.string().optional(),
    sentTime: dateTime.optional(),
    externalPayoutId: z.string().optional(),
    status: z
      .string()
      .optional()
      .describe("One of CREATED, APPROVED, QUEUED, SENT, EXPIRED, FAILED; new values may appear."),
  }),
  "The payment service's payout snapshot; only payoutId is required.",
);

const paymentEventData = named(
  "PaymentEventData",
  z.strictObject({
    orderId: z
      .string()
      .nullable()
      .describe("The shop's order id; null only for a payment not created through this Worker."),
    previousStatus: z.string().nullable().describe("The status before this change; null for payment.created."),
    version: z.number().int().describe("The payment view's version: drop an event older than one you applied."),
    payment: paymentView,
    receiptUrl: z
      .url()
      .optional()
      .describe(
        "For a CONFIRMED payment: the customer's receipt page, `{PUBLIC_URL}/receipt/{shop}/{paymentId}#{clientSecret}` (docs/receipts.md). It holds the payment's client secret: give it to the payment's customer only, never log or publish it.",
      ),
  }),
);
const payoutEventData = named(
  "PayoutEventData",
  z.strictObject({ previousStatus: z.string().nullable(), version: z.number().int(), payout }),
);
const pingEventData = named("PingEventData", z.strictObject({ message: z.string() }));

/** What `data` each event type carries: one entry per type of EVENT_TYPES. */
const EVENT_DATA: { readonly [T in EventType]: z.ZodType } = {
  "payment.created": paymentEventData,
  "payment.pending": paymentEventData,
  "payment.underpaid": paymentEventData,
  "payment.unconfirmed": paymentEventData,
  "payment.confirmed": paymentEventData,
  "payment.expired": paymentEventData,
  "payment.invalid": paymentEventData,
  "payment.updated": paymentEventData,
  "payout.updated": payoutEventData,
  "refund.created": refundEventData,
  "refund.updated": refundEventData,
  "refund.sent": refundEventData,
  "refund.failed": refundEventData,
  ping: pingEventData,
};

/** The component name of one event type's body: payment.created is PaymentCreatedEvent. */
export const eventSchemaName = (type: EventType): string =>
  `${type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("")}Event`;

const envelope = {
  id: z
    .string()
    .regex(/^evt_[0-9a-f]{32}$/)
    .describe("Unique per event; also the webhook-id header. Dedupe by it."),
  timestamp: dateTime.describe("When the change was recorded."),
  shop: z.string(),
};
pin<Omit<WebhookEvent, "type" | "data">>()(z.strictObject(envelope));

const eventOf = <T extends EventType>(type: T, data: z.ZodType) =>
  named(eventSchemaName(type), z.strictObject({ ...envelope, type: z.literal(type), data }));

/** One schema per event type, in EVENT_TYPES' order. */
export const eventSchemas = EVENT_TYPES.map((type) => ({ type, schema: eventOf(type, EVENT_DATA[type]) }));

/** Each event's `data` pinned to its type (the envelope is eventOf's, as EventBase in backend-wire.ts). */
pin<Extract<WebhookEvent, { type: `payment.${string}` }>["data"]>()(paymentEventData);
pin<Extract<WebhookEvent, { type: "payout.updated" }>["data"]>()(payoutEventData);
pin<Extract<WebhookEvent, { type: "ping" }>["data"]>()(pingEventData);

/**
 * The body of every webhook, also an entry of the event log: the union of the event schemas,
 * typed as WebhookEvent (its envelope and each `data` are pinned above, EVENT_DATA covers every type).
 */
export const webhookEvent = named(
  "WebhookEvent",
  z.union(eventSchemas.map((event) => event.schema)),
  "The JSON body of every webhook, also an entry of the event log.",
) as unknown as z.ZodType<WebhookEvent>;

const deliveryState = named(
  "DeliveryState",
  z.enum(["pending", "retrying", "delivered", "dead", "shop_disabled"]),
  "shop_disabled: the shop is disabled, so its deliveries wait, without attempts, until it is enabled again.",
);

export const endpointDelivery = named(
  "EndpointDelivery",
  z.strictObject({
    url: z.string(),
    state: deliveryState,
    attempts: z.number().int(),
    lastStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    lastAttemptAt: dateTime.nullable(),
    nextAttemptAt: dateTime.nullable(),
    deliveredAt: dateTime.nullable(),
  }),
);

export const deliveryAttempt = named(
  "DeliveryAttempt",
  z.strictObject({
    url: z.string(),
    at: dateTime,
    status: z.number().int().nullable().describe("The receiver's HTTP status; null when no answer came."),
    durationMs: z.number(),
    error: z.string().nullable(),
  }),
);

export const entryDelivery = z.union([deliveryState, z.literal("none")]);

const eventEntryShape = {
  cursor: z.string().describe("Position in the shop's log: pass the last one as `after` to read on."),
  event: webhookEvent,
  delivery: entryDelivery,
  endpoints: z.array(endpointDelivery),
};

export const eventList = named(
  "EventList",
  pin<EventList>()(
    z.strictObject({
      events: z.array(named("EventEntry", z.strictObject(eventEntryShape))),
      next: z.string().describe("The cursor to pass as `after` for the next page."),
      hasMore: z.boolean(),
    }),
  ),
);

export const eventDetail = named(
  "EventDetail",
  pin<EventDetail>()(
    z.strictObject({
      ...eventEntryShape,
      attempts: z.array(deliveryAttempt),
      attemptsNext: z
        .string()
        .nullable()
        .describe("Pass as `attemptsAfter` for the next attempts; null after the last."),
    }),
  ),
);

export const redelivery = named(
  "Redelivery",
  z.strictObject({ eventId: z.string(), queued: z.array(z.string()).describe("The endpoints it was queued for.") }),
);

export const orderStatus = named(
  "OrderStatus",
  pin<OrderStatus>()(
    z.strictObject({
      shop: z.string(),
      orderId: z.string(),
      paid: z.boolean().describe("True exactly when one of the order's payments is CONFIRMED."),
      payment: paymentView.describe("The CONFIRMED payment when there is one, else the latest."),
      earlierPayments: z.array(paymentView).describe("The order's other payments, newest first."),
    }),
  ),
  "An order's payment as this Worker knows it.",
  ORDER_STATUS,
);

export const ledgerPayment = named(
  "LedgerPayment",
  pin<LedgerPayment>()(
    z.strictObject({
      paymentId: z.string(),
      orderId: z.string().nullable(),
      status: z.string(),
      priceAmount: decimal,
      priceCurrency: z.string(),
      transferAmount: decimal,
      transferCurrency: z.string(),
      ...paidAmounts,
      address: z.string(),
      createdAt: dateTime,
      updatedAt: dateTime,
      finalAt: dateTime.nullable(),
      version: z.number().int(),
    }),
  ),
  "One payment as the payments ledger holds it.",
);

export const ledgerPaymentList = named(
  "LedgerPaymentList",
  pin<LedgerPaymentList>()(
    z.strictObject({
      payments: z.array(ledgerPayment),
      next: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
    }),
  ),
);

export const ledgerTotals = named(
  "LedgerTotals",
  pin<LedgerTotals>()(
    z.strictObject({
      from: dateTime,
      to: dateTime,
      totals: z.array(
        z.strictObject({
          day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
          currency: z.string(),
          status: z.string(),
          count: z.number().int(),
          priceAmount: decimal,
          paidPriceAmount: decimal,
        }),
      ),
    }),
  ),
);

export const ledgerBackfill = named(
  "LedgerBackfill",
  pin<LedgerBackfill>()(
    z.strictObject({
      read: z.number().int(),
      written: z.number().int(),
      next: z.string(),
      hasMore: z.boolean(),
    }),
  ),
);
