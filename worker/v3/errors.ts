/**
 * The one error type of the v3 client. Every failure (a refused request, an upstream HTTP error,
 * a timeout, a network failure, a response or notification of the wrong shape, a bad signature)
 * is a V3Error with a `kind` and a stable `code`; callers branch on those, never on messages.
 */

export type V3ErrorKind =
  | "http"
  | "timeout"
  | "network"
  | "invalid_response"
  | "invalid_request"
  | "invalid_notification"
  | "invalid_signature";

export interface V3ErrorInit {
  status?: number;
  upstreamBody?: string;
  field?: string;
  cause?: unknown;
}

/** Longest upstream body kept on an error, in UTF-16 code units (about 1 KB of text). */
export const MAX_UPSTREAM_BODY = 1024;

export class V3Error extends Error {
  override readonly name = "V3Error";
  readonly kind: V3ErrorKind;
  /** Stable, for example "upstream_http_404", "upstream_timeout", "missing_field", "invalid_limit". */
  readonly code: string;
  /** Upstream HTTP status, for kind "http" (and for "invalid_response" when a status was received). */
  readonly status?: number;
  /** Truncated to MAX_UPSTREAM_BODY and scrubbed of the key secret and the Authorization value. */
  readonly upstreamBody?: string;
  /** For missing or invalid fields: the field path, for example "transactions[0].state". */
  readonly field?: string;

  constructor(kind: V3ErrorKind, code: string, message: string, init: V3ErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = kind;
    this.code = code;
    if (init.status !== undefined) this.status = init.status;
    if (init.upstreamBody !== undefined) this.upstreamBody = init.upstreamBody;
    if (init.field !== undefined) this.field = init.field;
  }

  /** True for failures that may pass on a later attempt: timeouts, network failures, 5xx and 429. */
  get retryable(): boolean {
    if (this.kind === "timeout" || this.kind === "network") return true;
    if (this.kind === "http" && this.status !== undefined) return this.status >= 500 || this.status === 429;
    return false;
  }
}

/** Removes every occurrence of the given secrets from `text`, then truncates it. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length > 0) out = out.split(secret).join("[redacted]");
  }
  return out.length > MAX_UPSTREAM_BODY ? `${out.slice(0, MAX_UPSTREAM_BODY - 1)}…` : out;
}
