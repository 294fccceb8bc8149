/** The payment link page's texts in Traditional Chinese (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `金額（${currency}）`,
  amountHint: (min: string, max: string, currency: string) => `${min} 至 ${max} ${currency} 之間`,
  range: (min: string, max: string, currency: string) => `${min} 至 ${max} ${currency}`,
  anyAmount: (range: string) => `任意金額：${range}`,
  optional: (label: string) => `${label}（選填）`,
  payWith: "付款方式",
  continue: "繼續付款",
  needsScript: "此頁面需要 JavaScript 才能收款。",
  linkHeading: "付款連結",
  expired: "此付款連結已過期。",
  disabled: "此付款連結已停用。",
  used: "此付款連結已完成付款。",
  notFoundTitle: "找不到付款連結",
  notFound: "此網址沒有付款連結。請檢查您收到的連結。",
  contactShop: "請聯絡商店取得新連結。",
  amountError: (min: string, max: string, currency: string) => `請輸入 ${min} 至 ${max} ${currency} 之間的金額。`,
  referenceError: (label: string) => `請填寫「${label}」。`,
  goneError: "此付款連結已無法付款。請聯絡商店取得新連結。",
  failedError: "無法開始付款。請重新載入頁面後再試一次。",
  networkError: "無法開始付款。請檢查網路連線後再試一次。",
};
