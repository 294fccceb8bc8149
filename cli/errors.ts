/**
 * Exit codes and the CLI's own errors. 0: success. 1: the upstream or the network failed (or a
 * notification is not authentic). 2: a usage error: a bad flag or value, missing credentials, a
 * production confirmation that cannot be asked, a request the client refuses before sending.
 * 130 / 143: a command that waits (`payments watch`) was stopped by Ctrl-C (SIGINT) / SIGTERM.
 */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
export const EXIT_SIGINT = 130;
export const EXIT_SIGTERM = 143;

/** A mistake in how the command was called; nothing was sent. Exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** A failure that is not a usage error and not a V3Error (exit 1), e.g. "not authentic". */
export class CommandFailure extends Error {
  override readonly name = "CommandFailure";
}

/** A waiting command stopped by a signal before it was done: exit 130 (SIGINT) or 143 (SIGTERM). */
export class Interrupted extends Error {
  override readonly name = "Interrupted";
  constructor(readonly signal: "SIGINT" | "SIGTERM") {
    super(`stopped by ${signal}`);
  }
  get exitCode(): number {
    return this.signal === "SIGINT" ? EXIT_SIGINT : EXIT_SIGTERM;
  }
}
