/** The receipt page's texts in Arabic (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "جارٍ تحميل الإيصال…",
  heading: (shop: string) => `إيصال من ${shop}`,
  documentTitle: (id: string, shop: string) => `الإيصال ${id} – ${shop}`,
  testPayment: "دفعة تجريبية: لم تُنقل أموال حقيقية",
  transaction: "المعاملة",
  transactions: "المعاملات",
  noTransactions: "لم تذكر خدمة الدفع أي معاملة.",
  confirmedBy: (shop: string) => `أكّدت خدمة الدفع هذه الدفعة لصالح ${shop}.`,
  print: "اطبع أو احفظ كملف",
  for: "مقابل",
  order: "الطلب",
  price: "السعر",
  amountIn: (currency: string) => `المبلغ بعملة ${currency}`,
  paid: "المدفوع",
  exchangeRate: "سعر الصرف",
  confirmed: "تم التأكيد",
  reference: "مرجع الدفع",
  transactionId: "معرّف المعاملة",
  amount: "المبلغ",
  state: "الحالة",
  seen: "رُصدت",
  accepted: "مؤكدة",
  waiting: "قيد الانتظار",
  rejected: "مرفوضة",
  noReceiptTitle: "لا يوجد إيصال لهذه الدفعة",
  noReceipt: (status: string, shop: string) =>
    `انتهت هذه الدفعة دون تأكيد (حالتها ${status})، لذا ليس لها إيصال. إذا أرسلت أموالًا، فتواصل مع ${shop} واذكر مرجع الدفع.`,
  notReadyTitle: "إيصالك ليس جاهزًا بعد",
  notReady: (status: string) =>
    `يظهر الإيصال هنا بمجرد تأكيد الدفعة. حالتها الآن ${status}. أعد تحميل هذه الصفحة لاحقًا واحتفظ بعنوانها.`,
  notFoundTitle: "لم يتم العثور على الإيصال",
  notFound:
    "لم يُعثر على إيصال على هذا العنوان. افتح الرابط كاملًا مرة أخرى، بما في ذلك كل ما يلي العلامة #؛ فالرابط الذي تلقيته وحده يفتح الإيصال.",
  errorTitle: "تعذّر تحميل الإيصال",
  connectionFailed: "فشل الاتصال. تحقق من اتصالك وأعد تحميل هذه الصفحة.",
  serverError: (status: string) => `ردّ الخادم بالرمز ${status}. أعد تحميل هذه الصفحة بعد قليل.`,
};
