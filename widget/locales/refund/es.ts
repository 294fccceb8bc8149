/** The refund mode's texts in Spanish (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Reembolso",
  loading: "Cargando el reembolso…",
  heading: (shop: string) => `Reembolso de ${shop}`,
  youReceive: "Recibirás",
  refundOf: "Reembolso de:",
  addressLabel: (currency: string) => `Tu dirección de ${currency}`,
  addressHelp: (currency: string) => `Copia la dirección de recepción de tu monedero de ${currency} y pégala aquí.`,
  testnetHelp: "Este es un reembolso de prueba: indica una dirección de la red de pruebas.",
  confirmLabel: "La misma dirección otra vez",
  confirmHelp: "Esta dirección no tiene suma de verificación: escribirla dos veces detecta errores de tecleo.",
  next: "Continuar",
  confirmHeading: "Comprueba la dirección",
  confirmQuestion: (amount: string) => `¿Enviar ${amount} a esta dirección?`,
  cannotChange: "La dirección no se podrá cambiar después.",
  send: "Sí, enviar aquí",
  edit: "Cambiar la dirección",
  submitting: "Enviando tu dirección…",
  received: "Dirección recibida",
  receivedText: (amount: string) => `La tienda enviará ${amount} a esta dirección:`,
  closed: "Este reembolso está cerrado. Si tienes alguna pregunta, contacta con la tienda.",
  expired: "Este enlace de reembolso ha caducado. Pide un enlace nuevo a la tienda.",
  used: "Ya se indicó una dirección para este reembolso. Si es incorrecta, pide un enlace nuevo a la tienda.",
  invalid:
    "Este enlace de reembolso no es válido. Comprueba que abriste el enlace completo o pide uno nuevo a la tienda.",
  rateLimited: "Demasiados intentos en poco tiempo. Espera un minuto y vuelve a intentarlo.",
  network: "No se puede acceder al reembolso. Comprueba tu conexión a internet y vuelve a intentarlo.",
  failed: "Algo salió mal al cargar el reembolso. Inténtalo de nuevo.",
  refused: "La tienda no aceptó esta dirección.",
  empty: "Escribe la dirección en la que quieres recibir el reembolso.",
  format: (currency: string) =>
    `Esta no es una dirección de ${currency}. Copia la dirección de recepción de tu monedero.`,
  checksum:
    "Esta dirección tiene un error de tecleo: su suma de verificación no coincide. Cópiala y pégala desde tu monedero en lugar de escribirla.",
  networkTest: (currency: string) =>
    `Esta es una dirección de la red de pruebas de ${currency}. Indica una dirección de tu monedero habitual.`,
  networkMain: (currency: string) =>
    `Esta es una dirección de la red principal de ${currency}, pero este reembolso es de prueba. Indica una dirección de la red de pruebas.`,
  unsupported:
    "Este tipo de dirección aún no puede recibir reembolsos. Pide otra dirección de recepción a tu monedero.",
  confirmationMissing: "Escribe la dirección por segunda vez en el campo de abajo.",
  confirmationDiffers: "Las dos direcciones son distintas. Pega la misma dirección en ambos campos.",
};
