/** The receipt page's texts in Russian (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Загрузка квитанции…",
  heading: (shop: string) => `Квитанция от ${shop}`,
  documentTitle: (id: string, shop: string) => `Квитанция ${id} – ${shop}`,
  testPayment: "Тестовый платёж: реальные деньги не переводились",
  transaction: "Транзакция",
  transactions: "Транзакции",
  noTransactions: "Платёжный сервис не указал ни одной.",
  confirmedBy: (shop: string) => `Платёж подтверждён платёжным сервисом для ${shop}.`,
  print: "Распечатать или сохранить в файл",
  for: "За",
  order: "Заказ",
  price: "Цена",
  amountIn: (currency: string) => `Сумма в ${currency}`,
  paid: "Оплачено",
  exchangeRate: "Обменный курс",
  confirmed: "Подтверждено",
  reference: "Идентификатор платежа",
  transactionId: "ID транзакции",
  amount: "Сумма",
  state: "Состояние",
  seen: "Обнаружена",
  accepted: "Подтверждена",
  waiting: "Ожидает",
  rejected: "Отклонена",
  noReceiptTitle: "Для этого платежа нет квитанции",
  noReceipt: (status: string, shop: string) =>
    `Этот платёж завершился без подтверждения (его статус: ${status}), поэтому квитанции нет. Если вы отправили деньги, свяжитесь с ${shop} и укажите идентификатор платежа.`,
  notReadyTitle: "Ваша квитанция ещё не готова",
  notReady: (status: string) =>
    `Квитанция появится здесь, когда платёж будет подтверждён. Сейчас его статус: ${status}. Перезагрузите эту страницу позже и сохраните её адрес.`,
  notFoundTitle: "Квитанция не найдена",
  notFound:
    "По этому адресу квитанция не найдена. Откройте ссылку целиком ещё раз, включая всё после знака #; квитанцию открывает только полученная вами ссылка.",
  errorTitle: "Не удалось загрузить квитанцию",
  connectionFailed: "Не удалось подключиться. Проверьте подключение и перезагрузите эту страницу.",
  serverError: (status: string) => `Сервер ответил ${status}. Перезагрузите эту страницу чуть позже.`,
};
