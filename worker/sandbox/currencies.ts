import type { Currency } from "../v3/types.js";

/** A currency the sandbox knows: the spec's four flags plus what the sandbox needs to compute. */
export interface CurrencyInfo extends Currency {
  /** Decimal places amounts are rounded to. */
  decimals: number;
  /** Crypto only: bech32 human-readable part of testnet addresses and the BIP21 URI scheme. */
  testnet?: { hrp: string; uriScheme: string; minPayout: string };
}

export const CURRENCIES: readonly CurrencyInfo[] = [
  {
    code: "BTC",
    name: "Bitcoin",
    decimals: 8,
    paymentPriceEnabled: false,
    paymentTransferEnabled: true,
    payoutTransferEnabled: true,
    payoutPriceEnabled: true,
    testnet: { hrp: "tb", uriScheme: "bitcoin", minPayout: "0.0001" },
  },
  {
    code: "LTC",
    name: "Litecoin",
    decimals: 8,
    paymentPriceEnabled: false,
    paymentTransferEnabled: true,
    payoutTransferEnabled: true,
    payoutPriceEnabled: true,
    testnet: { hrp: "tltc", uriScheme: "litecoin", minPayout: "0.01" },
  },
  {
    code: "EUR",
    name: "Euro",
    decimals: 2,
    paymentPriceEnabled: true,
    paymentTransferEnabled: false,
    payoutTransferEnabled: false,
    payoutPriceEnabled: true,
  },
  {
    code: "USD",
    name: "US Dollar",
    decimals: 2,
    paymentPriceEnabled: true,
    paymentTransferEnabled: false,
    payoutTransferEnabled: false,
    payoutPriceEnabled: true,
  },
];

export function currencyInfo(code: string): CurrencyInfo | undefined {
  return CURRENCIES.find((c) => c.code === code);
}

/** The spec's CurrencyResponseV3 (exactly its six fields). */
export function currencyResponse(c: CurrencyInfo): Currency {
  return {
    code: c.code,
    name: c.name,
    paymentPriceEnabled: c.paymentPriceEnabled,
    paymentTransferEnabled: c.paymentTransferEnabled,
    payoutTransferEnabled: c.payoutTransferEnabled,
    payoutPriceEnabled: c.payoutPriceEnabled,
  };
}
