import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify as verifySignature,
} from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for a browser's push service (what FCM or Mozilla's autopush do with a message),
 * written from the RFCs and not from the sender's library: it checks the VAPID authorization
 * (RFC 8292: an ES256 JWT for this origin, signed by the key it names) and decrypts the body
 * (RFC 8291 with RFC 8188's aes128gcm) with the subscription's private key and auth secret,
 * as the browser would. What it cannot check or decrypt is answered 400/401/403 and recorded.
 */

/** A browser's side of one subscription: its P-256 key pair and auth secret. */
export type BrowserKeys = {
  p256dh: string;
  auth: string;
  privateKey: Buffer;
  publicKey: Buffer;
  secret: Buffer;
};

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const secret = randomBytes(16);
  return {
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth: secret.toString("base64url"),
    privateKey: ecdh.getPrivateKey(),
    publicKey: ecdh.getPublicKey(),
    secret,
  };
}

// ------------------------------------------------------------------ RFC 5869 HKDF (SHA-256)

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();
const extract = (salt: Buffer, ikm: Buffer) => hmac(salt, ikm);
/** Every length we need is at most one SHA-256 block: T(1) = HMAC(PRK, info || 0x01). */
function expand(prk: Buffer, info: Buffer, length: number) {
  if (length > 32) throw new Error("one block only");
  return hmac(prk, Buffer.concat([info, Buffer.from([1])])).subarray(0, length);
}

/**
 * RFC 8291 §3.3–3.4 and RFC 8188 §2: the body is salt (16) | rs (4) | idlen (1) | keyid (the
 * sender's public key, 65) | one record; the record is AES-128-GCM, its plaintext ending in the
 * 0x02 delimiter and any zero padding.
 */
export function decryptAes128gcm(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] ?? 0;
  const senderPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65 || senderPublic[0] !== 4) throw new Error("keyid is not an uncompressed P-256 key");
  if (record.length > rs) throw new Error("more than one record");

  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(keys.privateKey);
  const ecdhSecret = ecdh.computeSecret(senderPublic);
  // §3.3: IKM from the ECDH secret, keyed by the auth secret, bound to both public keys.
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.publicKey, senderPublic]);
  const ikm = expand(extract(keys.secret, ecdhSecret), keyInfo, 32);
  // §3.4 (RFC 8188 §2.2–2.3): the content key and nonce from the salt.
  const prk = extract(salt, ikm);
  const cek = expand(prk, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = expand(prk, Buffer.from("Content-Encoding: nonce\0"), 12); // record 0: XOR 0

  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("no last-record delimiter");
  return plain.subarray(0, end).toString("utf8");
}

// ------------------------------------------------------------------ RFC 8292 VAPID

export type VapidClaims = { aud: string; exp: number; sub: string };

/** Checks `Authorization: vapid t=JWT, k=KEY` for this origin; answers the JWT's claims and key. */
export function verifyVapid(
  header: string | undefined,
  origin: string,
): { claims: VapidClaims; key: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${header}`);
  const [jwt, key] = [match[1], match[2]];
  const [head, body, signature] = jwt.split(".");
  if (!head || !body || !signature) throw new Error("not a JWT");
  const header64 = JSON.parse(Buffer.from(head, "base64url").toString("utf8"));
  if (header64.alg !== "ES256") throw new Error(`alg ${header64.alg}`);
  const raw = Buffer.from(key, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k is not an uncompressed P-256 key");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  // JWS ES256: the signature is r || s (64 bytes), not DER.
  const ok = verifySignature(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) throw new Error("bad VAPID signature");
  const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as VapidClaims;
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud}, not ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp}`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) throw new Error(`sub ${claims.sub}`);
  return { claims, key };
}

// ------------------------------------------------------------------ the server

export type Received = {
  path: string;
  /** The decrypted payload (JSON), when it could be decrypted. */
  payload?: unknown;
  vapidKey?: string;
  ttl?: string;
  urgency?: string;
  error?: string;
  status: number;
};

export type PushServiceStandIn = {
  origin: string;
  /** A new subscription's endpoint and keys (give its path an answer with `answer`). */
  subscription(): { endpoint: string; p256dh: string; auth: string; keys: BrowserKeys; path: string };
  /** What this path answers from now on (201 unless told). */
  answer(path: string, status: number): void;
  received: Received[];
  close(): Promise<void>;
};

/** On `port` when given (an e2e server's PUSH_SERVICES lists that exact origin), else any free one. */
export async function startPushService(port = 0): Promise<PushServiceStandIn> {
  const keysByPath = new Map<string, BrowserKeys>();
  const answers = new Map<string, number>();
  const received: Received[] = [];
  let origin = "";
  let n = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const path = request.url ?? "";
      const entry: Received = {
        path,
        status: 201,
        ttl: request.headers.ttl as string,
        urgency: request.headers.urgency as string,
      };
      try {
        if (request.method !== "POST") throw Object.assign(new Error("POST only"), { status: 405 });
        const keys = keysByPath.get(path);
        if (!keys) throw Object.assign(new Error("no such subscription"), { status: 404 });
        try {
          entry.vapidKey = verifyVapid(request.headers.authorization, origin).key;
        } catch (error) {
          throw Object.assign(error as Error, { status: 401 });
        }
        if (request.headers["content-encoding"] !== "aes128gcm")
          throw Object.assign(new Error("content-encoding"), { status: 400 });
        if (!request.headers.ttl) throw Object.assign(new Error("no TTL"), { status: 400 });
        entry.payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), keys));
        entry.status = answers.get(path) ?? 201;
      } catch (error) {
        entry.error = (error as Error).message;
        entry.status = (error as { status?: number }).status ?? 400;
      }
      received.push(entry);
      response.writeHead(entry.status).end(entry.error ?? "");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    subscription() {
      const keys = browserKeys();
      const path = `/push/${++n}-${randomBytes(6).toString("hex")}`;
      keysByPath.set(path, keys);
      return { endpoint: `${origin}${path}`, p256dh: keys.p256dh, auth: keys.auth, keys, path };
    },
    answer: (path, status) => answers.set(path, status),
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
