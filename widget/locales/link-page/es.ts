/** The payment link page's texts in Spanish (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Importe (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Entre ${min} y ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} a ${max} ${currency}`,
  anyAmount: (range: string) => `Cualquier importe de ${range}`,
  optional: (label: string) => `${label} (opcional)`,
  payWith: "Pagar con",
  continue: "Continuar al pago",
  needsScript: "Esta página necesita JavaScript para recibir el pago.",
  linkHeading: "Enlace de pago",
  expired: "Este enlace de pago ha caducado.",
  disabled: "Este enlace de pago ya no está activo.",
  used: "Este enlace de pago ya se ha pagado.",
  notFoundTitle: "Enlace de pago no encontrado",
  notFound: "No hay ningún enlace de pago en esta dirección. Comprueba el enlace que te enviaron.",
  contactShop: "Pide a la tienda un enlace nuevo.",
  amountError: (min: string, max: string, currency: string) =>
    `Introduce un importe entre ${min} y ${max} ${currency}.`,
  referenceError: (label: string) => `Rellena «${label}».`,
  goneError: "Este enlace de pago ya no se puede pagar. Pide a la tienda un enlace nuevo.",
  failedError: "No se pudo iniciar el pago. Recarga la página e inténtalo de nuevo.",
  networkError: "No se pudo iniciar el pago. Comprueba tu conexión e inténtalo de nuevo.",
};
