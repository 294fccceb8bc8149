/** The payment link page's texts in Ukrainian (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Сума (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Від ${min} до ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `від ${min} до ${max} ${currency}`,
  anyAmount: (range: string) => `Будь-яка сума ${range}`,
  optional: (label: string) => `${label} (необов’язково)`,
  payWith: "Оплатити за допомогою",
  continue: "Перейти до оплати",
  needsScript: "Щоб прийняти платіж, цій сторінці потрібен JavaScript.",
  linkHeading: "Платіжне посилання",
  expired: "Термін дії цього платіжного посилання минув.",
  disabled: "Це платіжне посилання більше не активне.",
  used: "Це платіжне посилання вже оплачено.",
  notFoundTitle: "Платіжне посилання не знайдено",
  notFound: "За цією адресою немає платіжного посилання. Перевірте посилання, яке вам надіслали.",
  contactShop: "Попросіть магазин надіслати нове посилання.",
  amountError: (min: string, max: string, currency: string) => `Введіть суму від ${min} до ${max} ${currency}.`,
  referenceError: (label: string) => `Заповніть поле «${label}».`,
  goneError: "Це платіжне посилання більше не можна оплатити. Попросіть магазин надіслати нове посилання.",
  failedError: "Не вдалося розпочати платіж. Перезавантажте сторінку та спробуйте ще раз.",
  networkError: "Не вдалося розпочати платіж. Перевірте з’єднання та спробуйте ще раз.",
};
