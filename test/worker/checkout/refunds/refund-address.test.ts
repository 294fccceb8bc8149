/**
 * Refund addresses against published test vectors: BIP-173 and BIP-350 (their "Test vectors"
 * sections: valid and invalid SegWit addresses), EIP-55 (its "Test Cases"), and base58check
 * addresses of Bitcoin Core's base58_keys_valid.json and of the Bitcoin wiki's "Technical
 * background of version 1 Bitcoin addresses". Litecoin has no published vectors of its own: its
 * addresses are built here from the same payloads with Litecoin's prefixes.
 */
import { base58, bech32, bech32m, createBase58check, hex } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";
import { addressRule, checkAddress, type AddressNetwork } from "../../../../worker/checkout/refund-address.js";

/** The network a vector's human-readable part belongs to (bc: mainnet, tb: testnet). */
const networkOf = (address: string): AddressNetwork =>
  address.toLowerCase().startsWith("tb1") ? "testnet" : "mainnet";

describe("BIP-173 (bech32) test vectors", () => {
  // BIP-173, "Test vectors", valid addresses (the witness version 0 ones; its others are bech32m since BIP-350).
  const valid = [
    "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
    "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
    "tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy",
  ];
  it.each(valid)("BIP-173 valid address %s is taken, in lower case, with its bech32 checksum", (address) => {
    expect(checkAddress("BTC", networkOf(address), address)).toEqual({
      ok: true,
      address: address.toLowerCase(),
      checksum: "bech32",
    });
  });

  // BIP-173, "Test vectors", invalid addresses, each with the reason the BIP gives.
  const invalid: [string, string][] = [
    ["tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty", "invalid human-readable part"],
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", "invalid checksum"],
    ["BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2", "invalid witness version"],
    ["bc1rw5uspcuh", "invalid program length"],
    ["bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90", "invalid program length"],
    ["BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", "invalid program length for witness version 0 (per BIP141)"],
    ["tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7", "mixed case"],
    ["bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du", "zero padding of more than 4 bits"],
    ["tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv", "non-zero padding in 8-to-5 conversion"],
    ["bc1gmk9yu", "empty data section"],
  ];
  it.each(invalid)("BIP-173 invalid address %s (%s) is refused on both networks", (address) => {
    expect(checkAddress("BTC", "mainnet", address).ok).toBe(false);
    expect(checkAddress("BTC", "testnet", address).ok).toBe(false);
  });

  it("BIP-173 invalid checksum vector is refused as a checksum error, so the customer is told of a typo", () => {
    expect(checkAddress("BTC", "mainnet", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")).toEqual({
      ok: false,
      problem: "checksum",
    });
  });
});

