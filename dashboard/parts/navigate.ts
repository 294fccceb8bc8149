/** Pages ask the app to go to another dashboard URL (pushState) with this event. */
export const NAVIGATE = "desk-navigate";

export function navigateEvent(url: string): CustomEvent<{ url: string }> {
  return new CustomEvent(NAVIGATE, { detail: { url }, bubbles: true, composed: true });
}
