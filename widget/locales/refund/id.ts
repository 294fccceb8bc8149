/** The refund mode's texts in Indonesian (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Pengembalian dana",
  loading: "Memuat pengembalian dana…",
  heading: (shop: string) => `Pengembalian dana dari ${shop}`,
  youReceive: "Anda akan menerima",
  refundOf: "Pengembalian untuk:",
  addressLabel: (currency: string) => `Alamat ${currency} Anda`,
  addressHelp: (currency: string) => `Salin alamat penerima dari dompet ${currency} Anda dan tempel di sini.`,
  testnetHelp: "Ini pengembalian dana uji coba: berikan alamat jaringan uji.",
  confirmLabel: "Alamat yang sama sekali lagi",
  confirmHelp: "Alamat ini tidak memiliki checksum: memasukkannya dua kali membantu menemukan salah ketik.",
  next: "Lanjutkan",
  confirmHeading: "Periksa alamat",
  confirmQuestion: (amount: string) => `Kirim ${amount} ke alamat ini?`,
  cannotChange: "Alamat tidak dapat diubah setelahnya.",
  send: "Ya, kirim ke sini",
  edit: "Ubah alamat",
  submitting: "Mengirim alamat Anda…",
  received: "Alamat diterima",
  receivedText: (amount: string) => `Toko akan mengirim ${amount} ke alamat ini:`,
  closed: "Pengembalian dana ini sudah ditutup. Jika ada pertanyaan, hubungi toko.",
  expired: "Tautan pengembalian dana ini sudah kedaluwarsa. Minta tautan baru kepada toko.",
  used: "Alamat untuk pengembalian dana ini sudah diberikan. Jika salah, minta tautan baru kepada toko.",
  invalid:
    "Tautan pengembalian dana ini tidak valid. Pastikan Anda membuka tautan secara lengkap, atau minta tautan baru kepada toko.",
  rateLimited: "Terlalu banyak percobaan dalam waktu singkat. Tunggu satu menit, lalu coba lagi.",
  network: "Pengembalian dana tidak dapat dijangkau. Periksa koneksi internet Anda, lalu coba lagi.",
  failed: "Terjadi kesalahan saat memuat pengembalian dana. Silakan coba lagi.",
  refused: "Toko tidak menerima alamat ini.",
  empty: "Masukkan alamat tempat Anda ingin menerima pengembalian dana.",
  format: (currency: string) => `Ini bukan alamat ${currency}. Salin alamat penerima dari dompet Anda.`,
  checksum:
    "Alamat ini mengandung salah ketik: checksum-nya tidak cocok. Salin dan tempel dari dompet Anda, jangan diketik.",
  networkTest: (currency: string) => `Ini alamat jaringan uji ${currency}. Berikan alamat dari dompet biasa Anda.`,
  networkMain: (currency: string) =>
    `Ini alamat jaringan utama ${currency}, tetapi ini pengembalian dana uji coba. Berikan alamat jaringan uji.`,
  unsupported: "Jenis alamat ini belum dapat menerima pengembalian dana. Minta alamat penerima lain dari dompet Anda.",
  confirmationMissing: "Masukkan alamat untuk kedua kalinya di kolom di bawah.",
  confirmationDiffers: "Kedua alamat berbeda. Tempel alamat yang sama di kedua kolom.",
};
