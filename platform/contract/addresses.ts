import { sha256 } from "@noble/hashes/sha2";
import { keccak_256 } from "@noble/hashes/sha3";
import { base58, base58xrp, bech32, bech32m } from "@scure/base";
import type { Network } from "./networks.ts";

/**
 * Withdrawal and deposit addresses, checked offline per network: format, length, and the
 * checksum each of these formats carries.
 */
export {
  ALL_NETWORKS,
  COINS,
  type Coin,
  coinHasNetwork,
  isCoin,
  NETWORKS,
  type Network,
} from "./networks.ts";

/** Base58Check: payload + the first 4 bytes of SHA-256(SHA-256(payload)), in a given alphabet. */
function base58checkPayload(address: string, codec: typeof base58): Uint8Array | undefined {
  let bytes: Uint8Array;
  try {
    bytes = codec.decode(address);
  } catch {
    return undefined;
  }
  if (bytes.length < 5) return undefined;
  const payload = bytes.subarray(0, -4);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  const given = bytes.subarray(-4);
  for (let i = 0; i < 4; i++) if (checksum[i] !== given[i]) return undefined;
  return payload;
}

/** A legacy base58 address: version byte + 20-byte hash, with one of the given versions. */
function legacy(address: string, versions: number[], codec = base58): boolean {
  if (address.length < 25 || address.length > 35) return false;
  const payload = base58checkPayload(address, codec);
  return payload?.length === 21 && versions.includes(payload[0] ?? -1);
}

/**
 * A SegWit address (BIP 173 / BIP 350): witness v0 in bech32 with a 20- or 32-byte program,
 * v1–16 in bech32m with 2–40 bytes; one letter case only.
 */
function segwit(address: string, hrp: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  if (!lower.startsWith(`${hrp}1`) || lower.length > 90) return false;
  for (const codec of [bech32, bech32m]) {
    let decoded: { prefix: string; words: number[] };
    try {
      decoded = codec.decode(lower as `${string}1${string}`, 90);
    } catch {
      continue;
    }
    if (decoded.prefix !== hrp || decoded.words.length === 0) return false;
    const [version = -1, ...rest] = decoded.words;
    if (version > 16) return false;
    // v0 must use bech32, v1+ bech32m.
    if ((version === 0) !== (codec === bech32)) return false;
    let program: Uint8Array;
    try {
      program = codec.fromWords(rest);
    } catch {
      return false;
    }
    if (program.length < 2 || program.length > 40) return false;
    if (version === 0 && program.length !== 20 && program.length !== 32) return false;
    return true;
  }
  return false;
}

// CashAddr (Bitcoin Cash): bech32's alphabet, a 40-bit BCH checksum over the prefix and payload.
const CASHADDR_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const CASHADDR_GENERATORS = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];

function cashaddrPolymod(values: number[]): bigint {
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    for (let i = 0; i < 5; i++) {
      if ((c0 >> BigInt(i)) & 1n) c ^= CASHADDR_GENERATORS[i] ?? 0n;
    }
  }
  return c ^ 1n;
}

function cashaddr(address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  const [prefix, payload] = lower.includes(":") ? lower.split(":", 2) : ["bitcoincash", lower];
  if (prefix !== "bitcoincash" || !payload || payload.length < 42 || payload.length > 112) return false;
  const words: number[] = [];
  for (const char of payload) {
    const value = CASHADDR_CHARSET.indexOf(char);
    if (value < 0) return false;
    words.push(value);
  }
  const checked = [...[...prefix].map((c) => c.charCodeAt(0) & 31), 0, ...words];
  if (cashaddrPolymod(checked) !== 0n) return false;
  let data: Uint8Array;
  try {
    data = bech32.fromWords(words.slice(0, -8));
  } catch {
    return false;
  }
  const version = data[0] ?? 0xff;
  const type = version >> 3;
  const sizes: Record<number, number> = { 0: 20, 3: 32 };
  // Type 0 pays a key hash (P2PKH), type 1 a script hash (P2SH); the size bits give the hash length.
  return (type === 0 || type === 1) && sizes[version & 7] === data.length - 1;
}

/**
 * EIP-55: a 20-byte hex address (0x + 40 hex digits, any case) in its checksum case: each letter
 * upper case where the matching nibble of keccak-256 of the lower-case hex is 8 or more. The same
 * as viem's getAddress (addresses.test.ts compares them), without loading viem at start.
 */
export function checksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const nibble = i % 2 === 0 ? (hash[i >> 1] ?? 0) >> 4 : (hash[i >> 1] ?? 0) & 0x0f;
    out += nibble >= 8 ? hex.charAt(i).toUpperCase() : hex.charAt(i);
  }
  return out;
}

/** An EVM address; a mixed-case one must match its checksum, one case only carries none (viem's isAddress, strict). */
export function isEvmAddress(address: string): boolean {
  if (!/^0x[a-fA-F0-9]{40}$/.test(address)) return false;
  if (address.toLowerCase() === address) return true;
  return checksumAddress(address) === address;
}

const ADDRESS_CHECKS: Record<Network, (address: string) => boolean> = {
  // EIP-55: a mixed-case address must match its checksum; one case only carries none.
  ERC20: isEvmAddress,
  ETC: isEvmAddress,
  // TRON: base58check of 0x41 + a 20-byte account hash: 34 characters starting with T.
  TRC20: (a) => a.length === 34 && a.startsWith("T") && legacy(a, [0x41]),
  BTC: (a) => legacy(a, [0x00, 0x05]) || segwit(a, "bc"),
  LTC: (a) => legacy(a, [0x30, 0x32, 0x05]) || segwit(a, "ltc"),
  BCH: (a) => legacy(a, [0x00, 0x05]) || cashaddr(a),
  // XRP Ledger: base58check in Ripple's alphabet, version 0: "r" and 25–35 characters.
  XRP: (a) => a.startsWith("r") && legacy(a, [0x00], base58xrp),
  // EOS account names: up to 12 of a–z, 1–5 and dots, not ending with a dot.
  EOS: (a) => /^[a-z1-5.]{1,12}$/.test(a) && !a.endsWith("."),
};

/** Networks whose addresses are the same address in any case (hex, bech32, CashAddr). */
const CASELESS: Partial<Record<Network, (address: string) => string>> = {
  ERC20: checksumAddress,
  ETC: checksumAddress,
  // bech32 and CashAddr are valid in one case only, either; lower case is how wallets show them.
  BTC: (a) => (segwit(a, "bc") ? a.toLowerCase() : a),
  LTC: (a) => (segwit(a, "ltc") ? a.toLowerCase() : a),
  BCH: (a) => (cashaddr(a) ? a.toLowerCase() : a),
};

/**
 * A valid address in the one form it is kept and compared in: an EVM address in its EIP-55
 * checksum case, bech32 and CashAddr in lower case, others as typed (base58 is case-sensitive).
 * Two spellings of one address are then one saved address.
 */
export function canonicalAddress(network: string, address: string): string {
  const canonical = (CASELESS as Record<string, ((a: string) => string) | undefined>)[network];
  return canonical ? canonical(address) : address;
}

/** Whether `address` is a well-formed address (checksum included) on `network`. */
export function validateAddress(network: string, address: string): boolean {
  const check = (ADDRESS_CHECKS as Record<string, ((a: string) => boolean) | undefined>)[network];
  if (!check || address.length === 0 || address.length > 120 || address.trim() !== address) return false;
  return check(address);
}
