/**
 * Ctrl-C for the commands that wait (`payments watch`, `listen`): SIGINT and SIGTERM abort a
 * signal instead of killing the process, so the command can close its socket, finish the line it
 * prints and choose its exit code. `dispose()` gives the signals back to Node's default.
 */
export interface Stopper {
  signal: AbortSignal;
  /** The signal that stopped the command, if any. */
  received(): "SIGINT" | "SIGTERM" | undefined;
  dispose(): void;
}

export function stopOnSignals(): Stopper {
  const controller = new AbortController();
  let received: "SIGINT" | "SIGTERM" | undefined;
  const on = (name: "SIGINT" | "SIGTERM") => () => {
    received ??= name;
    controller.abort();
  };
  const onInt = on("SIGINT");
  const onTerm = on("SIGTERM");
  process.on("SIGINT", onInt);
  process.on("SIGTERM", onTerm);
  return {
    signal: controller.signal,
    received: () => received,
    dispose() {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
    },
  };
}

/** Waits `ms`, or less when `signal` aborts (never rejects). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
