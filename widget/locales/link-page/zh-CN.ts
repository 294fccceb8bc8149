/** The payment link page's texts in Simplified Chinese (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `金额（${currency}）`,
  amountHint: (min: string, max: string, currency: string) => `${min} 至 ${max} ${currency} 之间`,
  range: (min: string, max: string, currency: string) => `${min} 至 ${max} ${currency}`,
  anyAmount: (range: string) => `任意金额：${range}`,
  optional: (label: string) => `${label}（选填）`,
  payWith: "支付方式",
  continue: "继续付款",
  needsScript: "此页面需要 JavaScript 才能收款。",
  linkHeading: "付款链接",
  expired: "此付款链接已过期。",
  disabled: "此付款链接已停用。",
  used: "此付款链接已付款。",
  notFoundTitle: "未找到付款链接",
  notFound: "此地址没有付款链接。请检查您收到的链接。",
  contactShop: "请联系商店获取新链接。",
  amountError: (min: string, max: string, currency: string) => `请输入 ${min} 至 ${max} ${currency} 之间的金额。`,
  referenceError: (label: string) => `请填写“${label}”。`,
  goneError: "此付款链接已无法付款。请联系商店获取新链接。",
  failedError: "无法发起付款。请重新加载页面后再试。",
  networkError: "无法发起付款。请检查网络连接后再试。",
};
