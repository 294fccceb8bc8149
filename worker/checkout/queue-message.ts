/**
 * What the webhook queue's consumer steps share about a message (the ledger's write, the payment
 * links' marks): the shop and event it carries, and the message whose `ack` is a retry, for a step
 * whose write failed, so that the message comes back and the step is done again.
 */
import type { WebhookEvent } from "./backend-wire.js";

/** A queue message's shop and event, when it carries them. */
export function eventOf(body: unknown): { shop: string; event: WebhookEvent } | undefined {
  if (!body || typeof body !== "object") return undefined;
  const { shop, event } = body as { shop?: unknown; event?: Partial<WebhookEvent> };
  if (typeof shop !== "string" || !event || typeof event !== "object" || typeof event.type !== "string")
    return undefined;
  return { shop, event: event as WebhookEvent };
}

/** The message, with its `ack` turned into a retry after `delaySeconds` (a step did not record it yet). */
export function ackLater(message: Message, delaySeconds: number): Message {
  return {
    id: message.id,
    timestamp: message.timestamp,
    body: message.body,
    attempts: message.attempts,
    ack: () => message.retry({ delaySeconds }),
    retry: (options) => message.retry(options),
  };
}
