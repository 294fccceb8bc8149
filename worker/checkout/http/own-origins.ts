/**
 * The origins of this Worker's own pages: the request's origin, and PUBLIC_URL's when it is set
 * (behind a proxy or a custom domain both may be seen). The demo helpers and the dashboard's
 * state-changing requests accept a browser's `Origin` only from these. Pure.
 */
import type { Env } from "../env.js";

export function ownOrigins(env: Pick<Env, "PUBLIC_URL">, requestUrl: string): string[] {
  const origins = [new URL(requestUrl).origin];
  if (env.PUBLIC_URL) {
    try {
      origins.push(new URL(env.PUBLIC_URL).origin);
    } catch {
      // An unreadable PUBLIC_URL adds nothing.
    }
  }
  return origins;
}
