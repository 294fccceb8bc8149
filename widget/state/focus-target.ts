/**
 * Where keyboard focus goes when the control that had it disappears from the element (pure).
 * Elements that can take focus this way carry `data-focus`: "lead" marks the heading or message
 * of what is on screen (the status, the currency picker, an error, "Loading…"); another key pairs
 * a control with the one that replaces it ("redirect": "Go now" and, once a listener kept the
 * customer on the page, "Back to the shop").
 */

export const LEAD = "lead";

/**
 * The `data-focus` key to focus: the replacement of the lost control when there is one, else the
 * lead; undefined when neither is on screen.
 */
export function focusTarget(lost: string | undefined, available: readonly string[]): string | undefined {
  if (lost !== undefined && available.includes(lost)) return lost;
  return available.includes(LEAD) ? LEAD : undefined;
}
