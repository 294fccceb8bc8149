/** The payment link page's texts in Persian (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `مبلغ (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `بین ${min} و ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} تا ${max} ${currency}`,
  anyAmount: (range: string) => `هر مبلغی از ${range}`,
  optional: (label: string) => `${label} (اختیاری)`,
  payWith: "پرداخت با",
  continue: "ادامه به پرداخت",
  needsScript: "این صفحه برای دریافت پرداخت به JavaScript نیاز دارد.",
  linkHeading: "پیوند پرداخت",
  expired: "این پیوند پرداخت منقضی شده است.",
  disabled: "این پیوند پرداخت دیگر فعال نیست.",
  used: "این پیوند پرداخت قبلاً پرداخت شده است.",
  notFoundTitle: "پیوند پرداخت پیدا نشد",
  notFound: "در این نشانی هیچ پیوند پرداختی وجود ندارد. پیوندی را که برایتان فرستاده شده بررسی کنید.",
  contactShop: "برای دریافت پیوند جدید با فروشگاه تماس بگیرید.",
  amountError: (min: string, max: string, currency: string) => `مبلغی بین ${min} و ${max} ${currency} وارد کنید.`,
  referenceError: (label: string) => `قسمت «${label}» را پر کنید.`,
  goneError: "دیگر نمی‌توان با این پیوند پرداخت کرد. برای دریافت پیوند جدید با فروشگاه تماس بگیرید.",
  failedError: "پرداخت آغاز نشد. صفحه را دوباره بارگیری کنید و دوباره تلاش کنید.",
  networkError: "پرداخت آغاز نشد. اتصال خود را بررسی کنید و دوباره تلاش کنید.",
};
