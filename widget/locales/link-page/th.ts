/** The payment link page's texts in Thai (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `จำนวนเงิน (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `ระหว่าง ${min} ถึง ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} ถึง ${max} ${currency}`,
  anyAmount: (range: string) => `จำนวนเงินใดก็ได้ตั้งแต่ ${range}`,
  optional: (label: string) => `${label} (ไม่บังคับ)`,
  payWith: "ชำระด้วย",
  continue: "ไปที่การชำระเงิน",
  needsScript: "หน้านี้ต้องใช้ JavaScript เพื่อรับการชำระเงิน",
  linkHeading: "ลิงก์ชำระเงิน",
  expired: "ลิงก์ชำระเงินนี้หมดอายุแล้ว",
  disabled: "ลิงก์ชำระเงินนี้ไม่สามารถใช้งานได้แล้ว",
  used: "ลิงก์ชำระเงินนี้ได้รับการชำระแล้ว",
  notFoundTitle: "ไม่พบลิงก์ชำระเงิน",
  notFound: "ไม่มีลิงก์ชำระเงินที่ที่อยู่นี้ โปรดตรวจสอบลิงก์ที่คุณได้รับ",
  contactShop: "โปรดติดต่อร้านค้าเพื่อขอลิงก์ใหม่",
  amountError: (min: string, max: string, currency: string) => `โปรดกรอกจำนวนเงินระหว่าง ${min} ถึง ${max} ${currency}`,
  referenceError: (label: string) => `โปรดกรอก “${label}”`,
  goneError: "ไม่สามารถชำระเงินด้วยลิงก์นี้ได้อีกต่อไป โปรดติดต่อร้านค้าเพื่อขอลิงก์ใหม่",
  failedError: "ไม่สามารถเริ่มการชำระเงินได้ โปรดโหลดหน้านี้ใหม่แล้วลองอีกครั้ง",
  networkError: "ไม่สามารถเริ่มการชำระเงินได้ โปรดตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง",
};
