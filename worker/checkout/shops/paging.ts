/**
 * Cursors of the admin API's lists: opaque to the client (base64url of the last position it saw),
 * checked when they come back, so that a cursor is never more than a position in the list. Pure.
 */
import { fromBase64Url, toBase64Url } from "./secret-envelope.js";

const PREFIX = "after:";

/** The cursor that continues after `position` (a shop id, an audit entry's number). */
export function encodeCursor(position: string): string {
  return toBase64Url(new TextEncoder().encode(PREFIX + position));
}

/** The position a cursor continues after, when it is a cursor of this API and `valid` accepts it. */
export function decodeCursor(cursor: string, valid: (position: string) => boolean): string | undefined {
  const bytes = fromBase64Url(cursor);
  if (!bytes) return undefined;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
  if (!text.startsWith(PREFIX)) return undefined;
  const position = text.slice(PREFIX.length);
  return valid(position) ? position : undefined;
}
