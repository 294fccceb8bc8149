/**
 * Authentication of the admin API (/admin/*): `Authorization: Bearer <ADMIN_TOKEN>`, the token
 * held in a Worker secret and compared in constant time (bearer.ts). Without an ADMIN_TOKEN of
 * at least 32 characters the admin API is off and every /admin route answers 404 not_found; a
 * missing or wrong token is 401. In production, put Cloudflare Access in front of /admin/* as
 * well (docs/checkout.md, "The admin API").
 *
 * Who acted, for the audit log: the Access user (Cf-Access-Authenticated-User-Email, set by
 * Access in front of the Worker), else the holder of the token, with the name the client gives in
 * X-Audit-Actor (the console sends the OS user; self-declared).
 */
import type { MiddlewareHandler } from "hono";
import { bearerToken, tokenMatches, unauthorized } from "../http/bearer.js";
import { CheckoutError } from "../http/errors.js";
import type { AppEnv } from "../http/plumbing.js";
import { log, registerSecret } from "../http/log.js";
import { secretProblem } from "../shops/secret-rules.js";

const REALM = "crypto-checkout-admin";
const PRINTABLE = /^[\x21-\x7e](?:[\x20-\x7e]{0,98}[\x21-\x7e])?$/;

let reportedToken: string | undefined;

/** ADMIN_TOKEN when it is set and well-formed (a backend token's rules: 32 characters or more of the Bearer alphabet). */
function adminToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  registerSecret(value);
  const problem = secretProblem("backendToken", value);
  if (!problem) return value;
  if (reportedToken !== value) {
    reportedToken = value;
    log("error", "config_invalid", { shop: "*", field: "ADMIN_TOKEN", message: `${problem}: the admin API is off` });
  }
  return undefined;
}

/** Who made a change: `access:<email>` behind Cloudflare Access, else `token` (with the declared name). */
export function actorOf(headers: { header(name: string): string | undefined }): string {
  const email = headers.header("Cf-Access-Authenticated-User-Email");
  if (email && PRINTABLE.test(email)) return `access:${email}`;
  const declared = headers.header("X-Audit-Actor");
  return declared && PRINTABLE.test(declared) ? `token (${declared})` : "token";
}

export const adminAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const expected = adminToken(c.env.ADMIN_TOKEN);
  if (!expected) throw new CheckoutError(404, "not_found", "No such route.");
  const token = bearerToken(c.req.header("Authorization"));
  if (!token) throw unauthorized(REALM, "Send the admin token: Authorization: Bearer <token>.");
  if (!(await tokenMatches(token, expected))) throw unauthorized(REALM, "The admin token is not valid.");
  await next();
};
