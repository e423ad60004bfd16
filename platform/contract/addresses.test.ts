import fc from "fast-check";
import { getAddress, isAddress } from "viem";
import { describe, expect, it } from "vitest";
import {
  ALL_NETWORKS,
  canonicalAddress,
  checksumAddress,
  coinHasNetwork,
  isEvmAddress,
  NETWORKS,
  validateAddress,
} from "./addresses.ts";

// Real addresses (their checksums were checked with an independent implementation), and the same
// with one character changed, the wrong case, the wrong version or another network's format.
const CASES: Record<string, { valid: string[]; invalid: string[] }> = {
  ERC20: {
    valid: [
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", // EIP-55's example
      "0xdAC17F958D2ee523a2206206994597C13D831ec7", // USDT's contract
      "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", // one case: no checksum to check
    ],
    invalid: [
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", // checksum broken by one letter's case
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe", // 39 bytes
      "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", // no 0x
      "0xZZZeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    ],
  },
  ETC: {
    valid: ["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
    invalid: ["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"],
  },
  TRC20: {
    valid: ["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"],
    invalid: [
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u", // checksum
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6", // 33 characters
      "tr7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", // a valid base58check, but Bitcoin's version
      "0xdAC17F958D2ee523a2206206994597C13D831ec7",
    ],
  },
  BTC: {
    valid: [
      "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", // P2PKH (the genesis block's)
      "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", // P2SH
      "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", // P2WPKH
      "BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ", // upper case is fine
      "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297", // taproot (bech32m)
    ],
    invalid: [
      "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb",
      "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0", // 0 is not base58
      "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr",
      "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzWF5MDQ", // mixed case
      "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", // testnet
      "LM2WMpR1Rp6j3Sa59cMXMs1SPzj9eXpGc1",
      " 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
    ],
  },
  LTC: {
    valid: [
      "LM2WMpR1Rp6j3Sa59cMXMs1SPzj9eXpGc1",
      "LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9",
      "MGxNPPB7eBoWPUaprtX9v9CXJZoD2465zN",
      "ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea",
    ],
    invalid: [
      "LM2WMpR1Rp6j3Sa59cMXMs1SPzj9eXpGc2",
      "ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfeb",
      "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
      "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    ],
  },
  BCH: {
    valid: [
      "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a",
      "qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", // prefix left out
      "bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq", // P2SH
      "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", // legacy form of the first
    ],
    invalid: [
      "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6b",
      "bchtest:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a",
      "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6",
      "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    ],
  },
  XRP: {
    valid: [
      "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh",
      "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
      "rf1BiGeXwwQoi8Z2ueFYTEXSwuJYfV2Jpn",
    ],
    invalid: [
      "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi",
      "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", // Bitcoin's alphabet
      "rHb9CJAWyB4rj91VRWn96DkukG4bwdty",
    ],
  },
  EOS: {
    valid: ["binancecleos", "eosio.token", "huobideposit", "a"],
    invalid: ["Binancecleos", "binancecleos1", "eosio6token", "eosio.", "", "huobi deposit"],
  },
};

describe("validateAddress", () => {
  it("covers every network", () => {
    expect(Object.keys(CASES).sort()).toEqual([...ALL_NETWORKS].sort());
  });

  for (const [network, { valid, invalid }] of Object.entries(CASES)) {
    it(`${network}: accepts real addresses`, () => {
      for (const address of valid) expect(validateAddress(network, address), address).toBe(true);
    });
    it(`${network}: refuses broken ones`, () => {
      for (const address of invalid) expect(validateAddress(network, address), address).toBe(false);
    });
  }

  it("refuses unknown networks", () => {
    expect(validateAddress("SOL", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe(false);
  });
});

describe("NETWORKS", () => {
  it("lists each coin's networks", () => {
    expect(NETWORKS.USDT).toEqual(["TRC20", "ERC20"]);
    expect(coinHasNetwork("USDT", "TRC20")).toBe(true);
    expect(coinHasNetwork("BTC", "ERC20")).toBe(false);
    expect(coinHasNetwork("DOGE", "DOGE")).toBe(false);
    expect(coinHasNetwork("toString", "x")).toBe(false);
  });
});

// The EVM checks are our own (viem is no longer loaded at start): they must agree with viem's
// getAddress and strict isAddress on any address, in its checksum case, one case, or any other.
describe("EVM addresses against viem", () => {
  const hex40 = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => Buffer.from(b).toString("hex"));
  it("checksums as viem's getAddress does", () => {
    fc.assert(
      fc.property(hex40, (hex) => {
        expect(checksumAddress(`0x${hex}`)).toBe(getAddress(`0x${hex}`));
      }),
      { numRuns: 500 },
    );
  });
  it("accepts and refuses what viem's strict isAddress does", () => {
    const casing = fc.array(fc.boolean(), { minLength: 40, maxLength: 40 });
    const variants = fc.tuple(hex40, casing, fc.constantFrom("checksum", "lower", "upper", "random", "edit"));
    fc.assert(
      fc.property(variants, ([hex, upper, kind]) => {
        const checksummed = getAddress(`0x${hex}`);
        const address =
          kind === "checksum"
            ? checksummed
            : kind === "lower"
              ? `0x${hex}`
              : kind === "upper"
                ? `0x${hex.toUpperCase()}`
                : kind === "random"
                  ? `0x${[...hex].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join("")}`
                  : `${checksummed.slice(0, 41)}`; // one digit short
        expect(isEvmAddress(address)).toBe(isAddress(address, { strict: true }));
      }),
      { numRuns: 500 },
    );
  });
});

describe("canonicalAddress", () => {
  it("keeps one spelling of an address that is the same in any case", () => {
    const lower = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";
    expect(canonicalAddress("ERC20", lower)).toBe("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    expect(canonicalAddress("ERC20", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(
      canonicalAddress("ERC20", lower),
    );
    expect(canonicalAddress("BTC", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4")).toBe(
      "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    );
    // Base58 is case-sensitive: kept as typed.
    expect(canonicalAddress("BTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe(
      "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
    );
    expect(canonicalAddress("TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    );
  });
});
