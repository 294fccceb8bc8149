/**
 * The one error type of the sandbox and the one place that turns errors into responses.
 * Every error body is `{"error":{"code":"...","message":"...","field":"..."}}` (`field` only when
 * a request field is at fault).
 */
export type SandboxErrorCode =
  | "unauthorized"
  | "invalid_request"
  | "payload_too_large"
  | "not_found"
  | "unsupported_currency"
  | "insufficient_balance"
  | "below_minimum"
  | "payout_expired"
  | "invalid_transition"
  | "internal_error";

export interface ErrorBody {
  error: { code: SandboxErrorCode; message: string; field?: string };
}

export class SandboxError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 413 | 422 | 500,
    readonly code: SandboxErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "SandboxError";
  }

  toBody(): ErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.field === undefined ? {} : { field: this.field }) },
    };
  }
}

export const invalid = (field: string, message: string): SandboxError =>
  new SandboxError(400, "invalid_request", message, field);
export const notFound = (what: string): SandboxError => new SandboxError(404, "not_found", `${what} not found`);

/** A result that crosses the Durable Object RPC boundary (class instances do not). */
export type Result<T> =
  { ok: true; value: T } | { ok: false; error: ErrorBody["error"] & { status: SandboxError["status"] } };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Runs `fn`, turning a SandboxError into a failed Result; anything else propagates. */
export function attempt<T>(fn: () => T): Result<T> {
  try {
    return ok(fn());
  } catch (err) {
    if (err instanceof SandboxError) return { ok: false, error: { ...err.toBody().error, status: err.status } };
    throw err;
  }
}

export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  const { status, code, message, field } = result.error;
  throw new SandboxError(status, code, message, field);
}

export function errorResponse(err: unknown): Response {
  const known = err instanceof SandboxError ? err : new SandboxError(500, "internal_error", "internal error");
  if (!(err instanceof SandboxError))
    console.error(
      JSON.stringify({ event: "sandbox_error", message: err instanceof Error ? err.message : String(err) }),
    );
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (known.status === 401) headers["www-authenticate"] = 'Basic realm="sandbox", charset="UTF-8"';
  return new Response(JSON.stringify(known.toBody()), { status: known.status, headers });
}