describe("BIP-350 (bech32m) test vectors", () => {
  // BIP-350, "Test vectors for v0-v16 native segregated witness addresses", valid addresses that
  // are outputs a refund can be sent to: version 0, and version 1 with a 32-byte program (Taproot).
  const spendable: [string, "bech32" | "bech32m"][] = [
    ["BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "bech32"],
    ["tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", "bech32"],
    ["tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy", "bech32"],
    ["tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c", "bech32m"],
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "bech32m"],
  ];
  it.each(spendable)("BIP-350 valid address %s is taken (%s)", (address, checksum) => {
    expect(checkAddress("BTC", networkOf(address), address)).toEqual({
      ok: true,
      address: address.toLowerCase(),
      checksum,
    });
  });

  // BIP-350's other valid addresses are correct encodings of outputs no wallet spends yet (witness
  // version 1 with 40 bytes, versions 2 and 16): money sent there could be lost, so they are refused
  // as "unsupported", not as typos.
  const notSpendableYet = [
    "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
    "BC1SW50QGDZ25J",
    "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs",
  ];
  it.each(notSpendableYet)("BIP-350 valid address %s is refused as unsupported", (address) => {
    expect(checkAddress("BTC", "mainnet", address)).toEqual({ ok: false, problem: "unsupported" });
  });

  // BIP-350, "Test vectors", invalid addresses, each with the reason the BIP gives.
  const invalid: [string, string][] = [
    ["tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut", "invalid human-readable part"],
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", "invalid checksum (bech32 instead of bech32m)"],
    ["tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf", "invalid checksum (bech32 instead of bech32m)"],
    ["BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", "invalid checksum (bech32 instead of bech32m)"],
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", "invalid checksum (bech32m instead of bech32)"],
    ["tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47", "invalid checksum (bech32m instead of bech32)"],
    ["bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4", "invalid character in checksum"],
    ["BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", "invalid witness version"],
    ["bc1pw5dgrnzv", "invalid program length (1 byte)"],
    [
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav",
      "invalid program length (41 bytes)",
    ],
    ["BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", "invalid program length for witness version 0 (per BIP141)"],
    ["tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq", "mixed case"],
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf", "zero padding of more than 4 bits"],
    ["tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j", "non-zero padding in 8-to-5 conversion"],
    ["bc1gmk9yu", "empty data section"],
  ];
  it.each(invalid)("BIP-350 invalid address %s (%s) is refused on both networks", (address) => {
    expect(checkAddress("BTC", "mainnet", address).ok).toBe(false);
    expect(checkAddress("BTC", "testnet", address).ok).toBe(false);
  });

  it("BIP-350 vectors with the wrong checksum variant are refused as checksum errors", () => {
    for (const address of [
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",
      "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh",
    ]) {
      expect(checkAddress("BTC", "mainnet", address)).toEqual({ ok: false, problem: "checksum" });
    }
  });
});

describe("networks", () => {
  it("a mainnet address is refused in the sandbox (testnet) and a testnet one in production, as a network problem", () => {
    expect(checkAddress("BTC", "testnet", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4")).toEqual({
      ok: false,
      problem: "network",
    });
    expect(checkAddress("BTC", "mainnet", "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7")).toEqual({
      ok: false,
      problem: "network",
    });
    expect(checkAddress("BTC", "mainnet", "mo9ncXisMeAoXwqcV5EWuyncbmCcQN4rVs")).toEqual({
      ok: false,
      problem: "network",
    });
  });

  it("takes the sandbox's own addresses (tb1 for BTC, tltc1 for LTC, made with the bech32 library as the sandbox does)", () => {
    const program = new Uint8Array(20).fill(7);
    const btc = bech32.encode("tb", [0, ...bech32.toWords(program)]);
    const ltc = bech32.encode("tltc", [0, ...bech32.toWords(program)]);
    expect(checkAddress("BTC", "testnet", btc)).toEqual({ ok: true, address: btc, checksum: "bech32" });
    expect(checkAddress("LTC", "testnet", ltc)).toEqual({ ok: true, address: ltc, checksum: "bech32" });
    expect(checkAddress("LTC", "testnet", btc)).toEqual({ ok: false, problem: "format" });
    expect(checkAddress("BTC", "testnet", ltc).ok).toBe(false);
  });

  it("takes Litecoin's mainnet SegWit addresses (ltc1, bech32 and bech32m) and refuses them for BTC", () => {
    const v0 = bech32.encode("ltc", [0, ...bech32.toWords(new Uint8Array(20).fill(1))]);
    const v1 = bech32m.encode("ltc", [1, ...bech32m.toWords(new Uint8Array(32).fill(2))]);
    expect(checkAddress("LTC", "mainnet", v0)).toEqual({ ok: true, address: v0, checksum: "bech32" });
    expect(checkAddress("LTC", "mainnet", v1)).toEqual({ ok: true, address: v1, checksum: "bech32m" });
    expect(checkAddress("LTC", "testnet", v0)).toEqual({ ok: false, problem: "network" });
    expect(checkAddress("BTC", "mainnet", v0).ok).toBe(false);
  });
});

