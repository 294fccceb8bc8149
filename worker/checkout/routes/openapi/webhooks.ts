/**
 * The webhooks a shop's backend receives (events/deliver.ts): one entry per event type of
 * EVENT_TYPES (backend-wire.ts), signed the Standard Webhooks way.
 */
import type { EventType } from "../../backend-wire.js";
import { eventSchemaName, eventSchemas } from "./backend-shapes.js";

type Json = Record<string, unknown>;

const HEADERS = [
  ["webhook-id", "The event's id (as the body's `id`): dedupe by it."],
  ["webhook-timestamp", "Unix seconds when this attempt was signed: refuse one far from your clock."],
  [
    "webhook-signature",
    "`v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>` under the endpoint's secret (several, space-separated, while a secret rotates).",
  ],
] as const;

const DESCRIPTIONS: { readonly [T in EventType]: string } = {
  "payment.created": "A payment was created for an order.",
  "payment.pending": "A transaction was seen and waits for confirmations.",
  "payment.underpaid": "Less than the amount was paid; the customer may pay the rest.",
  "payment.unconfirmed": "The whole amount was paid and waits for confirmations.",
  "payment.confirmed": "The payment is complete: ship the order.",
  "payment.expired": "The payment expired unpaid (or underpaid).",
  "payment.invalid": "The payment failed for good.",
  "payment.updated": "Another change of the payment (amounts, transactions) without a new status.",
  "payout.updated": "A payout this Worker created changed.",
  "refund.created": "A refund of a payment was started.",
  "refund.updated":
    "A refund changed state (awaiting the customer's address, ready for approval, approved, cancelled, expired).",
  "refund.sent":
    "The payment service sent the refund's payout: the money left (transactionId and sentTime in the payout).",
  "refund.failed": "The payment service reports the refund's payout failed.",
  ping: "A test event sent from the dashboard.",
};

/** The document's `webhooks`: one POST per event type. */
export function webhookEntries(): Json {
  return Object.fromEntries(
    eventSchemas.map(({ type }) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(/\W/g, "_")}`,
          tags: ["Webhooks"],
          summary: type,
          // The receiver checks the webhook-signature header (below), not a credential of this API.
          security: [],
          description: `${DESCRIPTIONS[type]} Delivered at least once, in no guaranteed order: apply an event only when its version is newer than the one you hold.`,
          parameters: HEADERS.map(([name, description]) => ({
            name,
            in: "header",
            required: true,
            description,
            schema: { type: "string" },
          })),
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: `#/components/schemas/${eventSchemaName(type)}` } } },
          },
          responses: {
            "200": {
              description: "Any 2xx: taken. Anything else, or no answer within the timeout, is tried again later.",
            },
          },
        },
      },
    ]),
  );
}
