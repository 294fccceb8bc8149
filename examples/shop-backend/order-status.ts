/**
 * The TypeScript variant: the shop's backend asks the checkout Worker about an order with a typed
 * client, openapi-fetch over the types openapi-typescript generates from the Worker's OpenAPI
 * document. In your project, generate them from your Worker:
 *
 *   npx openapi-typescript https://checkout.example/api/openapi.json -o checkout-api.ts
 *
 * (this repository's copy is cli/api/checkout-api.ts, from docs/openapi.json). Every path,
 * parameter and answer is then checked by the compiler: a misspelt field does not build.
 */
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "../../cli/api/checkout-api.js";

export type OrderStatus = components["schemas"]["OrderStatus"];
export type CheckoutClient = Client<paths>;

/** A client of the checkout Worker at `baseUrl` with the shop's backend token. */
export function checkoutClient(baseUrl: string, backendToken: string): CheckoutClient {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${backendToken}` } });
}

/**
 * The order's payment and whether it is paid; undefined when the Worker has no payment for the
 * order. Any other refusal is thrown with the Worker's code and message.
 */
export async function orderStatus(
  client: CheckoutClient,
  shop: string,
  orderId: string,
): Promise<OrderStatus | undefined> {
  const { data, error, response } = await client.GET("/api/shops/{shop}/orders/{orderId}", {
    params: { path: { shop, orderId } },
  });
  if (data) return data;
  if (error?.error.code === "order_not_found") return undefined;
  throw new Error(`the checkout answered ${response.status}: ${error?.error.code}: ${error?.error.message}`);
}
