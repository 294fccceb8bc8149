/**
 * The Worker's log lines as a test sees them: console.log (where http/log.ts writes one JSON
 * object a line) is replaced by a recorder of the parsed lines; anything else printed goes
 * through. Restored by `vi.restoreAllMocks()`.
 */
import { vi } from "vitest";

export type LogLine = { event: string; requestId?: string; [field: string]: unknown };

/** The JSON lines logged from now on, in order (the array fills as they are written). */
export function captureLogLines(): LogLine[] {
  const lines: LogLine[] = [];
  const original = console.log.bind(console);
  vi.spyOn(console, "log").mockImplementation((line: unknown) => {
    try {
      lines.push(JSON.parse(String(line)) as LogLine);
    } catch {
      original(line);
    }
  });
  return lines;
}
