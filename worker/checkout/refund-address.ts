/**
 * Is this a destination address a refund may be sent to, in this currency and network? Pure, and
 * shared by the Worker and the element (the refund page asks the customer for an address): it
 * imports no Worker code, only @scure/base (bech32, bech32m, base58) and @noble/hashes (SHA-256,
 * Keccak-256), so the element can load it in a chunk of its own. docs/refunds.md, "Addresses".
 *
 * - BTC and LTC: SegWit addresses (BIP-173 bech32 for witness version 0, BIP-350 bech32m for 1+)
 *   and legacy base58check addresses (P2PKH, P2SH), each checked against its checksum and against
 *   the network's prefixes (mainnet in production, testnet in the sandbox). Of the witness
 *   versions only 0 (20 or 32 bytes) and 1 (32 bytes, Taproot) are taken: later versions are
 *   valid encodings but not spendable outputs yet, so money sent there could be lost.
 * - ETH: 0x and 40 hex digits; a mixed-case address must carry a valid EIP-55 checksum. An
 *   all-lowercase or all-uppercase address is valid but carries no checksum (EIP-55 says so), so
 *   it is taken only when entered twice, like the currencies below.
 * - Any other currency: no checksum is known here, so the address must be entered twice.
 */
import { base58, bech32, bech32m, createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";

/** Production pays out on mainnet; the sandbox on testnet (spec, "Environments"). */
export type AddressNetwork = "mainnet" | "testnet";

/** How an address of a currency is checked. */
export type AddressRule = "bitcoin-like" | "eip55" | "enter-twice";

/** Why an address is refused: one reason a person can act on. */
export type AddressProblem =
  /** Nothing entered. */
  | "empty"
  /** Not an address of this currency at all (characters, length, prefix, shape). */
  | "format"
  /** The right shape, but the checksum does not match: a typo. */
  | "checksum"
  /** An address of this currency for the other network (testnet in production, or the reverse). */
  | "network"
  /** A valid encoding of an output this service does not pay to (a future SegWit version). */
  | "unsupported"
  /** No checksum: the confirmation (the address entered a second time) is missing or differs. */
  | "confirmation";

export type AddressCheck =
  | {
      ok: true;
      /** The address as it should be sent to the payment service (bech32 in lower case). */
      address: string;
      /** Which checksum vouched for it; "none" when it was taken because it was entered twice. */
      checksum: "bech32" | "bech32m" | "base58check" | "eip55" | "none";
    }
  | { ok: false; problem: AddressProblem };

interface BitcoinLikeParams {
  hrp: string;
  /** Version bytes of base58check addresses (P2PKH and P2SH). */
  versions: readonly number[];
}

/**
 * The prefixes per currency and network (Bitcoin's and Litecoin's chain parameters). The sandbox's
 * testnet addresses use the testnet prefixes (worker/sandbox/currencies.ts: tb, tltc).
 */
const BITCOIN_LIKE: Record<string, Record<AddressNetwork, BitcoinLikeParams>> = {
  BTC: {
    mainnet: { hrp: "bc", versions: [0x00, 0x05] },
    testnet: { hrp: "tb", versions: [0x6f, 0xc4] },
  },
  LTC: {
    // 0x05 is Litecoin's former P2SH prefix ("3..."), still valid on its chain.
    mainnet: { hrp: "ltc", versions: [0x30, 0x32, 0x05] },
    testnet: { hrp: "tltc", versions: [0x6f, 0x3a, 0xc4] },
  },
};

const EIP55_CURRENCIES: readonly string[] = ["ETH"];

/** How addresses of `currency` are checked (the element shows a second field for "enter-twice"). */
export function addressRule(currency: string): AddressRule {
  if (currency in BITCOIN_LIKE) return "bitcoin-like";
  if (EIP55_CURRENCIES.includes(currency)) return "eip55";
  return "enter-twice";
}

/**
 * Checks `input` (surrounding white space ignored) as a refund address of `currency` on
 * `network`. `confirmation` is the address entered a second time: required where no checksum
 * vouches for the address (see the module comment), ignored elsewhere.
 */
export function checkAddress(
  currency: string,
  network: AddressNetwork,
  input: string,
  confirmation?: string,
): AddressCheck {
  const address = input.trim();
  if (address === "") return { ok: false, problem: "empty" };
  const params = BITCOIN_LIKE[currency];
  if (params) return checkBitcoinLike(params, network, address);
  if (EIP55_CURRENCIES.includes(currency)) {
    const eip55 = checkEip55(address);
    if (eip55 !== "unchecked") return eip55;
  } else if (/\s/.test(address) || address.length > 256) {
    return { ok: false, problem: "format" };
  }
  if (confirmation === undefined || confirmation.trim() !== address) return { ok: false, problem: "confirmation" };
  return { ok: true, address, checksum: "none" };
}

function checkBitcoinLike(
  params: Record<AddressNetwork, BitcoinLikeParams>,
  network: AddressNetwork,
  address: string,
): AddressCheck {
  const other: AddressNetwork = network === "mainnet" ? "testnet" : "mainnet";
  const separator = address.lastIndexOf("1");
  const hrp = separator > 0 ? address.slice(0, separator).toLowerCase() : "";
  if (hrp === params[network].hrp) return checkSegwit(hrp, address);
  if (hrp === params[other].hrp) {
    const elsewhere = checkSegwit(hrp, address);
    return elsewhere.ok ? { ok: false, problem: "network" } : elsewhere;
  }
  const legacy = checkBase58check(address);
  if (!legacy.ok) return legacy;
  if (params[network].versions.includes(legacy.version)) return { ok: true, address, checksum: "base58check" };
  if (params[other].versions.includes(legacy.version)) return { ok: false, problem: "network" };
  return { ok: false, problem: "format" };
}

/** A SegWit address whose human-readable part is `hrp` (BIP-173, BIP-350). */
function checkSegwit(hrp: string, address: string): AddressCheck {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return { ok: false, problem: "format" };
  const lower = address.toLowerCase();
  // A witness version selects the checksum: bech32 for 0, bech32m for 1 to 16 (BIP-350).
  for (const codec of [bech32, bech32m] as const) {
    const decoded = codec.decodeUnsafe(lower);
    if (!decoded || decoded.prefix !== hrp) continue;
    const [version, ...data] = decoded.words;
    if (version === undefined || version > 16) return { ok: false, problem: "format" };
    if ((version === 0) !== (codec === bech32)) return { ok: false, problem: "checksum" };
    const program = bech32.fromWordsUnsafe(data);
    if (!program || program.length < 2 || program.length > 40) return { ok: false, problem: "format" };
    if (version === 0 && program.length !== 20 && program.length !== 32) return { ok: false, problem: "format" };
    if (version > 1 || (version === 1 && program.length !== 32)) return { ok: false, problem: "unsupported" };
    return { ok: true, address: lower, checksum: codec === bech32 ? "bech32" : "bech32m" };
  }
  return { ok: false, problem: validBech32Characters(lower, hrp) ? "checksum" : "format" };
}

/** Only bech32's alphabet after the separator, and a data part of a plausible length. */
function validBech32Characters(lower: string, hrp: string): boolean {
  return /^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,}$/.test(lower.slice(hrp.length + 1)) && lower.length <= 90;
}

