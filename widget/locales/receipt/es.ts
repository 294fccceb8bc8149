/** The receipt page's texts in Spanish (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Cargando el recibo…",
  heading: (shop: string) => `Recibo de ${shop}`,
  documentTitle: (id: string, shop: string) => `Recibo ${id} – ${shop}`,
  testPayment: "Pago de prueba: no se ha movido dinero real",
  transaction: "Transacción",
  transactions: "Transacciones",
  noTransactions: "El servicio de pago no indicó ninguna.",
  confirmedBy: (shop: string) => `Pago confirmado por el servicio de pago para ${shop}.`,
  print: "Imprimir o guardar como archivo",
  for: "Concepto",
  order: "Pedido",
  price: "Precio",
  amountIn: (currency: string) => `Importe en ${currency}`,
  paid: "Pagado",
  exchangeRate: "Tipo de cambio",
  confirmed: "Confirmado",
  reference: "Referencia del pago",
  transactionId: "ID de transacción",
  amount: "Importe",
  state: "Estado",
  seen: "Detectada",
  accepted: "Confirmada",
  waiting: "En espera",
  rejected: "Rechazada",
  noReceiptTitle: "No hay recibo para este pago",
  noReceipt: (status: string, shop: string) =>
    `Este pago terminó sin confirmarse (su estado es ${status}), así que no tiene recibo. Si enviaste dinero, ponte en contacto con ${shop} indicando la referencia del pago.`,
  notReadyTitle: "Tu recibo aún no está listo",
  notReady: (status: string) =>
    `El recibo aparecerá aquí cuando se confirme el pago. Su estado actual es ${status}. Vuelve a cargar esta página más tarde y guarda su dirección.`,
  notFoundTitle: "Recibo no encontrado",
  notFound:
    "No se encontró ningún recibo en esta dirección. Vuelve a abrir el enlace completo, incluido todo lo que va después del signo #; solo el enlace que recibiste abre el recibo.",
  errorTitle: "No se pudo cargar el recibo",
  connectionFailed: "Falló la conexión. Comprueba tu conexión y vuelve a cargar esta página.",
  serverError: (status: string) => `El servidor respondió ${status}. Vuelve a cargar esta página en un momento.`,
};
