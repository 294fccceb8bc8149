/** What the setup check (setup-check.ts, in the entry) and the warnings (setup-warnings.ts, a chunk) share. */

/** An endpoint as the element can use it: an http(s) URL, or a path on the page's own origin. */
export const ENDPOINT_SHAPE = /^(https?:)?\//;

/** What the check reads of the element. */
export interface SetupSubject {
  shop?: string | undefined;
  endpoint?: string | undefined;
  getAttributeNames(): string[];
}
