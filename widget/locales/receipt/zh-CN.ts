/** The receipt page's texts in Simplified Chinese (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "正在加载收据…",
  heading: (shop: string) => `${shop} 的收据`,
  documentTitle: (id: string, shop: string) => `收据 ${id} – ${shop}`,
  testPayment: "测试付款：没有真实资金转移",
  transaction: "交易",
  transactions: "交易记录",
  noTransactions: "支付服务未列出任何交易。",
  confirmedBy: (shop: string) => `支付服务已为 ${shop} 确认此付款。`,
  print: "打印或保存为文件",
  for: "用途",
  order: "订单",
  price: "价格",
  amountIn: (currency: string) => `${currency} 金额`,
  paid: "已付",
  exchangeRate: "汇率",
  confirmed: "确认时间",
  reference: "付款参考号",
  transactionId: "交易 ID",
  amount: "金额",
  state: "状态",
  seen: "发现时间",
  waiting: "等待中",
  rejected: "已拒绝",
  noReceiptTitle: "此付款没有收据",
  noReceipt: (status: string, shop: string) =>
    `此付款未经确认即已结束（状态为 ${status}），因此没有收据。如果您已汇款，请凭付款参考号联系 ${shop}。`,
  notReadyTitle: "您的收据尚未生成",
  notReady: (status: string) =>
    `付款确认后，收据将显示在这里。当前状态为 ${status}。请稍后重新加载此页面，并保存其地址。`,
  notFoundTitle: "未找到收据",
  notFound: "此地址没有找到收据。请重新打开完整链接，包括 # 号之后的全部内容；只有您收到的链接才能打开收据。",
  errorTitle: "无法加载收据",
  connectionFailed: "连接失败。请检查网络连接并重新加载此页面。",
  serverError: (status: string) => `服务器返回 ${status}。请稍后重新加载此页面。`,
};