describe("base58check addresses", () => {
  // Bitcoin Core's src/test/data/base58_keys_valid.json: the four address entries (P2PKH and P2SH,
  // mainnet and testnet), and the Bitcoin wiki's version-1 address example.
  const valid: [string, AddressNetwork][] = [
    ["1AGNa15ZQXAZUgFiqJ2i7Z2DPU2J6hW62i", "mainnet"],
    ["3CMNFxN1oHBc4R1EpboAL5yzHGgE611Xou", "mainnet"],
    ["mo9ncXisMeAoXwqcV5EWuyncbmCcQN4rVs", "testnet"],
    ["2N2JD6wb56AfK4tfmM6PwdVmoYk2dCKf4Br", "testnet"],
    ["16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM", "mainnet"],
  ];
  it.each(valid)("base58_keys_valid / Bitcoin wiki address %s is taken on %s", (address, network) => {
    expect(checkAddress("BTC", network, address)).toEqual({ ok: true, address, checksum: "base58check" });
  });

  it("base58_keys_valid.json's private keys (WIF, version 0x80 and 0xef) are refused: not addresses", () => {
    expect(checkAddress("BTC", "mainnet", "5Kd3NBUAdUnhyzenEwVLy9pBKxSwXvE9FMPyR4UKZvpe6E3AgLr")).toEqual({
      ok: false,
      problem: "format",
    });
  });

  // Each valid vector with one character changed: base58check's checksum catches the typo.
  const typos: [string, AddressNetwork][] = [
    ["1AGNa15ZQXAZUgFiqJ2i7Z2DPU2J6hW62j", "mainnet"],
    ["3CMNFxN1oHBc4R1EpboAL5yzHGgE611Xov", "mainnet"],
    ["mo9ncXisMeAoXwqcV5EWuyncbmCcQN4rVt", "testnet"],
    ["2N2JD6wb56AfK4tfmM6PwdVmoYk2dCKf4Bs", "testnet"],
    ["16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvN", "mainnet"],
  ];
  it.each(typos)(
    "base58_keys_valid vector with one character changed, %s, is refused as a checksum error",
    (address, network) => {
      expect(checkAddress("BTC", network, address)).toEqual({ ok: false, problem: "checksum" });
    },
  );

  it("refuses characters outside base58 (0, O, I, l) and the wrong length as format errors", () => {
    expect(checkAddress("BTC", "mainnet", "1AGNa15ZQXAZUgFiqJ2i7Z2DPU2J6hW620")).toEqual({
      ok: false,
      problem: "format",
    });
    expect(checkAddress("BTC", "mainnet", "1AGNa15ZQXAZUgFiqJ2i7Z2DPU2J6hW62iaaaa")).toEqual({
      ok: false,
      problem: "format",
    });
  });

  it("takes Litecoin's base58check addresses (L, M, 3 on mainnet; m, Q, 2 on testnet), the payloads of the Bitcoin vectors with Litecoin's prefixes", () => {
    const codec = createBase58check(sha256);
    const hash = hex.decode("65a16059864a2fdbc7c99a4723a8395bc6f188eb");
    const make = (version: number) => codec.encode(Uint8Array.of(version, ...hash));
    for (const version of [0x30, 0x32, 0x05]) {
      const address = make(version);
      expect(checkAddress("LTC", "mainnet", address)).toEqual({ ok: true, address, checksum: "base58check" });
      expect(checkAddress("LTC", "testnet", address).ok).toBe(false);
    }
    for (const version of [0x6f, 0x3a, 0xc4]) {
      const address = make(version);
      expect(checkAddress("LTC", "testnet", address)).toEqual({ ok: true, address, checksum: "base58check" });
    }
    expect(make(0x30).startsWith("L")).toBe(true);
    expect(make(0x32).startsWith("M")).toBe(true);
    // A Bitcoin P2PKH address is not a Litecoin one.
    expect(checkAddress("LTC", "mainnet", "1AGNa15ZQXAZUgFiqJ2i7Z2DPU2J6hW62i")).toEqual({
      ok: false,
      problem: "format",
    });
    expect(base58.decode(make(0x30))).toHaveLength(25);
  });
});

