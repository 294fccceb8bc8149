/** The payment link page's texts in Hebrew (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `סכום (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `בין ${min} ל־${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} עד ${max} ${currency}`,
  anyAmount: (range: string) => `כל סכום מ־${range}`,
  optional: (label: string) => `${label} (לא חובה)`,
  payWith: "תשלום באמצעות",
  continue: "המשך לתשלום",
  needsScript: "הדף הזה צריך JavaScript כדי לקבל את התשלום.",
  linkHeading: "קישור לתשלום",
  expired: "תוקף הקישור לתשלום פג.",
  disabled: "הקישור לתשלום כבר אינו פעיל.",
  used: "הקישור לתשלום כבר שולם.",
  notFoundTitle: "הקישור לתשלום לא נמצא",
  notFound: "אין קישור לתשלום בכתובת הזו. כדאי לבדוק את הקישור שנשלח אליך.",
  contactShop: "יש לפנות לחנות כדי לקבל קישור חדש.",
  amountError: (min: string, max: string, currency: string) => `יש להזין סכום בין ${min} ל־${max} ${currency}.`,
  referenceError: (label: string) => `יש למלא את השדה ״${label}״.`,
  goneError: "כבר אי אפשר לשלם בקישור הזה. יש לפנות לחנות כדי לקבל קישור חדש.",
  failedError: "לא ניתן היה להתחיל את התשלום. יש לטעון את הדף מחדש ולנסות שוב.",
  networkError: "לא ניתן היה להתחיל את התשלום. יש לבדוק את החיבור ולנסות שוב.",
};
