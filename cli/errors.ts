/**
 * Exit codes and the CLI's own errors. 0: success. 1: the upstream or the network failed (or a
 * notification is not authentic). 2: a usage error: a bad flag or value, missing credentials, a
 * production confirmation that cannot be asked, a request the client refuses before sending.
 */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A mistake in how the command was called; nothing was sent. Exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** A failure that is not a usage error and not a V3Error (exit 1), e.g. "not authentic". */
export class CommandFailure extends Error {
  override readonly name = "CommandFailure";
}
