/** The payment service's notifications (notifications/hooks.ts). */
import { z } from "zod";
import { HOOK_ROUTE } from "../../upstream/hook-url.js";
import type { Operation } from "./operation.js";

export const hookOperations: Operation[] = [
  {
    method: "post",
    path: HOOK_ROUTE,
    operationId: "receiveNotification",
    tag: "Notifications",
    summary: "A notification from the payment service",
    description:
      "The payment service posts a payment's or a payout's snapshot here (the notification URL of every payment and payout this Worker creates). The signature is checked over the raw body before it is read; the snapshot is applied only when it is newer.",
    security: [["notificationSignature"]],
    body: {
      schema: z
        .record(z.string(), z.unknown())
        .describe("The payment service's payment or payout snapshot (its v3 notification)."),
    },
    answers: {
      200: {
        description: "Taken (applied, or older than what the Worker holds).",
        schema: z.strictObject({ received: z.literal(true), outcome: z.string() }),
      },
      202: {
        description: "Taken, to be applied later.",
        schema: z.strictObject({ received: z.literal(true), outcome: z.string() }),
      },
    },
    errors: {
      400: ["invalid_request"],
      401: ["invalid_signature"],
      404: ["unknown_shop"],
      413: ["invalid_request"],
      502: ["upstream_unavailable", "upstream_error"],
      503: ["service_unavailable"],
    },
  },
];
