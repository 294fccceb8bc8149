/**
 * Signed pricing: the shop's backend signs an order token (a JWT, HS256, with the shop's
 * order-signing key) that fixes the price of one order. Verified with jose: signature,
 * algorithm, expiry (required), the claims orderId / priceAmount / priceCurrency, and the
 * shop, named by the `shop` claim or the audience (`aud`): a token signed for one shop is refused
 * by every other, even where two shops share a signing key.
 */
import { errors, jwtVerify, SignJWT } from "jose";
import { CheckoutError } from "../http/errors.js";
import { DECIMAL_AMOUNT } from "../rules.js";

export interface OrderClaims {
  orderId: string;
  priceAmount: string;
  priceCurrency: string;
}

const invalid = (message: string) => new CheckoutError(400, "invalid_order_token", message);

export async function verifyOrderToken(
  token: string,
  signingKey: string,
  shopId: string,
  orderId: string,
  now?: Date,
): Promise<OrderClaims> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(signingKey), {
      algorithms: ["HS256"],
      requiredClaims: ["exp", "orderId", "priceAmount", "priceCurrency"],
      clockTolerance: 30,
      ...(now ? { currentDate: now } : {}),
    }));
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw invalid("The order token has expired.");
    if (err instanceof errors.JWTClaimValidationFailed)
      throw invalid(`The order token lacks a valid ${err.claim} claim.`);
    throw invalid("The order token is not valid for this shop.");
  }
  const { orderId: claimOrder, priceAmount, priceCurrency, shop, aud } = payload;
  if (typeof claimOrder !== "string" || claimOrder !== orderId) throw invalid("The order token is for another order.");
  if (shop === undefined && aud === undefined)
    throw invalid("The order token must name the shop (a shop claim or its audience).");
  const audiences = aud === undefined ? [] : Array.isArray(aud) ? aud : [aud];
  if ((shop !== undefined && shop !== shopId) || (aud !== undefined && !audiences.includes(shopId)))
    throw invalid("The order token is for another shop.");
  if (typeof priceAmount !== "string" || !DECIMAL_AMOUNT.test(priceAmount))
    throw invalid("The order token's priceAmount must be a decimal string.");
  if (typeof priceCurrency !== "string") throw invalid("The order token's priceCurrency must be a string.");
  return { orderId: claimOrder, priceAmount, priceCurrency };
}

/**
 * Signs an order token as a shop's backend does (HS256, `shop` claim, issued now, expiring after
 * `lifetimeSeconds`): what verifyOrderToken accepts. Used by the merchant console; a shop's own
 * backend does the same with any JWT library (examples/shop-backend).
 */
export async function signOrderToken(
  claims: OrderClaims & { shop: string },
  signingKey: string,
  lifetimeSeconds: number,
  now = new Date(),
): Promise<{ token: string; iat: number; exp: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + lifetimeSeconds;
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(signingKey));
  return { token, iat, exp };
}
