/** The receipt page's texts in Traditional Chinese (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "正在載入收據…",
  heading: (shop: string) => `${shop} 的收據`,
  documentTitle: (id: string, shop: string) => `收據 ${id} – ${shop}`,
  testPayment: "測試付款：沒有真實資金移轉",
  transaction: "交易",
  transactions: "交易紀錄",
  noTransactions: "付款服務未列出任何交易。",
  confirmedBy: (shop: string) => `付款服務已為 ${shop} 確認此筆付款。`,
  print: "列印或儲存為檔案",
  for: "用途",
  order: "訂單",
  price: "價格",
  amountIn: (currency: string) => `${currency} 金額`,
  paid: "已付",
  exchangeRate: "匯率",
  confirmed: "確認時間",
  reference: "付款參考編號",
  transactionId: "交易 ID",
  amount: "金額",
  state: "狀態",
  seen: "偵測時間",
  waiting: "等待中",
  rejected: "已拒絕",
  noReceiptTitle: "此筆付款沒有收據",
  noReceipt: (status: string, shop: string) =>
    `此筆付款未經確認即已結束（狀態為 ${status}），因此沒有收據。如果您已匯款，請憑付款參考編號聯絡 ${shop}。`,
  notReadyTitle: "您的收據尚未準備好",
  notReady: (status: string) =>
    `付款確認後，收據會顯示在這裡。目前狀態為 ${status}。請稍後重新載入此頁面，並保留其網址。`,
  notFoundTitle: "找不到收據",
  notFound: "此網址找不到收據。請重新開啟完整連結，包括 # 符號之後的所有內容；只有您收到的連結才能開啟收據。",
  errorTitle: "無法載入收據",
  connectionFailed: "連線失敗。請檢查網路連線並重新載入此頁面。",
  serverError: (status: string) => `伺服器回應 ${status}。請稍後重新載入此頁面。`,
};
