/**
 * Wire types of the sandbox's control API (`/sandbox/...`), shared by the sandbox, the demo's
 * test pane and the end-to-end tests.
 */

/** One delivery attempt of a notification, as `GET /sandbox/notifications` reports it. */
export interface AttemptLog {
  deliveryId: number;
  attempt: number;
  /** The payment or payout the notification is about. */
  ref: string;
  url: string;
  notificationType: string;
  /** Status of the payment or payout in the notification's body. */
  status: string;
  /** HTTP status of the receiver's answer; null when no answer came (network error, simulated failure). */
  statusCode: number | null;
  error?: string;
  time: string;
}

/** `GET /sandbox/notifications`: the attempts, and how many deliveries still wait for a retry. */
export interface DeliveryLog {
  items: AttemptLog[];
  pending: number;
}
