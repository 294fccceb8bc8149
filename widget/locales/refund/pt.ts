/** The refund mode's texts in Portuguese (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Reembolso",
  loading: "Carregando o reembolso…",
  heading: (shop: string) => `Reembolso de ${shop}`,
  youReceive: "Você vai receber",
  refundOf: "Reembolso de:",
  addressLabel: (currency: string) => `Seu endereço ${currency}`,
  addressHelp: (currency: string) => `Copie o endereço de recebimento da sua carteira ${currency} e cole-o aqui.`,
  testnetHelp: "Este é um reembolso de teste: informe um endereço da rede de teste.",
  confirmLabel: "O mesmo endereço novamente",
  confirmHelp: "Este endereço não tem soma de verificação: digitá-lo duas vezes detecta erros de digitação.",
  next: "Continuar",
  confirmHeading: "Confira o endereço",
  confirmQuestion: (amount: string) => `Enviar ${amount} para este endereço?`,
  cannotChange: "O endereço não poderá ser alterado depois.",
  send: "Sim, enviar para cá",
  edit: "Alterar o endereço",
  submitting: "Enviando seu endereço…",
  received: "Endereço recebido",
  receivedText: (amount: string) => `A loja enviará ${amount} para este endereço:`,
  closed: "Este reembolso está encerrado. Em caso de dúvida, fale com a loja.",
  expired: "Este link de reembolso expirou. Peça um novo link à loja.",
  used: "Já foi informado um endereço para este reembolso. Se estiver errado, peça um novo link à loja.",
  invalid: "Este link de reembolso não é válido. Verifique se abriu o link inteiro ou peça um novo à loja.",
  rateLimited: "Tentativas demais em pouco tempo. Aguarde um minuto e tente novamente.",
  network: "Não foi possível acessar o reembolso. Verifique sua conexão com a internet e tente novamente.",
  failed: "Algo deu errado ao carregar o reembolso. Tente novamente.",
  refused: "A loja não aceitou este endereço.",
  empty: "Informe o endereço em que você quer receber o reembolso.",
  format: (currency: string) => `Este não é um endereço ${currency}. Copie o endereço de recebimento da sua carteira.`,
  checksum:
    "Este endereço tem um erro de digitação: a soma de verificação não confere. Copie e cole da sua carteira em vez de digitar.",
  networkTest: (currency: string) =>
    `Este é um endereço da rede de teste ${currency}. Informe um endereço da sua carteira normal.`,
  networkMain: (currency: string) =>
    `Este é um endereço da rede principal ${currency}, mas este reembolso é um teste. Informe um endereço da rede de teste.`,
  unsupported:
    "Este tipo de endereço ainda não pode receber reembolsos. Peça outro endereço de recebimento à sua carteira.",
  confirmationMissing: "Digite o endereço uma segunda vez no campo abaixo.",
  confirmationDiffers: "Os dois endereços são diferentes. Cole o mesmo endereço nos dois campos.",
};
