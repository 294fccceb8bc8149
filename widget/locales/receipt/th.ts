/** The receipt page's texts in Thai (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "กำลังโหลดใบเสร็จ…",
  heading: (shop: string) => `ใบเสร็จจาก ${shop}`,
  documentTitle: (id: string, shop: string) => `ใบเสร็จ ${id} – ${shop}`,
  testPayment: "การชำระเงินทดสอบ: ไม่มีการโอนเงินจริง",
  transaction: "ธุรกรรม",
  transactions: "รายการธุรกรรม",
  noTransactions: "บริการชำระเงินไม่ได้แจ้งธุรกรรมใด",
  confirmedBy: (shop: string) => `บริการชำระเงินยืนยันการชำระเงินให้ ${shop} แล้ว`,
  print: "พิมพ์หรือบันทึกเป็นไฟล์",
  for: "สำหรับ",
  order: "คำสั่งซื้อ",
  price: "ราคา",
  amountIn: (currency: string) => `จำนวนเงินเป็น ${currency}`,
  paid: "ชำระแล้ว",
  exchangeRate: "อัตราแลกเปลี่ยน",
  confirmed: "ยืนยันแล้ว",
  reference: "หมายเลขอ้างอิงการชำระเงิน",
  transactionId: "รหัสธุรกรรม",
  amount: "จำนวนเงิน",
  state: "สถานะ",
  seen: "ตรวจพบ",
  waiting: "รอดำเนินการ",
  rejected: "ถูกปฏิเสธ",
  noReceiptTitle: "ไม่มีใบเสร็จสำหรับการชำระเงินนี้",
  noReceipt: (status: string, shop: string) =>
    `การชำระเงินนี้สิ้นสุดลงโดยไม่ได้รับการยืนยัน (สถานะคือ ${status}) จึงไม่มีใบเสร็จ หากคุณส่งเงินไปแล้ว โปรดติดต่อ ${shop} พร้อมหมายเลขอ้างอิงการชำระเงิน`,
  notReadyTitle: "ใบเสร็จของคุณยังไม่พร้อม",
  notReady: (status: string) =>
    `ใบเสร็จจะแสดงที่นี่เมื่อการชำระเงินได้รับการยืนยัน ขณะนี้สถานะคือ ${status} โปรดโหลดหน้านี้ใหม่ภายหลังและเก็บที่อยู่ของหน้านี้ไว้`,
  notFoundTitle: "ไม่พบใบเสร็จ",
  notFound: "ไม่พบใบเสร็จที่ที่อยู่นี้ โปรดเปิดลิงก์ทั้งหมดอีกครั้ง รวมถึงทุกอย่างหลังเครื่องหมาย # เฉพาะลิงก์ที่คุณได้รับเท่านั้นที่เปิดใบเสร็จได้",
  errorTitle: "ไม่สามารถโหลดใบเสร็จได้",
  connectionFailed: "การเชื่อมต่อล้มเหลว โปรดตรวจสอบการเชื่อมต่อแล้วโหลดหน้านี้ใหม่",
  serverError: (status: string) => `เซิร์ฟเวอร์ตอบกลับด้วย ${status} โปรดโหลดหน้านี้ใหม่ในอีกสักครู่`,
};
