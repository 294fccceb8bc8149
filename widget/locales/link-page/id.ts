/** The payment link page's texts in Indonesian (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Jumlah (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Antara ${min} dan ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} hingga ${max} ${currency}`,
  anyAmount: (range: string) => `Jumlah bebas dari ${range}`,
  optional: (label: string) => `${label} (opsional)`,
  payWith: "Bayar dengan",
  continue: "Lanjut ke pembayaran",
  needsScript: "Halaman ini memerlukan JavaScript untuk menerima pembayaran.",
  linkHeading: "Tautan pembayaran",
  expired: "Tautan pembayaran ini sudah kedaluwarsa.",
  disabled: "Tautan pembayaran ini sudah tidak aktif.",
  used: "Tautan pembayaran ini sudah dibayar.",
  notFoundTitle: "Tautan pembayaran tidak ditemukan",
  notFound: "Tidak ada tautan pembayaran di alamat ini. Periksa tautan yang dikirimkan kepada Anda.",
  contactShop: "Hubungi toko untuk mendapatkan tautan baru.",
  amountError: (min: string, max: string, currency: string) => `Masukkan jumlah antara ${min} dan ${max} ${currency}.`,
  referenceError: (label: string) => `Isi “${label}”.`,
  goneError: "Tautan pembayaran ini tidak dapat dibayar lagi. Hubungi toko untuk mendapatkan tautan baru.",
  failedError: "Pembayaran tidak dapat dimulai. Muat ulang halaman dan coba lagi.",
  networkError: "Pembayaran tidak dapat dimulai. Periksa koneksi Anda dan coba lagi.",
};
