/** The payment link page's texts in Arabic (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `المبلغ (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `بين ${min} و${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} إلى ${max} ${currency}`,
  anyAmount: (range: string) => `أي مبلغ من ${range}`,
  optional: (label: string) => `${label} (اختياري)`,
  payWith: "الدفع بواسطة",
  continue: "المتابعة إلى الدفع",
  needsScript: "تحتاج هذه الصفحة إلى JavaScript لاستلام الدفعة.",
  linkHeading: "رابط الدفع",
  expired: "انتهت صلاحية رابط الدفع هذا.",
  disabled: "رابط الدفع هذا لم يعد نشطًا.",
  used: "تم دفع رابط الدفع هذا بالفعل.",
  notFoundTitle: "لم يتم العثور على رابط الدفع",
  notFound: "لا يوجد رابط دفع على هذا العنوان. تحقق من الرابط الذي أُرسل إليك.",
  contactShop: "تواصل مع المتجر للحصول على رابط جديد.",
  amountError: (min: string, max: string, currency: string) => `أدخل مبلغًا بين ${min} و${max} ${currency}.`,
  referenceError: (label: string) => `املأ الحقل «${label}».`,
  goneError: "لم يعد من الممكن الدفع عبر هذا الرابط. تواصل مع المتجر للحصول على رابط جديد.",
  failedError: "تعذّر بدء الدفع. أعد تحميل الصفحة وحاول مرة أخرى.",
  networkError: "تعذّر بدء الدفع. تحقق من اتصالك وحاول مرة أخرى.",
};
