/** The payment link page's texts in Japanese (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `金額（${currency}）`,
  amountHint: (min: string, max: string, currency: string) => `${min}〜${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min}〜${max} ${currency}`,
  anyAmount: (range: string) => `任意の金額（${range}）`,
  optional: (label: string) => `${label}（任意）`,
  payWith: "支払い方法",
  continue: "支払いへ進む",
  needsScript: "このページで支払いを受け付けるには JavaScript が必要です。",
  linkHeading: "支払いリンク",
  expired: "この支払いリンクは有効期限が切れています。",
  disabled: "この支払いリンクは無効になっています。",
  used: "この支払いリンクは支払い済みです。",
  notFoundTitle: "支払いリンクが見つかりません",
  notFound: "このアドレスに支払いリンクはありません。受け取ったリンクを確認してください。",
  contactShop: "新しいリンクはショップにお問い合わせください。",
  amountError: (min: string, max: string, currency: string) => `${min}〜${max} ${currency} の金額を入力してください。`,
  referenceError: (label: string) => `「${label}」を入力してください。`,
  goneError: "この支払いリンクではもう支払えません。新しいリンクはショップにお問い合わせください。",
  failedError: "支払いを開始できませんでした。ページを再読み込みして、もう一度お試しください。",
  networkError: "支払いを開始できませんでした。接続を確認して、もう一度お試しください。",
};
