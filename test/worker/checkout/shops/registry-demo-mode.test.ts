/**
 * The demo helpers are never served while a production shop is configured: a production shop of
 * the registry counts as one of the SHOPS var does, disabled or not. (Its own file: the shop it
 * adds turns the helpers off for every later test in the same storage.)
 */
import { describe, expect, it, vi } from "vitest";
import { callWith, errorOf } from "../support/http.js";
import { addShop, admin, registryId } from "../support/registry.js";

const PUBLIC_URL = "https://checkout.test";
const orderToken = () =>
  callWith({ PUBLIC_URL }, "/demo/api/order-token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ shop: "demo-signed", orderId: "o-1", priceAmount: "5.00", priceCurrency: "EUR" }),
  });

describe("DEMO_MODE beside the registry", () => {
  it("turns the demo helpers off once the registry holds a production shop, even a disabled one, and logs why", async () => {
    expect((await orderToken()).status).toBe(200);
    const id = registryId("live");
    await addShop(id, { environment: "production", webhooks: [] }, { PUBLIC_URL });
    await admin(`/admin/shops/${id}/disable`, { method: "POST" });
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      const response = await orderToken();
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe("not_found");
    } finally {
      spy.mockRestore();
    }
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ event: "demo_mode_refused", reason: expect.stringContaining("registry") }),
    );
  });
});
