/** Shapes of the ids the checkout takes from outside: one place for each rule. */

/** A shop's order id: 1-64 characters, letters, digits, . _ : - (not starting with a sign). */
export const ORDER_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
export const ORDER_ID_MESSAGE = "must be 1-64 characters: letters, digits, . _ : -";
