/**
 * Setup of every checkout test file: webhooks to the demo shops' endpoint (WEBHOOK_URL) are
 * answered 200 here unless a test installs its own receiver (which sees them first), so that no
 * test sends a webhook to a real port of this machine, where a local demo backend may listen.
 * Every delivery any receiver took is checked against the OpenAPI document's `webhooks`: a test
 * during which the Worker sent a webhook the document does not describe fails.
 */
import { afterAll, afterEach, beforeAll } from "vitest";
import { installWebhookReceiver, webhookProblems, type WebhookReceiver } from "./webhook-receiver.js";

let fallback: WebhookReceiver | undefined;

beforeAll(() => {
  fallback = installWebhookReceiver();
});
afterAll(() => {
  fallback?.restore();
});

afterEach(() => {
  const problems = webhookProblems.splice(0);
  if (problems.length) throw new Error(`webhooks unlike the OpenAPI document:\n${problems.join("\n")}`);
});
