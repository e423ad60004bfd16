import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { secp256k1 } from "@noble/curves/secp256k1";
import { ripemd160 } from "@noble/hashes/legacy";
import { sha256 } from "@noble/hashes/sha2";
import { keccak_256 } from "@noble/hashes/sha3";
import { base58check, base58xrp, bech32 } from "@scure/base";
import { HDKey } from "@scure/bip32";
import { checksumAddress } from "../contract/addresses.ts";

/**
 * Deposit addresses derived from the operator's extended public key (BIP32): the platform
 * never holds the private keys of deposit addresses. Each chain family takes its own branch
 * (m/<branch>/<index>), and each user a fresh index.
 */
export type Family = "evm" | "tron" | "btc" | "ltc" | "bch" | "xrp";
const BRANCH: Record<Family, number> = { evm: 0, tron: 1, btc: 2, ltc: 3, bch: 4, xrp: 5 };

/** Which family derives a network's addresses; XRP and EOS share one address with a per-user memo. */
export const NETWORK_FAMILY: Record<string, Family | "memo"> = {
  ERC20: "evm",
  ETC: "evm",
  TRC20: "tron",
  BTC: "btc",
  LTC: "ltc",
  BCH: "bch",
  XRP: "xrp",
  EOS: "memo",
};

const b58c = base58check(sha256);
/** XRP addresses: base58check in XRP's own alphabet. */
const xrpCheck = {
  encode: (payload: Uint8Array) =>
    base58xrp.encode(Uint8Array.of(...payload, ...sha256(sha256(payload)).subarray(0, 4))),
};
const hash160 = (data: Uint8Array) => ripemd160(sha256(data));

/** The address of a compressed secp256k1 public key in a family's format. */
export function addressOf(family: Family, publicKey: Uint8Array): string {
  if (family === "btc" || family === "ltc") {
    const words = bech32.toWords(hash160(publicKey));
    return bech32.encode(family === "btc" ? "bc" : "ltc", [0, ...words]);
  }
  if (family === "bch") return b58c.encode(Uint8Array.of(0x00, ...hash160(publicKey)));
  if (family === "xrp") return xrpCheck.encode(Uint8Array.of(0x00, ...hash160(publicKey)));
  // EVM and TRON: the last 20 bytes of keccak-256 of the uncompressed key (without its 0x04).
  const uncompressed = secp256k1.ProjectivePoint.fromHex(publicKey).toRawBytes(false);
  const body = keccak_256(uncompressed.subarray(1)).subarray(12);
  if (family === "tron") return b58c.encode(Uint8Array.of(0x41, ...body));
  return checksumAddress(`0x${Buffer.from(body).toString("hex")}`);
}

export function derive(xpub: string, family: Family, index: number): { address: string; path: string } {
  const key = HDKey.fromExtendedKey(xpub).deriveChild(BRANCH[family]).deriveChild(index);
  if (!key.publicKey) throw new Error("the deposit key has no public key");
  return { address: addressOf(family, key.publicKey), path: `m/${BRANCH[family]}/${index}` };
}

/**
 * The deposit key: DEPOSIT_XPUB when the operator set one (production), else one generated on
 * first start and kept in DATA_DIR with its private key (for trying the product; the log says so).
 */
export function depositXpub(
  configured: string | undefined,
  dataDir: string,
  warn: (m: string) => void,
): string {
  if (configured) return configured;
  const file = join(dataDir, "deposit-key.json");
  if (existsSync(file)) return (JSON.parse(readFileSync(file, "utf8")) as { xpub: string }).xpub;
  mkdirSync(dataDir, { recursive: true });
  const root = HDKey.fromMasterSeed(randomBytes(32));
  writeFileSync(file, JSON.stringify({ xpub: root.publicExtendedKey, xprv: root.privateExtendedKey }), {
    mode: 0o600,
    flag: "wx",
  });
  warn(
    `No DEPOSIT_XPUB set: generated a development deposit key in ${file}. Set DEPOSIT_XPUB in production.`,
  );
  return root.publicExtendedKey;
}