describe("EIP-55 test cases", () => {
  // EIP-55, "Test Cases": all caps, all lower, and normal (mixed case) addresses.
  const allCaps = ["0x52908400098527886E0F7030069857D2E4169EE7", "0x8617E340B3D01FA5F11F306F4090FD50E238070D"];
  const allLower = ["0xde709f2102306220921060314715629080e2fb77", "0x27b1fdb04752bbc536007a920d24acb045561c26"];
  const normal = [
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
  ];

  it.each(normal)("EIP-55 normal test case %s is taken with its checksum", (address) => {
    expect(checkAddress("ETH", "mainnet", address)).toEqual({ ok: true, address, checksum: "eip55" });
  });

  it.each(normal)(
    "EIP-55 normal test case %s with the case of one letter flipped is refused as a checksum error",
    (address) => {
      const at = [...address].findIndex((c, i) => i > 1 && /[a-fA-F]/.test(c));
      const flipped =
        address.slice(0, at) +
        (address[at] === address[at]?.toLowerCase() ? address[at]?.toUpperCase() : address[at]?.toLowerCase()) +
        address.slice(at + 1);
      expect(checkAddress("ETH", "mainnet", flipped)).toEqual({ ok: false, problem: "checksum" });
    },
  );

  it.each([...allCaps, ...allLower])(
    "EIP-55 all-caps / all-lower test case %s carries no checksum: taken only when entered twice",
    (address) => {
      expect(checkAddress("ETH", "mainnet", address)).toEqual({ ok: false, problem: "confirmation" });
      expect(checkAddress("ETH", "mainnet", address, address.slice(0, -1))).toEqual({
        ok: false,
        problem: "confirmation",
      });
      expect(checkAddress("ETH", "mainnet", address, ` ${address} `)).toEqual({ ok: true, address, checksum: "none" });
    },
  );

  it("refuses what is not 0x and 40 hex digits", () => {
    for (const address of [
      "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe",
      "0xZZAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    ]) {
      expect(checkAddress("ETH", "mainnet", address, address)).toEqual({ ok: false, problem: "format" });
    }
  });
});

describe("currencies without a known checksum", () => {
  it("ask for the address twice and take it only when both match", () => {
    expect(addressRule("XRP")).toBe("enter-twice");
    expect(checkAddress("XRP", "mainnet", "rEXAMPLEaddress")).toEqual({ ok: false, problem: "confirmation" });
    expect(checkAddress("XRP", "mainnet", "rEXAMPLEaddress", "rEXAMPLEaddresS")).toEqual({
      ok: false,
      problem: "confirmation",
    });
    expect(checkAddress("XRP", "mainnet", "rEXAMPLEaddress", "rEXAMPLEaddress")).toEqual({
      ok: true,
      address: "rEXAMPLEaddress",
      checksum: "none",
    });
  });

  it("refuse an empty address, white space inside one and an absurd length", () => {
    expect(checkAddress("XRP", "mainnet", "   ", "   ")).toEqual({ ok: false, problem: "empty" });
    expect(checkAddress("XRP", "mainnet", "r EXAMPLE", "r EXAMPLE")).toEqual({ ok: false, problem: "format" });
    const long = "r".repeat(257);
    expect(checkAddress("XRP", "mainnet", long, long)).toEqual({ ok: false, problem: "format" });
  });

  it("name the rule of each currency", () => {
    expect(addressRule("BTC")).toBe("bitcoin-like");
    expect(addressRule("LTC")).toBe("bitcoin-like");
    expect(addressRule("ETH")).toBe("eip55");
    expect(addressRule("USDT")).toBe("enter-twice");
  });
});
