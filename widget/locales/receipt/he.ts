/** The receipt page's texts in Hebrew (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "הקבלה נטענת…",
  heading: (shop: string) => `קבלה מ־${shop}`,
  documentTitle: (id: string, shop: string) => `קבלה ${id} – ${shop}`,
  testPayment: "תשלום ניסיון: לא הועבר כסף אמיתי",
  transaction: "עסקה",
  transactions: "עסקאות",
  noTransactions: "שירות התשלומים לא פירט אף עסקה.",
  confirmedBy: (shop: string) => `התשלום אושר על ידי שירות התשלומים עבור ${shop}.`,
  print: "הדפסה או שמירה כקובץ",
  for: "עבור",
  order: "הזמנה",
  price: "מחיר",
  amountIn: (currency: string) => `סכום ב־${currency}`,
  paid: "שולם",
  exchangeRate: "שער חליפין",
  confirmed: "אושר",
  reference: "מזהה התשלום",
  transactionId: "מזהה העסקה",
  amount: "סכום",
  state: "מצב",
  seen: "זוהתה",
  accepted: "אושרה",
  waiting: "ממתינה",
  rejected: "נדחתה",
  noReceiptTitle: "אין קבלה לתשלום הזה",
  noReceipt: (status: string, shop: string) =>
    `התשלום הזה הסתיים בלי שאושר (הסטטוס שלו הוא ${status}), ולכן אין לו קבלה. אם שלחת כסף, יש לפנות אל ${shop} עם מזהה התשלום.`,
  notReadyTitle: "הקבלה שלך עדיין לא מוכנה",
  notReady: (status: string) =>
    `הקבלה תופיע כאן לאחר שהתשלום יאושר. הסטטוס שלו כרגע הוא ${status}. כדאי לטעון את הדף מחדש מאוחר יותר ולשמור את הכתובת שלו.`,
  notFoundTitle: "הקבלה לא נמצאה",
  notFound:
    "לא נמצאה קבלה בכתובת הזו. יש לפתוח שוב את הקישור המלא, כולל כל מה שאחרי הסימן #; רק הקישור שקיבלת פותח את הקבלה.",
  errorTitle: "לא ניתן היה לטעון את הקבלה",
  connectionFailed: "החיבור נכשל. יש לבדוק את החיבור ולטעון את הדף מחדש.",
  serverError: (status: string) => `השרת השיב ${status}. כדאי לטעון את הדף מחדש בעוד רגע.`,
};
