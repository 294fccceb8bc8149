/** The receipt page's texts in Korean (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "영수증을 불러오는 중…",
  heading: (shop: string) => `${shop} 영수증`,
  documentTitle: (id: string, shop: string) => `영수증 ${id} – ${shop}`,
  testPayment: "테스트 결제: 실제 돈은 이동하지 않았습니다",
  transaction: "거래",
  transactions: "거래 내역",
  noTransactions: "결제 서비스가 알려 준 거래가 없습니다.",
  confirmedBy: (shop: string) => `결제 서비스가 ${shop}의 결제를 확인했습니다.`,
  print: "인쇄 또는 파일로 저장",
  for: "내용",
  order: "주문",
  price: "가격",
  amountIn: (currency: string) => `${currency} 금액`,
  paid: "결제 금액",
  exchangeRate: "환율",
  confirmed: "확인됨",
  reference: "결제 참조 번호",
  transactionId: "거래 ID",
  amount: "금액",
  state: "상태",
  seen: "감지됨",
  accepted: "확인됨",
  waiting: "대기 중",
  rejected: "거부됨",
  noReceiptTitle: "이 결제에는 영수증이 없습니다",
  noReceipt: (status: string, shop: string) =>
    `이 결제는 확인되지 않은 채 종료되어(상태: ${status}) 영수증이 없습니다. 돈을 보냈다면 결제 참조 번호와 함께 ${shop}에 문의하세요.`,
  notReadyTitle: "영수증이 아직 준비되지 않았습니다",
  notReady: (status: string) =>
    `결제가 확인되면 여기에 영수증이 표시됩니다. 현재 상태는 ${status}입니다. 나중에 이 페이지를 새로고침하고 주소를 보관해 두세요.`,
  notFoundTitle: "영수증을 찾을 수 없습니다",
  notFound:
    "이 주소에서 영수증을 찾을 수 없습니다. # 기호 뒤의 내용까지 포함해 전체 링크를 다시 여세요. 영수증은 받은 링크로만 열립니다.",
  errorTitle: "영수증을 불러오지 못했습니다",
  connectionFailed: "연결에 실패했습니다. 연결 상태를 확인하고 이 페이지를 새로고침하세요.",
  serverError: (status: string) => `서버가 ${status}(으)로 응답했습니다. 잠시 후 이 페이지를 새로고침하세요.`,
};
