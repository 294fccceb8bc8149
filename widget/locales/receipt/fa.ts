/** The receipt page's texts in Persian (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "در حال بارگیری رسید…",
  heading: (shop: string) => `رسید از ${shop}`,
  documentTitle: (id: string, shop: string) => `رسید ${id} – ${shop}`,
  testPayment: "پرداخت آزمایشی: هیچ پول واقعی جابه‌جا نشد",
  transaction: "تراکنش",
  transactions: "تراکنش‌ها",
  noTransactions: "سرویس پرداخت هیچ تراکنشی اعلام نکرد.",
  confirmedBy: (shop: string) => `پرداخت را سرویس پرداخت برای ${shop} تأیید کرده است.`,
  print: "چاپ یا ذخیره به‌صورت فایل",
  for: "بابت",
  order: "سفارش",
  price: "قیمت",
  amountIn: (currency: string) => `مبلغ به ${currency}`,
  paid: "پرداخت‌شده",
  exchangeRate: "نرخ تبدیل",
  confirmed: "تأیید شد",
  reference: "شناسه پرداخت",
  transactionId: "شناسه تراکنش",
  amount: "مبلغ",
  state: "وضعیت",
  seen: "مشاهده شد",
  accepted: "تأیید شد",
  waiting: "در انتظار",
  rejected: "رد شد",
  noReceiptTitle: "این پرداخت رسید ندارد",
  noReceipt: (status: string, shop: string) =>
    `این پرداخت بدون تأیید به پایان رسید (وضعیت آن ${status} است)، بنابراین رسیدی ندارد. اگر پولی فرستاده‌اید، با ذکر شناسه پرداخت با ${shop} تماس بگیرید.`,
  notReadyTitle: "رسید شما هنوز آماده نیست",
  notReady: (status: string) =>
    `رسید پس از تأیید پرداخت اینجا نمایش داده می‌شود. وضعیت فعلی آن ${status} است. این صفحه را بعداً دوباره بارگیری کنید و نشانی آن را نگه دارید.`,
  notFoundTitle: "رسید پیدا نشد",
  notFound:
    "در این نشانی رسیدی پیدا نشد. پیوند را به‌طور کامل دوباره باز کنید، همراه با همه چیز پس از نشانه #؛ فقط پیوندی که دریافت کرده‌اید رسید را باز می‌کند.",
  errorTitle: "رسید بارگیری نشد",
  connectionFailed: "اتصال برقرار نشد. اتصال خود را بررسی کنید و این صفحه را دوباره بارگیری کنید.",
  serverError: (status: string) => `سرور با ${status} پاسخ داد. کمی بعد این صفحه را دوباره بارگیری کنید.`,
};
