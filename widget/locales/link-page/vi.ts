/** The payment link page's texts in Vietnamese (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Số tiền (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Từ ${min} đến ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} đến ${max} ${currency}`,
  anyAmount: (range: string) => `Số tiền tùy chọn từ ${range}`,
  optional: (label: string) => `${label} (không bắt buộc)`,
  payWith: "Thanh toán bằng",
  continue: "Tiếp tục thanh toán",
  needsScript: "Trang này cần JavaScript để nhận thanh toán.",
  linkHeading: "Liên kết thanh toán",
  expired: "Liên kết thanh toán này đã hết hạn.",
  disabled: "Liên kết thanh toán này không còn hoạt động.",
  used: "Liên kết thanh toán này đã được thanh toán.",
  notFoundTitle: "Không tìm thấy liên kết thanh toán",
  notFound: "Không có liên kết thanh toán nào tại địa chỉ này. Hãy kiểm tra liên kết bạn nhận được.",
  contactShop: "Hãy liên hệ cửa hàng để nhận liên kết mới.",
  amountError: (min: string, max: string, currency: string) => `Nhập số tiền từ ${min} đến ${max} ${currency}.`,
  referenceError: (label: string) => `Hãy điền “${label}”.`,
  goneError: "Không thể thanh toán qua liên kết này nữa. Hãy liên hệ cửa hàng để nhận liên kết mới.",
  failedError: "Không thể bắt đầu thanh toán. Hãy tải lại trang và thử lại.",
  networkError: "Không thể bắt đầu thanh toán. Hãy kiểm tra kết nối và thử lại.",
};
