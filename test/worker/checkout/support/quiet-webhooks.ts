/**
 * Setup of every checkout test file: webhooks to the demo shops' endpoint (WEBHOOK_URL) are
 * answered 200 here unless a test installs its own receiver (which sees them first), so that no
 * test sends a webhook to a real port of this machine, where a local demo backend may listen.
 */
import { afterAll, beforeAll } from "vitest";
import { installWebhookReceiver, type WebhookReceiver } from "./webhook-receiver.js";

let fallback: WebhookReceiver | undefined;

beforeAll(() => {
  fallback = installWebhookReceiver();
});
afterAll(() => {
  fallback?.restore();
});