const base58checkCodec = createBase58check(sha256);

/** A legacy address: base58, 25 bytes (a version byte, a 20-byte hash, a 4-byte checksum). */
function checkBase58check(address: string): { ok: true; version: number } | { ok: false; problem: AddressProblem } {
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(address);
  } catch {
    return { ok: false, problem: "format" };
  }
  if (bytes.length !== 25) return { ok: false, problem: "format" };
  try {
    const payload = base58checkCodec.decode(address);
    return { ok: true, version: payload[0] ?? -1 };
  } catch {
    return { ok: false, problem: "checksum" };
  }
}

/**
 * An Ethereum-style address: "unchecked" when it is all lower or all upper case (valid, but with
 * no checksum to vouch for it), else valid only with the EIP-55 capitalisation.
 */
function checkEip55(address: string): AddressCheck | "unchecked" {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return { ok: false, problem: "format" };
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return "unchecked";
  return hex === eip55Capitalise(hex.toLowerCase())
    ? { ok: true, address, checksum: "eip55" }
    : { ok: false, problem: "checksum" };
}

/** EIP-55: a letter is upper case where the Keccak-256 of the lower-case hex has a nibble >= 8. */
function eip55Capitalise(lowerHex: string): string {
  const hash = keccak_256(new TextEncoder().encode(lowerHex));
  let out = "";
  for (let i = 0; i < lowerHex.length; i++) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const char = lowerHex[i] ?? "";
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}
