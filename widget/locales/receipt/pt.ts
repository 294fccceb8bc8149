/** The receipt page's texts in Portuguese, written for Brazil (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Carregando o recibo…",
  heading: (shop: string) => `Recibo de ${shop}`,
  documentTitle: (id: string, shop: string) => `Recibo ${id} – ${shop}`,
  testPayment: "Pagamento de teste: nenhum dinheiro real foi movimentado",
  transaction: "Transação",
  transactions: "Transações",
  noTransactions: "O serviço de pagamento não listou nenhuma.",
  confirmedBy: (shop: string) => `Pagamento confirmado pelo serviço de pagamento para ${shop}.`,
  print: "Imprimir ou salvar como arquivo",
  for: "Referente a",
  order: "Pedido",
  price: "Preço",
  amountIn: (currency: string) => `Valor em ${currency}`,
  paid: "Pago",
  exchangeRate: "Taxa de câmbio",
  confirmed: "Confirmado",
  reference: "Referência do pagamento",
  transactionId: "ID da transação",
  amount: "Valor",
  state: "Situação",
  seen: "Detectada",
  accepted: "Confirmada",
  waiting: "Aguardando",
  rejected: "Rejeitada",
  noReceiptTitle: "Não há recibo para este pagamento",
  noReceipt: (status: string, shop: string) =>
    `Este pagamento terminou sem ser confirmado (sua situação é ${status}), por isso não tem recibo. Se você enviou dinheiro, entre em contato com ${shop} informando a referência do pagamento.`,
  notReadyTitle: "Seu recibo ainda não está pronto",
  notReady: (status: string) =>
    `O recibo aparece aqui assim que o pagamento for confirmado. A situação atual é ${status}. Recarregue esta página mais tarde e guarde o endereço dela.`,
  notFoundTitle: "Recibo não encontrado",
  notFound:
    "Nenhum recibo foi encontrado neste endereço. Abra novamente o link completo, incluindo tudo o que vem depois do sinal #; só o link que você recebeu abre o recibo.",
  errorTitle: "Não foi possível carregar o recibo",
  connectionFailed: "A conexão falhou. Verifique sua conexão e recarregue esta página.",
  serverError: (status: string) => `O servidor respondeu ${status}. Recarregue esta página daqui a pouco.`,
};
