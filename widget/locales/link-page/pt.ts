/** The payment link page's texts in Portuguese, written for Brazil (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Valor (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Entre ${min} e ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} a ${max} ${currency}`,
  anyAmount: (range: string) => `Qualquer valor de ${range}`,
  optional: (label: string) => `${label} (opcional)`,
  payWith: "Pagar com",
  continue: "Continuar para o pagamento",
  needsScript: "Esta página precisa de JavaScript para receber o pagamento.",
  linkHeading: "Link de pagamento",
  expired: "Este link de pagamento expirou.",
  disabled: "Este link de pagamento não está mais ativo.",
  used: "Este link de pagamento já foi pago.",
  notFoundTitle: "Link de pagamento não encontrado",
  notFound: "Não há nenhum link de pagamento neste endereço. Confira o link que você recebeu.",
  contactShop: "Peça um novo link à loja.",
  amountError: (min: string, max: string, currency: string) => `Informe um valor entre ${min} e ${max} ${currency}.`,
  referenceError: (label: string) => `Preencha “${label}”.`,
  goneError: "Este link de pagamento não pode mais ser pago. Peça um novo link à loja.",
  failedError: "Não foi possível iniciar o pagamento. Recarregue a página e tente novamente.",
  networkError: "Não foi possível iniciar o pagamento. Verifique sua conexão e tente novamente.",
};
