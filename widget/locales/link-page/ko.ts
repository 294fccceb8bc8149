/** The payment link page's texts in Korean (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `금액(${currency})`,
  amountHint: (min: string, max: string, currency: string) => `${min}~${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min}~${max} ${currency}`,
  anyAmount: (range: string) => `원하는 금액: ${range}`,
  optional: (label: string) => `${label}(선택 사항)`,
  payWith: "결제 수단",
  continue: "결제 계속하기",
  needsScript: "이 페이지에서 결제를 받으려면 JavaScript가 필요합니다.",
  linkHeading: "결제 링크",
  expired: "이 결제 링크는 만료되었습니다.",
  disabled: "이 결제 링크는 더 이상 사용할 수 없습니다.",
  used: "이 결제 링크는 이미 결제되었습니다.",
  notFoundTitle: "결제 링크를 찾을 수 없습니다",
  notFound: "이 주소에는 결제 링크가 없습니다. 받은 링크를 확인하세요.",
  contactShop: "새 링크는 상점에 문의하세요.",
  amountError: (min: string, max: string, currency: string) => `${min}~${max} ${currency} 사이의 금액을 입력하세요.`,
  referenceError: (label: string) => `‘${label}’ 항목을 입력하세요.`,
  goneError: "이 결제 링크로는 더 이상 결제할 수 없습니다. 새 링크는 상점에 문의하세요.",
  failedError: "결제를 시작하지 못했습니다. 페이지를 새로고침한 후 다시 시도하세요.",
  networkError: "결제를 시작하지 못했습니다. 연결 상태를 확인한 후 다시 시도하세요.",
};
