/** The receipt page's texts in Turkish (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Makbuz yükleniyor…",
  heading: (shop: string) => `${shop} makbuzu`,
  documentTitle: (id: string, shop: string) => `Makbuz ${id} – ${shop}`,
  testPayment: "Test ödemesi: gerçek para aktarılmadı",
  transaction: "İşlem",
  transactions: "İşlemler",
  noTransactions: "Ödeme hizmeti hiçbir işlem bildirmedi.",
  confirmedBy: (shop: string) => `Ödeme, ödeme hizmeti tarafından ${shop} için onaylandı.`,
  print: "Yazdır veya dosya olarak kaydet",
  for: "Açıklama",
  order: "Sipariş",
  price: "Fiyat",
  amountIn: (currency: string) => `${currency} cinsinden tutar`,
  paid: "Ödenen",
  exchangeRate: "Döviz kuru",
  confirmed: "Onaylandı",
  reference: "Ödeme referansı",
  transactionId: "İşlem kimliği",
  amount: "Tutar",
  state: "Durum",
  seen: "Görüldü",
  accepted: "Onaylandı",
  waiting: "Bekliyor",
  rejected: "Reddedildi",
  noReceiptTitle: "Bu ödeme için makbuz yok",
  noReceipt: (status: string, shop: string) =>
    `Bu ödeme onaylanmadan sona erdi (durumu: ${status}), bu yüzden makbuzu yok. Para gönderdiyseniz ödeme referansıyla birlikte ${shop} ile iletişime geçin.`,
  notReadyTitle: "Makbuzunuz henüz hazır değil",
  notReady: (status: string) =>
    `Makbuz, ödeme onaylandığında burada görünür. Şu anki durumu: ${status}. Bu sayfayı daha sonra yeniden yükleyin ve adresini saklayın.`,
  notFoundTitle: "Makbuz bulunamadı",
  notFound:
    "Bu adreste makbuz bulunamadı. # işaretinden sonraki her şey dahil, bağlantının tamamını yeniden açın; makbuzu yalnızca size gönderilen bağlantı açar.",
  errorTitle: "Makbuz yüklenemedi",
  connectionFailed: "Bağlantı kurulamadı. Bağlantınızı kontrol edip bu sayfayı yeniden yükleyin.",
  serverError: (status: string) => `Sunucu ${status} yanıtını verdi. Bu sayfayı birazdan yeniden yükleyin.`,
};
