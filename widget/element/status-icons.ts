/**
 * The tick of a confirmed payment, as a stroke in a 24 x 24 box (round caps and joins, no fill):
 * the element's status line and the demo's result page draw the same one.
 */
export const CONFIRMED_ICON = "M5 12.5l4.5 4.5L19 7.5";
