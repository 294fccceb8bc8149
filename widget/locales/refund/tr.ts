/** The refund mode's texts in Turkish (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "İade",
  loading: "İade yükleniyor…",
  heading: (shop: string) => `${shop} iadesi`,
  youReceive: "Alacağınız tutar",
  refundOf: "İade edilen:",
  addressLabel: (currency: string) => `${currency} adresiniz`,
  addressHelp: (currency: string) => `${currency} cüzdanınızdaki alma adresini kopyalayıp buraya yapıştırın.`,
  testnetHelp: "Bu bir test iadesi: test ağından bir adres girin.",
  confirmLabel: "Aynı adres tekrar",
  confirmHelp: "Bu adresin sağlama toplamı yok: iki kez girmek yazım hatalarını yakalar.",
  next: "Devam",
  confirmHeading: "Adresi kontrol edin",
  confirmQuestion: (amount: string) => `${amount} bu adrese gönderilsin mi?`,
  cannotChange: "Adres daha sonra değiştirilemez.",
  send: "Evet, buraya gönder",
  edit: "Adresi değiştir",
  submitting: "Adresiniz gönderiliyor…",
  received: "Adres alındı",
  receivedText: (amount: string) => `Mağaza ${amount} tutarını bu adrese gönderecek:`,
  closed: "Bu iade kapandı. Sorularınız için mağazayla iletişime geçin.",
  expired: "Bu iade bağlantısının süresi doldu. Mağazadan yeni bir bağlantı isteyin.",
  used: "Bu iade için zaten bir adres verildi. Yanlışsa mağazadan yeni bir bağlantı isteyin.",
  invalid:
    "Bu iade bağlantısı geçerli değil. Bağlantının tamamını açtığınızı kontrol edin veya mağazadan yenisini isteyin.",
  rateLimited: "Kısa sürede çok fazla deneme. Bir dakika bekleyip yeniden deneyin.",
  network: "İadeye ulaşılamıyor. İnternet bağlantınızı kontrol edip yeniden deneyin.",
  failed: "İade yüklenirken bir sorun oluştu. Lütfen yeniden deneyin.",
  refused: "Mağaza bu adresi kabul etmedi.",
  empty: "İadeyi almak istediğiniz adresi girin.",
  format: (currency: string) => `Bu bir ${currency} adresi değil. Cüzdanınızdaki alma adresini kopyalayın.`,
  checksum:
    "Bu adreste bir yazım hatası var: sağlama toplamı tutmuyor. Yazmak yerine cüzdanınızdan kopyalayıp yapıştırın.",
  networkTest: (currency: string) => `Bu bir ${currency} test ağı adresi. Normal cüzdanınızdan bir adres girin.`,
  networkMain: (currency: string) =>
    `Bu bir ${currency} ana ağ adresi, ancak bu bir test iadesi. Test ağından bir adres girin.`,
  unsupported: "Bu tür bir adrese henüz iade gönderilemez. Cüzdanınızdan başka bir alma adresi isteyin.",
  confirmationMissing: "Adresi aşağıdaki alana ikinci kez girin.",
  confirmationDiffers: "İki adres farklı. Her iki alana da aynı adresi yapıştırın.",
};
