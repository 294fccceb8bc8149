/**
 * Cloudflare Access in front of the dashboard: with the vars ACCESS_TEAM_DOMAIN
 * (https://<team>.cloudflareaccess.com) and ACCESS_AUD (the Access application's audience tag)
 * set, the JWT that Access adds to each request it let through (`Cf-Access-Jwt-Assertion`) is
 * verified here with jose: RS256, signed by a key of the team's key set
 * (`{team}/cdn-cgi/access/certs`, fetched and cached by jose's remote key set), issued by the team
 * domain, for ACCESS_AUD, not expired. Its `email` claim is who signs in (desk-identity.ts says
 * what they see). Without both vars the header is ignored: anyone can send it.
 */
import { createRemoteJWKSet, errors, jwtVerify } from "jose";
import type { Env } from "../env.js";
import { CheckoutError } from "../http/errors.js";
import { log } from "../http/log.js";
import { parseHttpUrl } from "../rules.js";

export const ACCESS_HEADER = "Cf-Access-Jwt-Assertion";

export interface AccessConfig {
  /** The team domain as an origin (https://team.cloudflareaccess.com): the issuer. */
  team: string;
  audience: string;
}

/** The Access settings, or undefined when either var is empty (Access not used). */
export function accessConfig(env: Pick<Env, "ACCESS_TEAM_DOMAIN" | "ACCESS_AUD">): AccessConfig | undefined {
  const team = env.ACCESS_TEAM_DOMAIN?.trim();
  const audience = env.ACCESS_AUD?.trim();
  if (!team || !audience) return undefined;
  const url = parseHttpUrl(team.includes("://") ? team : `https://${team}`);
  if (url?.protocol !== "https:") {
    log("error", "config_invalid", {
      shop: "*",
      field: "ACCESS_TEAM_DOMAIN",
      message:
        "must be the Access team domain, e.g. https://your-team.cloudflareaccess.com: sign-in through Access is refused",
    });
    throw new CheckoutError(
      500,
      "internal_error",
      "The dashboard's Cloudflare Access settings are invalid (the Worker's log names the fix).",
    );
  }
  return { team: url.origin, audience };
}

/** One remote key set per team (jose caches its keys and refetches on an unknown key id). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySetOf(team: string): ReturnType<typeof createRemoteJWKSet> {
  let keys = keySets.get(team);
  if (!keys) keySets.set(team, (keys = createRemoteJWKSet(new URL(`${team}/cdn-cgi/access/certs`))));
  return keys;
}

/** Why a token was refused, for the 401's message and the log (never the token). */
function refusal(err: unknown, config: AccessConfig): string {
  if (err instanceof errors.JWTExpired) return "it has expired (sign in through Access again)";
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === "aud") return "it is not for this application (its audience is not ACCESS_AUD)";
    if (err.claim === "iss") return `it was not issued by ${config.team} (ACCESS_TEAM_DOMAIN)`;
    return `its ${err.claim} claim is not valid`;
  }
  if (err instanceof errors.JWSSignatureVerificationFailed || err instanceof errors.JWKSNoMatchingKey)
    return "its signature does not verify against the team's signing keys";
  if (err instanceof errors.JOSEAlgNotAllowed) return "it is not signed with RS256";
  if (err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid)
    return "the team's signing keys could not be read";
  return "it is not a valid JWT";
}

/**
 * The email Access vouches for in this request; undefined when Access is not configured or the
 * request carries no Access JWT. A token that does not verify is 401 unauthenticated with the cause.
 */
export async function accessEmail(env: Env, request: Request, requestId?: string): Promise<string | undefined> {
  const token = request.headers.get(ACCESS_HEADER);
  const config = accessConfig(env);
  if (!token || !config) return undefined;
  let email: unknown;
  try {
    const { payload } = await jwtVerify(token, keySetOf(config.team), {
      issuer: config.team,
      audience: config.audience,
      algorithms: ["RS256"],
      requiredClaims: ["exp"],
    });
    email = payload.email;
  } catch (err) {
    const why = refusal(err, config);
    log("warn", "access_refused", { requestId, reason: why });
    throw new CheckoutError(401, "unauthenticated", `The Cloudflare Access token was refused: ${why}.`);
  }
  if (typeof email !== "string" || !email.includes("@"))
    throw new CheckoutError(
      401,
      "unauthenticated",
      "The Cloudflare Access token names no email: sign in to Access as a person (not a service token).",
    );
  return email;
}
