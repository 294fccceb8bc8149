/** The payment link page's texts in Russian (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Сумма (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `От ${min} до ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `от ${min} до ${max} ${currency}`,
  anyAmount: (range: string) => `Любая сумма ${range}`,
  optional: (label: string) => `${label} (необязательно)`,
  payWith: "Оплатить с помощью",
  continue: "Перейти к оплате",
  needsScript: "Для приёма платежа этой странице нужен JavaScript.",
  linkHeading: "Платёжная ссылка",
  expired: "Срок действия этой платёжной ссылки истёк.",
  disabled: "Эта платёжная ссылка больше не действует.",
  used: "Эта платёжная ссылка уже оплачена.",
  notFoundTitle: "Платёжная ссылка не найдена",
  notFound: "По этому адресу нет платёжной ссылки. Проверьте ссылку, которую вам прислали.",
  contactShop: "Попросите магазин прислать новую ссылку.",
  amountError: (min: string, max: string, currency: string) => `Введите сумму от ${min} до ${max} ${currency}.`,
  referenceError: (label: string) => `Заполните поле «${label}».`,
  goneError: "Эту платёжную ссылку больше нельзя оплатить. Попросите магазин прислать новую ссылку.",
  failedError: "Не удалось начать платёж. Перезагрузите страницу и попробуйте ещё раз.",
  networkError: "Не удалось начать платёж. Проверьте подключение и попробуйте ещё раз.",
};
