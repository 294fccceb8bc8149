/** The receipt page's texts in Ukrainian (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Завантаження квитанції…",
  heading: (shop: string) => `Квитанція від ${shop}`,
  documentTitle: (id: string, shop: string) => `Квитанція ${id} – ${shop}`,
  testPayment: "Тестовий платіж: справжні гроші не переказувалися",
  transaction: "Транзакція",
  transactions: "Транзакції",
  noTransactions: "Платіжний сервіс не вказав жодної.",
  confirmedBy: (shop: string) => `Платіж підтверджено платіжним сервісом для ${shop}.`,
  print: "Надрукувати або зберегти як файл",
  for: "За",
  order: "Замовлення",
  price: "Ціна",
  amountIn: (currency: string) => `Сума в ${currency}`,
  paid: "Сплачено",
  exchangeRate: "Обмінний курс",
  confirmed: "Підтверджено",
  reference: "Ідентифікатор платежу",
  transactionId: "ID транзакції",
  amount: "Сума",
  state: "Стан",
  seen: "Виявлено",
  accepted: "Підтверджена",
  waiting: "Очікує",
  rejected: "Відхилено",
  noReceiptTitle: "Для цього платежу немає квитанції",
  noReceipt: (status: string, shop: string) =>
    `Цей платіж завершився без підтвердження (його статус: ${status}), тому квитанції немає. Якщо ви надіслали гроші, зверніться до ${shop} і вкажіть ідентифікатор платежу.`,
  notReadyTitle: "Ваша квитанція ще не готова",
  notReady: (status: string) =>
    `Квитанція з’явиться тут, щойно платіж буде підтверджено. Зараз його статус: ${status}. Перезавантажте цю сторінку пізніше та збережіть її адресу.`,
  notFoundTitle: "Квитанцію не знайдено",
  notFound:
    "За цією адресою квитанцію не знайдено. Відкрийте посилання повністю ще раз, разом з усім, що після знака #; квитанцію відкриває лише отримане вами посилання.",
  errorTitle: "Не вдалося завантажити квитанцію",
  connectionFailed: "Не вдалося з’єднатися. Перевірте з’єднання та перезавантажте цю сторінку.",
  serverError: (status: string) => `Сервер відповів ${status}. Перезавантажте цю сторінку трохи згодом.`,
};
