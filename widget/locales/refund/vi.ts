/** The refund mode's texts in Vietnamese (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Hoàn tiền",
  loading: "Đang tải khoản hoàn tiền…",
  heading: (shop: string) => `Hoàn tiền từ ${shop}`,
  youReceive: "Bạn sẽ nhận",
  refundOf: "Hoàn tiền cho:",
  addressLabel: (currency: string) => `Địa chỉ ${currency} của bạn`,
  addressHelp: (currency: string) => `Sao chép địa chỉ nhận từ ví ${currency} của bạn và dán vào đây.`,
  testnetHelp: "Đây là khoản hoàn tiền thử nghiệm: hãy nhập địa chỉ của mạng thử nghiệm.",
  confirmLabel: "Nhập lại cùng địa chỉ",
  confirmHelp: "Địa chỉ này không có mã kiểm tra: nhập hai lần giúp phát hiện lỗi gõ.",
  next: "Tiếp tục",
  confirmHeading: "Kiểm tra địa chỉ",
  confirmQuestion: (amount: string) => `Gửi ${amount} đến địa chỉ này?`,
  cannotChange: "Sau đó không thể thay đổi địa chỉ.",
  send: "Có, gửi đến đây",
  edit: "Đổi địa chỉ",
  submitting: "Đang gửi địa chỉ của bạn…",
  received: "Đã nhận địa chỉ",
  receivedText: (amount: string) => `Cửa hàng sẽ gửi ${amount} đến địa chỉ này:`,
  closed: "Khoản hoàn tiền này đã đóng. Nếu có thắc mắc, hãy liên hệ cửa hàng.",
  expired: "Liên kết hoàn tiền này đã hết hạn. Hãy xin cửa hàng liên kết mới.",
  used: "Địa chỉ cho khoản hoàn tiền này đã được cung cấp. Nếu sai, hãy xin cửa hàng liên kết mới.",
  invalid:
    "Liên kết hoàn tiền này không hợp lệ. Hãy kiểm tra bạn đã mở toàn bộ liên kết, hoặc xin cửa hàng liên kết mới.",
  rateLimited: "Quá nhiều lần thử trong thời gian ngắn. Hãy đợi một phút rồi thử lại.",
  network: "Không thể kết nối tới khoản hoàn tiền. Hãy kiểm tra kết nối internet rồi thử lại.",
  failed: "Đã xảy ra lỗi khi tải khoản hoàn tiền. Vui lòng thử lại.",
  refused: "Cửa hàng không chấp nhận địa chỉ này.",
  empty: "Nhập địa chỉ bạn muốn nhận tiền hoàn.",
  format: (currency: string) => `Đây không phải địa chỉ ${currency}. Hãy sao chép địa chỉ nhận từ ví của bạn.`,
  checksum: "Địa chỉ này có lỗi gõ: mã kiểm tra không khớp. Hãy sao chép và dán từ ví thay vì gõ tay.",
  networkTest: (currency: string) =>
    `Đây là địa chỉ mạng thử nghiệm ${currency}. Hãy nhập địa chỉ từ ví thông thường của bạn.`,
  networkMain: (currency: string) =>
    `Đây là địa chỉ mạng chính ${currency}, nhưng đây là khoản hoàn tiền thử nghiệm. Hãy nhập địa chỉ mạng thử nghiệm.`,
  unsupported: "Loại địa chỉ này chưa thể nhận hoàn tiền. Hãy lấy một địa chỉ nhận khác từ ví của bạn.",
  confirmationMissing: "Nhập địa chỉ lần thứ hai vào ô bên dưới.",
  confirmationDiffers: "Hai địa chỉ khác nhau. Hãy dán cùng một địa chỉ vào cả hai ô.",
};
