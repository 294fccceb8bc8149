/** Order tokens on the demo page (JWTs the demo's stand-in backend signs). Pure. */

/**
 * The token with one character of its payload changed: still well-formed, but its signature no
 * longer matches, so the checkout Worker must refuse it.
 */
export function tamperToken(token: string): string {
  const parts = token.split(".");
  const payload = parts[1];
  if (parts.length !== 3 || !payload) return `${token}x`;
  const middle = Math.floor(payload.length / 2);
  const swapped = payload[middle] === "A" ? "B" : "A";
  return [parts[0], payload.slice(0, middle) + swapped + payload.slice(middle + 1), parts[2]].join(".");
}
