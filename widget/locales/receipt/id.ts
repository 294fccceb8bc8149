/** The receipt page's texts in Indonesian (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Memuat tanda terima…",
  heading: (shop: string) => `Tanda terima dari ${shop}`,
  documentTitle: (id: string, shop: string) => `Tanda terima ${id} – ${shop}`,
  testPayment: "Pembayaran uji coba: tidak ada uang sungguhan yang berpindah",
  transaction: "Transaksi",
  transactions: "Daftar transaksi",
  noTransactions: "Layanan pembayaran tidak mencantumkan satu pun.",
  confirmedBy: (shop: string) => `Pembayaran dikonfirmasi oleh layanan pembayaran untuk ${shop}.`,
  print: "Cetak atau simpan sebagai file",
  for: "Untuk",
  order: "Pesanan",
  price: "Harga",
  amountIn: (currency: string) => `Jumlah dalam ${currency}`,
  paid: "Dibayar",
  exchangeRate: "Kurs",
  confirmed: "Dikonfirmasi",
  reference: "Referensi pembayaran",
  transactionId: "ID transaksi",
  amount: "Jumlah",
  state: "Keadaan",
  seen: "Terdeteksi",
  accepted: "Dikonfirmasi",
  waiting: "Menunggu",
  rejected: "Ditolak",
  noReceiptTitle: "Tidak ada tanda terima untuk pembayaran ini",
  noReceipt: (status: string, shop: string) =>
    `Pembayaran ini berakhir tanpa dikonfirmasi (statusnya ${status}), jadi tidak ada tanda terima. Jika Anda sudah mengirim uang, hubungi ${shop} dengan menyebutkan referensi pembayaran.`,
  notReadyTitle: "Tanda terima Anda belum siap",
  notReady: (status: string) =>
    `Tanda terima akan muncul di sini setelah pembayaran dikonfirmasi. Statusnya saat ini ${status}. Muat ulang halaman ini nanti dan simpan alamatnya.`,
  notFoundTitle: "Tanda terima tidak ditemukan",
  notFound:
    "Tidak ada tanda terima di alamat ini. Buka lagi tautan secara lengkap, termasuk semua yang ada setelah tanda #; hanya tautan yang Anda terima yang membuka tanda terima.",
  errorTitle: "Tanda terima tidak dapat dimuat",
  connectionFailed: "Koneksi gagal. Periksa koneksi Anda dan muat ulang halaman ini.",
  serverError: (status: string) => `Server menjawab ${status}. Muat ulang halaman ini sebentar lagi.`,
};
