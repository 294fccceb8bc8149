/**
 * The refund mode's texts in English (docs/widget.md, "Refund mode"). They live apart from the
 * checkout's catalogs (../en.ts): a checkout never loads them. English is bundled with the refund
 * mode's chunk; each other language is a chunk of its own (index.ts), with the same keys and, for
 * functions, the same parameters. Each address problem says its cause and its fix.
 */
export const refundEn = {
  title: "Refund",
  loading: "Loading the refund…",
  heading: (shop: string) => `Refund from ${shop}`,
  youReceive: "You will receive",
  refundOf: "Refund of:",
  addressLabel: (currency: string) => `Your ${currency} address`,
  addressHelp: (currency: string) => `Copy the receiving address from your ${currency} wallet and paste it here.`,
  testnetHelp: "This is a test refund: give an address of the test network.",
  confirmLabel: "The same address again",
  confirmHelp: "This address has no checksum: entering it twice catches typing mistakes.",
  next: "Continue",
  confirmHeading: "Check the address",
  confirmQuestion: (amount: string) => `Send ${amount} to this address?`,
  cannotChange: "The address cannot be changed afterwards.",
  send: "Yes, send it here",
  edit: "Change the address",
  submitting: "Sending your address…",
  received: "Address received",
  receivedText: (amount: string) => `The shop will send ${amount} to this address:`,
  closed: "This refund is closed. If you have a question, contact the shop.",
  expired: "This refund link has expired. Ask the shop for a new link.",
  used: "An address was already given for this refund. If it is wrong, ask the shop for a new link.",
  invalid: "This refund link is not valid. Check that you opened the whole link, or ask the shop for a new one.",
  rateLimited: "Too many attempts in a short time. Wait a minute, then try again.",
  network: "The refund cannot be reached. Check your internet connection, then try again.",
  failed: "Something went wrong while loading the refund. Please try again.",
  refused: "The shop did not accept this address.",
  empty: "Enter the address where you want to receive the refund.",
  format: (currency: string) =>
    `This is not a ${currency} address. Copy the receiving address from your ${currency} wallet.`,
  checksum:
    "This address contains a typo: its checksum does not match. Copy and paste it from your wallet instead of typing it.",
  networkTest: (currency: string) =>
    `This is a ${currency} test network address. Give an address from your regular ${currency} wallet.`,
  networkMain: (currency: string) =>
    `This is a ${currency} main network address, but this is a test refund. Give a test network address.`,
  unsupported: "This type of address cannot receive refunds yet. Ask your wallet for another receiving address.",
  confirmationMissing: "Enter the address a second time in the field below.",
  confirmationDiffers: "The two addresses differ. Paste the same address into both fields.",
};

export type RefundMessages = typeof refundEn;
