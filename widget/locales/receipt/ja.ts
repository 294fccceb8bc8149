/** The receipt page's texts in Japanese (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "領収書を読み込んでいます…",
  heading: (shop: string) => `${shop} の領収書`,
  documentTitle: (id: string, shop: string) => `領収書 ${id} – ${shop}`,
  testPayment: "テスト支払い：実際のお金は移動していません",
  transaction: "取引",
  transactions: "取引一覧",
  noTransactions: "決済サービスからの取引の記載はありません。",
  confirmedBy: (shop: string) => `決済サービスが ${shop} への支払いを確認しました。`,
  print: "印刷またはファイルに保存",
  for: "内容",
  order: "注文",
  price: "価格",
  amountIn: (currency: string) => `${currency} での金額`,
  paid: "支払額",
  exchangeRate: "為替レート",
  confirmed: "確認日時",
  reference: "支払い参照番号",
  transactionId: "取引 ID",
  amount: "金額",
  state: "状態",
  seen: "検出日時",
  accepted: "確認済み",
  waiting: "待機中",
  rejected: "拒否",
  noReceiptTitle: "この支払いの領収書はありません",
  noReceipt: (status: string, shop: string) =>
    `この支払いは確認されないまま終了したため（状態：${status}）、領収書はありません。送金した場合は、支払い参照番号を添えて ${shop} にお問い合わせください。`,
  notReadyTitle: "領収書はまだ準備できていません",
  notReady: (status: string) =>
    `支払いが確認されると、ここに領収書が表示されます。現在の状態は ${status} です。後でこのページを再読み込みしてください。アドレスは保存しておいてください。`,
  notFoundTitle: "領収書が見つかりません",
  notFound:
    "このアドレスに領収書は見つかりませんでした。# 記号以降もすべて含めて、リンク全体をもう一度開いてください。領収書は受け取ったリンクでのみ開けます。",
  errorTitle: "領収書を読み込めませんでした",
  connectionFailed: "接続に失敗しました。接続を確認して、このページを再読み込みしてください。",
  serverError: (status: string) =>
    `サーバーが ${status} を返しました。しばらくしてからこのページを再読み込みしてください。`,
};
