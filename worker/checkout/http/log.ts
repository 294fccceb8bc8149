/**
 * Structured logs: one JSON object per line on console.log, with a level, an event name and
 * fields (a `requestId` where there is a request). Secrets never reach a log line: fields whose
 * name looks secret are replaced by "[redacted]", and every secret value read through
 * `secretOf` (config.ts) is registered here and scrubbed from the whole line, whatever field
 * or message it hides in.
 */

export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

const SECRET_FIELD = /secret|password|passwd|authorization|cookie|hmac|signingkey|apikey|token|signature|credential/i;
const REDACTED = "[redacted]";
const secretValues = new Set<string>();

/** Remember a secret value so that it is scrubbed from every later log line. */
export function registerSecret(value: string): void {
  // Very short values would scrub ordinary text; secrets are never that short.
  if (value.length >= 8) {
    secretValues.add(value);
    secretValues.add(btoa(value));
  }
}

function redactFields(value: unknown, depth: number): unknown {
  if (depth > 6) return "[depth]";
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (Array.isArray(value)) return value.map((v) => redactFields(v, depth + 1));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) ? REDACTED : redactFields(v, depth + 1);
    return out;
  }
  return value;
}

function scrub(line: string): string {
  let out = line;
  for (const secret of secretValues) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}

/**
 * The JSON line `log` writes, without writing it (exported for tests). `now` is the clock in ms:
 * workerd reads 0 (the Unix epoch) outside a request, as the Worker starts, so a line written then
 * has no `time` rather than a wrong one (the platform's log stamps every line itself).
 */
export function formatLog(level: LogLevel, event: string, fields: LogFields = {}, now = Date.now()): string {
  // level and event are written last in the spread so that no field can overwrite them.
  const entry = {
    ...(now > 0 ? { time: new Date(now).toISOString() } : {}),
    ...(redactFields(fields, 0) as LogFields),
    level,
    event,
  };
  return scrub(JSON.stringify(entry));
}

export function log(level: LogLevel, event: string, fields: LogFields = {}): void {
  console.log(formatLog(level, event, fields));
}
