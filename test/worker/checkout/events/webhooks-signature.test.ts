/**
 * The webhook signature, checked with the `standardwebhooks` library's verify (the receiver's side,
 * code we did not write) and with an HMAC computed here by crypto.subtle from the scheme's
 * definition: base64(HMAC-SHA256(base64-decoded secret, "id.timestamp.body")).
 */
import fc from "fast-check";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signatureHeaders, USER_AGENT } from "../../../../worker/checkout/events/deliver.js";
import type { PaymentEvent } from "../../../../worker/checkout/backend-wire.js";
import { createOpen } from "../support/merchant.js";
import { freshOrderId } from "../support/orders.js";
import { TEST_SECRETS } from "../support/test-env.js";
import { useStubs } from "../support/stubs.js";
import type { Delivery } from "../support/webhook-receiver.js";

const SECRET: string = TEST_SECRETS.DEMO_WEBHOOK_SECRET;

const stubs = useStubs();

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const whsec = (bytes: Uint8Array) => `whsec_${toBase64(bytes)}`;

/** The v1 signature of the scheme, computed independently of the library. */
async function subtleSignature(secret: string, id: string, timestamp: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    fromBase64(secret.slice("whsec_".length)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}

/** A real delivery: the payment.created webhook of a payment created through the Worker. */
async function realDelivery(): Promise<Delivery> {
  const orderId = freshOrderId("sig");
  const view = await createOpen(orderId);
  await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
  const delivery = stubs.receiver
    .accepted()
    .find((d) => (d.event as PaymentEvent).data.payment?.paymentId === view.paymentId);
  if (!delivery) throw new Error("no delivery");
  return delivery;
}

function refusal(body: string, headers: Record<string, string>, secret = SECRET): string {
  try {
    new Webhook(secret).verify(body, headers);
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookVerificationError);
    return (err as Error).message;
  }
  throw new Error("verify accepted it");
}

describe("a delivered webhook", () => {
  it("verifies with standardwebhooks, and its signature is the HMAC of id.timestamp.body under the decoded secret", async () => {
    const delivery = await realDelivery();
    const event = new Webhook(SECRET).verify(delivery.body, delivery.headers) as PaymentEvent;
    expect(event).toEqual(delivery.event);
    const { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signature } = delivery.headers;
    expect(id).toBe(event.id);
    expect(id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(signature).toBe(await subtleSignature(SECRET, id ?? "", timestamp ?? "", delivery.body));
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(delivery.headers["user-agent"]).toBe(USER_AGENT);
  });

  it("is refused when one character of the body changed", async () => {
    const delivery = await realDelivery();
    const tampered = delivery.body.replace('"priceAmount":"25.00"', '"priceAmount":"2500"');
    expect(tampered).not.toBe(delivery.body);
    expect(refusal(tampered, delivery.headers)).toBe("No matching signature found");
  });

  it("is refused under another whsec_ secret", async () => {
    const delivery = await realDelivery();
    const other = whsec(crypto.getRandomValues(new Uint8Array(32)));
    expect(refusal(delivery.body, delivery.headers, other)).toBe("No matching signature found");
  });

  it("is refused when its id is swapped for another event's", async () => {
    const delivery = await realDelivery();
    const headers = { ...delivery.headers, "webhook-id": "evt_00000000000000000000000000000000" };
    expect(refusal(delivery.body, headers)).toBe("No matching signature found");
  });

  it("is refused when signed 10 minutes ago or 10 minutes ahead (outside the 5-minute tolerance), and accepted when signed now", async () => {
    const delivery = await realDelivery();
    const id = delivery.headers["webhook-id"] ?? "";
    const old = signatureHeaders(SECRET, id, new Date(Date.now() - 10 * 60_000), delivery.body);
    expect(refusal(delivery.body, old)).toBe("Message timestamp too old");
    const ahead = signatureHeaders(SECRET, id, new Date(Date.now() + 10 * 60_000), delivery.body);
    expect(refusal(delivery.body, ahead)).toBe("Message timestamp too new");
    const now = signatureHeaders(SECRET, id, new Date(), delivery.body);
    expect(new Webhook(SECRET).verify(delivery.body, now)).toEqual(delivery.event);
  });
});

describe("signatureHeaders", () => {
  it("for any id, body and 24-64 byte secret: verifies with standardwebhooks and equals the crypto.subtle HMAC", async () => {
    const now = Date.now();
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 24, maxLength: 64 }),
        fc.string({ minLength: 1, maxLength: 80 }),
        fc.string({ unit: "binary", maxLength: 400 }),
        fc.integer({ min: -240, max: 240 }),
        async (bytes, id, body, offsetSeconds) => {
          const secret = whsec(bytes);
          const headers = signatureHeaders(secret, id, new Date(now + offsetSeconds * 1000), body);
          expect(headers["webhook-id"]).toBe(id);
          expect(headers["webhook-timestamp"]).toBe(String(Math.floor((now + offsetSeconds * 1000) / 1000)));
          expect(headers["webhook-signature"]).toBe(
            await subtleSignature(secret, id, headers["webhook-timestamp"] ?? "", body),
          );
          expect(() => new Webhook(secret).verify(body, headers, { jsonParse: false })).not.toThrow();
          // ... and under any other secret it does not.
          const other = whsec(bytes.map((b, i) => (i === 0 ? b ^ 1 : b)));
          expect(() => new Webhook(other).verify(body, headers, { jsonParse: false })).toThrow(
            WebhookVerificationError,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
