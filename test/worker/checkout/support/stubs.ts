/**
 * The upstream stub and the webhook receiver, installed before each test of a file and restored
 * after it (the receiver is installed last and restored first, so the two chain):
 *
 *   const stubs = useStubs();
 *   ... stubs.upstream.count("POST", "/v3/payments") ... stubs.receiver.accepted() ...
 */
import { afterEach, beforeEach } from "vitest";
import { clearCurrencyCache } from "../../../../worker/checkout/upstream/currencies.js";
import { installUpstreamStub, type UpstreamStub } from "./upstream-stub.js";
import { installWebhookReceiver, type WebhookReceiver } from "./webhook-receiver.js";

export interface Stubs {
  upstream: UpstreamStub;
  receiver: WebhookReceiver;
}

export function useStubs(): Stubs {
  const stubs = {} as Stubs;
  beforeEach(() => {
    stubs.upstream = installUpstreamStub();
    stubs.receiver = installWebhookReceiver();
  });
  afterEach(() => {
    stubs.receiver.restore();
    stubs.upstream.restore();
  });
  return stubs;
}

/**
 * The upstream stub alone, installed before each test of a file (with an empty currency cache, so
 * that every test sees the currencies it stubs) and restored after it:
 *
 *   const stubs = useUpstream();
 *   ... stubs.upstream.count("POST", "/v3/payments") ...
 */
export function useUpstream(): { upstream: UpstreamStub } {
  const stubs = {} as { upstream: UpstreamStub };
  beforeEach(() => {
    clearCurrencyCache();
    stubs.upstream = installUpstreamStub();
  });
  afterEach(() => stubs.upstream.restore());
  return stubs;
}
