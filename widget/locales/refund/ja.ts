/** The refund mode's texts in Japanese (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "返金",
  loading: "返金を読み込んでいます…",
  heading: (shop: string) => `${shop} からの返金`,
  youReceive: "受け取る金額",
  refundOf: "返金額：",
  addressLabel: (currency: string) => `あなたの ${currency} アドレス`,
  addressHelp: (currency: string) => `${currency} ウォレットの受取アドレスをコピーして、ここに貼り付けてください。`,
  testnetHelp: "これはテスト返金です。テストネットワークのアドレスを入力してください。",
  confirmLabel: "同じアドレスをもう一度",
  confirmHelp: "このアドレスにはチェックサムがありません。2回入力することで入力ミスを防ぎます。",
  next: "次へ",
  confirmHeading: "アドレスを確認してください",
  confirmQuestion: (amount: string) => `${amount} をこのアドレスに送金しますか？`,
  cannotChange: "アドレスは後から変更できません。",
  send: "はい、ここに送金します",
  edit: "アドレスを変更",
  submitting: "アドレスを送信しています…",
  received: "アドレスを受け付けました",
  receivedText: (amount: string) => `ショップは ${amount} を次のアドレスに送金します：`,
  closed: "この返金は終了しています。ご質問はショップにお問い合わせください。",
  expired: "この返金リンクは有効期限が切れています。ショップに新しいリンクを依頼してください。",
  used: "この返金には既にアドレスが入力されています。間違っている場合は、ショップに新しいリンクを依頼してください。",
  invalid: "この返金リンクは無効です。リンク全体を開いたか確認するか、ショップに新しいリンクを依頼してください。",
  rateLimited: "短時間に試行回数が多すぎます。1分待ってから、もう一度お試しください。",
  network: "返金に接続できません。インターネット接続を確認して、もう一度お試しください。",
  failed: "返金の読み込み中に問題が発生しました。もう一度お試しください。",
  refused: "ショップはこのアドレスを受け付けませんでした。",
  empty: "返金を受け取るアドレスを入力してください。",
  format: (currency: string) =>
    `これは ${currency} のアドレスではありません。ウォレットの受取アドレスをコピーしてください。`,
  checksum:
    "このアドレスには入力ミスがあります（チェックサムが一致しません）。手入力せず、ウォレットからコピーして貼り付けてください。",
  networkTest: (currency: string) =>
    `これは ${currency} のテストネットワークのアドレスです。通常のウォレットのアドレスを入力してください。`,
  networkMain: (currency: string) =>
    `これは ${currency} のメインネットワークのアドレスですが、この返金はテストです。テストネットワークのアドレスを入力してください。`,
  unsupported: "この種類のアドレスにはまだ返金できません。ウォレットで別の受取アドレスを取得してください。",
  confirmationMissing: "下の欄にアドレスをもう一度入力してください。",
  confirmationDiffers: "2つのアドレスが異なります。両方の欄に同じアドレスを貼り付けてください。",
};
