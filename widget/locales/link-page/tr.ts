/** The payment link page's texts in Turkish (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Tutar (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `${min} ile ${max} ${currency} arasında`,
  range: (min: string, max: string, currency: string) => `${min} – ${max} ${currency}`,
  anyAmount: (range: string) => `İstediğiniz tutar: ${range}`,
  optional: (label: string) => `${label} (isteğe bağlı)`,
  payWith: "Ödeme yöntemi",
  continue: "Ödemeye devam et",
  needsScript: "Bu sayfanın ödemeyi alabilmesi için JavaScript gerekir.",
  linkHeading: "Ödeme bağlantısı",
  expired: "Bu ödeme bağlantısının süresi doldu.",
  disabled: "Bu ödeme bağlantısı artık etkin değil.",
  used: "Bu ödeme bağlantısı zaten ödendi.",
  notFoundTitle: "Ödeme bağlantısı bulunamadı",
  notFound: "Bu adreste bir ödeme bağlantısı yok. Size gönderilen bağlantıyı kontrol edin.",
  contactShop: "Yeni bir bağlantı için mağazayla iletişime geçin.",
  amountError: (min: string, max: string, currency: string) =>
    `${min} ile ${max} ${currency} arasında bir tutar girin.`,
  referenceError: (label: string) => `“${label}” alanını doldurun.`,
  goneError: "Bu ödeme bağlantısı artık ödenemez. Yeni bir bağlantı için mağazayla iletişime geçin.",
  failedError: "Ödeme başlatılamadı. Sayfayı yeniden yükleyip tekrar deneyin.",
  networkError: "Ödeme başlatılamadı. Bağlantınızı kontrol edip tekrar deneyin.",
};
