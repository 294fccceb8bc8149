/**
 * The reference backend's TypeScript variant (examples/shop-backend/order-status.ts): the typed
 * client against a stand-in for the Worker's order API on a free port, answering as the OpenAPI
 * document says (an OrderStatus, or an ErrorBody).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutClient, orderStatus, type OrderStatus } from "../../examples/shop-backend/order-status.js";

const TOKEN = "backend-token-of-the-shop-0123456789abcdef";
const payment = {
  paymentId: "pay_1",
  status: "CONFIRMED",
  priceAmount: "25.00",
  priceCurrency: "EUR",
  transferAmount: "0.0004",
  transferCurrency: "BTC",
  address: "bc1qexample",
  paidPriceAmount: "25.00",
  pendingPaidPriceAmount: "0",
  acceptedPaidPriceAmount: "25.00",
  paidTransferAmount: "0.0004",
  pendingPaidTransferAmount: "0",
  acceptedPaidTransferAmount: "0.0004",
  transactions: [],
  redirectUrls: {},
  serverTime: "2026-11-27T10:00:00.000Z",
  version: 3,
  remainingTransferAmount: "0",
  hasPaid: true,
  hasPending: false,
  progress: {
    acceptedPercent: "100.00",
    pendingPercent: "0.00",
    accepted: "0.0004",
    pending: "0",
    paid: "0.0004",
    total: "0.0004",
  },
};
const paid: OrderStatus = { shop: "acme", orderId: "order-1", paid: true, payment, earlierPayments: [] };

const seen: { url: string; authorization: string | undefined }[] = [];
let server: Server;
let base: string;

function answer(request: IncomingMessage): [number, unknown] {
  if (request.headers.authorization !== `Bearer ${TOKEN}`)
    return [
      401,
      {
        error: {
          code: "unauthorized",
          message: "The backend token is not valid for this shop.",
          kind: "setup",
          retryable: false,
        },
      },
    ];
  if (request.url === "/api/shops/acme/orders/order-1") return [200, paid];
  return [
    404,
    {
      error: {
        code: "order_not_found",
        message: "This shop has no payment for this order.",
        kind: "order",
        retryable: false,
      },
    },
  ];
}

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? "", authorization: request.headers.authorization });
    const [status, body] = answer(request);
    response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("orderStatus (the typed client)", () => {
  it("reads an order's payment with the backend token", async () => {
    const status = await orderStatus(checkoutClient(base, TOKEN), "acme", "order-1");
    expect(status?.paid).toBe(true);
    expect(status?.payment.status).toBe("CONFIRMED");
    expect(seen.at(-1)).toEqual({ url: "/api/shops/acme/orders/order-1", authorization: `Bearer ${TOKEN}` });
  });

  it("encodes the path's parameters", async () => {
    await orderStatus(checkoutClient(base, TOKEN), "acme", "order:2/x");
    expect(seen.at(-1)?.url).toBe("/api/shops/acme/orders/order%3A2%2Fx");
  });

  it("is undefined for an order without payments", async () => {
    expect(await orderStatus(checkoutClient(base, TOKEN), "acme", "order-unknown")).toBeUndefined();
  });

  it("throws the Worker's code and message for any other refusal", async () => {
    await expect(orderStatus(checkoutClient(base, "wrong-token"), "acme", "order-1")).rejects.toThrow(
      "the checkout answered 401: unauthorized: The backend token is not valid for this shop.",
    );
  });
});
