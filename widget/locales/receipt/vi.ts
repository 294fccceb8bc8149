/** The receipt page's texts in Vietnamese (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Đang tải biên nhận…",
  heading: (shop: string) => `Biên nhận từ ${shop}`,
  documentTitle: (id: string, shop: string) => `Biên nhận ${id} – ${shop}`,
  testPayment: "Thanh toán thử nghiệm: không có tiền thật được chuyển",
  transaction: "Giao dịch",
  transactions: "Các giao dịch",
  noTransactions: "Dịch vụ thanh toán không liệt kê giao dịch nào.",
  confirmedBy: (shop: string) => `Thanh toán đã được dịch vụ thanh toán xác nhận cho ${shop}.`,
  print: "In hoặc lưu thành tệp",
  for: "Nội dung",
  order: "Đơn hàng",
  price: "Giá",
  amountIn: (currency: string) => `Số tiền bằng ${currency}`,
  paid: "Đã thanh toán",
  exchangeRate: "Tỷ giá",
  confirmed: "Đã xác nhận",
  reference: "Mã tham chiếu thanh toán",
  transactionId: "Mã giao dịch",
  amount: "Số tiền",
  state: "Trạng thái",
  seen: "Đã phát hiện",
  accepted: "Đã xác nhận",
  waiting: "Đang chờ",
  rejected: "Bị từ chối",
  noReceiptTitle: "Không có biên nhận cho khoản thanh toán này",
  noReceipt: (status: string, shop: string) =>
    `Khoản thanh toán này đã kết thúc mà không được xác nhận (trạng thái: ${status}), nên không có biên nhận. Nếu bạn đã gửi tiền, hãy liên hệ ${shop} kèm mã tham chiếu thanh toán.`,
  notReadyTitle: "Biên nhận của bạn chưa sẵn sàng",
  notReady: (status: string) =>
    `Biên nhận sẽ xuất hiện ở đây khi khoản thanh toán được xác nhận. Trạng thái hiện tại: ${status}. Hãy tải lại trang này sau và giữ lại địa chỉ của nó.`,
  notFoundTitle: "Không tìm thấy biên nhận",
  notFound:
    "Không tìm thấy biên nhận nào tại địa chỉ này. Hãy mở lại toàn bộ liên kết, kể cả mọi thứ sau dấu #; chỉ liên kết bạn nhận được mới mở được biên nhận.",
  errorTitle: "Không thể tải biên nhận",
  connectionFailed: "Kết nối thất bại. Hãy kiểm tra kết nối và tải lại trang này.",
  serverError: (status: string) => `Máy chủ trả lời ${status}. Hãy tải lại trang này sau ít phút.`,
};
