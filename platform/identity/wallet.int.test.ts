import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { users, walletNonces } from "./tables.ts";
import { WALLET_STATEMENT } from "./wallet.ts";

// Sign-In with Ethereum with real signatures from freshly generated keys (viem).

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform();
});
afterAll(() => t?.close());

const post = (path: string, json: unknown, lang?: string) => t.api(path, { method: "POST", json, lang });
const newWallet = () => privateKeyToAccount(generatePrivateKey());

async function messageFor(address: string, chainId?: number) {
  const res = await post("/wallet/message", { address, chain_id: chainId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { message: string; nonce: string; expires_at: string };
}

describe("sign-in with an Ethereum wallet (EIP-4361)", () => {
  it("issues the exact message to sign, for this site, valid 10 minutes", async () => {
    const wallet = newWallet();
    const { message, nonce, expires_at } = await messageFor(wallet.address.toLowerCase());
    const fields = parseSiweMessage(message);
    // Requests reach this test platform at http://test.local (no PUBLIC_URL).
    expect(
      message.startsWith(`test.local wants you to sign in with your Ethereum account:\n${wallet.address}\n`),
    ).toBe(true);
    expect(fields).toMatchObject({
      domain: "test.local",
      address: wallet.address,
      statement: WALLET_STATEMENT,
      uri: "http://test.local",
      version: "1",
      chainId: 1,
      nonce,
    });
    expect(nonce).toMatch(/^[a-zA-Z0-9]{16,}$/);
    const ttl = (fields.expirationTime?.getTime() ?? 0) - (fields.issuedAt?.getTime() ?? 0);
    expect(ttl).toBe(10 * 60_000);
    expect(new Date(expires_at).getTime()).toBe(fields.expirationTime?.getTime());
    // The statement does not follow the language.
    const zh = await post("/wallet/message", { address: wallet.address, chain_id: 137 }, "zh-CN");
    expect(parseSiweMessage(zh.body.data.message)).toMatchObject({
      statement: WALLET_STATEMENT,
      chainId: 137,
    });
  });

  it("signs in with a real signature, creating a wallet-only account once", async () => {
    const wallet = newWallet();
    const { message } = await messageFor(wallet.address);
    const signature = await wallet.signMessage({ message });
    const res = await post("/wallet/login", { message, signature });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("Welcome! Your account is ready");
    const { token, user } = res.body.data;
    expect(user).toMatchObject({
      wallet_address: wallet.address.toLowerCase(),
      account: wallet.address.toLowerCase(),
      email: "",
    });
    expect((await t.api("/user/info", { token })).body.data.user.id).toBe(user.id);
    const sessions = await t.api("/user/sessions", { token });
    expect(sessions.body.data[0].method).toBe("wallet");
    const [row] = await t.platform.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBeNull();

    // Next time, whatever the letter case of the address: the same account.
    const again = await messageFor(wallet.address.toLowerCase());
    const second = await post("/wallet/login", {
      message: again.message,
      signature: await wallet.signMessage({ message: again.message }),
    });
    expect(second.status).toBe(200);
    expect(second.body.message).toBe("Welcome back!");
    expect(second.body.data.user.id).toBe(user.id);
  });

  it("two first sign-ins of the same wallet at once make one account", async () => {
    const wallet = newWallet();
    const messages = [await messageFor(wallet.address), await messageFor(wallet.address)];
    const results = await Promise.all(
      messages.map(async ({ message }) =>
        post("/wallet/login", { message, signature: await wallet.signMessage({ message }) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results[0]?.body.data.user.id).toBe(results[1]?.body.data.user.id);
  });

  it("accepts the message as a browser form sends it (CRLF line ends)", async () => {
    const wallet = newWallet();
    const { message } = await messageFor(wallet.address);
    const signature = await wallet.signMessage({ message });
    const res = await post("/wallet/login", { message: message.replace(/\n/g, "\r\n"), signature });
    expect(res.status).toBe(200);
  });

  it("refuses a replayed nonce, even two uses at once", async () => {
    const wallet = newWallet();
    const { message } = await messageFor(wallet.address);
    const signature = await wallet.signMessage({ message });
    const [a, b] = await Promise.all([
      post("/wallet/login", { message, signature }),
      post("/wallet/login", { message, signature }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const replay = await post("/wallet/login", { message, signature });
    expect(replay.status).toBe(422);
    expect(replay.body.errors.message).toEqual([
      "This sign-in message was already used or has expired, please start again",
    ]);
  });

  it("refuses an expired message, and a nonce past its 10 minutes", async () => {
    const wallet = newWallet();
    const { message, nonce } = await messageFor(wallet.address);
    const fields = parseSiweMessage(message);
    const past = createSiweMessage({
      ...(fields as Parameters<typeof createSiweMessage>[0]),
      issuedAt: new Date(Date.now() - 20 * 60_000),
      expirationTime: new Date(Date.now() - 10 * 60_000),
    });
    const expired = await post("/wallet/login", {
      message: past,
      signature: await wallet.signMessage({ message: past }),
    });
    expect(expired.status).toBe(422);
    expect(expired.body.message).toBe("This sign-in message has expired, please start again");

    await t.platform.deps.db
      .update(walletNonces)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(walletNonces.nonce, nonce));
    const stale = await post("/wallet/login", { message, signature: await wallet.signMessage({ message }) });
    expect(stale.status).toBe(422);
    expect(stale.body.errors.message).toEqual([
      "This sign-in message was already used or has expired, please start again",
    ]);
  });

  it("refuses a message for another domain", async () => {
    const wallet = newWallet();
    const { message } = await messageFor(wallet.address);
    const fields = parseSiweMessage(message) as Parameters<typeof createSiweMessage>[0];
    for (const other of [
      { domain: "evil.example" },
      { uri: "https://evil.example" },
      { domain: "evil.example", uri: "https://evil.example" },
    ]) {
      const forged = createSiweMessage({ ...fields, ...other });
      const res = await post("/wallet/login", {
        message: forged,
        signature: await wallet.signMessage({ message: forged }),
      });
      expect(res.status).toBe(422);
      expect(res.body.errors.message).toEqual([
        "This message is for another website and cannot sign you in here",
      ]);
    }
    // None of these used the nonce up.
    expect(
      (await post("/wallet/login", { message, signature: await wallet.signMessage({ message }) })).status,
    ).toBe(200);
  });

  it("refuses a signature by another key, and a tampered message", async () => {
    const wallet = newWallet();
    const { message } = await messageFor(wallet.address);
    const signature = await wallet.signMessage({ message });

    const other = await post("/wallet/login", {
      message,
      signature: await newWallet().signMessage({ message }),
    });
    expect(other.status).toBe(422);
    expect(other.body.errors.signature).toEqual([
      "The signature does not match this message and wallet address",
    ]);

    const tampered = message.replace("Chain ID: 1", "Chain ID: 5");
    expect(tampered).not.toBe(message);
    expect(
      (await post("/wallet/login", { message: tampered, signature })).body.errors.signature,
    ).toBeDefined();

    // Someone else's address put into a message signed by this wallet.
    const stranger = newWallet().address;
    const swapped = message.replace(wallet.address, stranger);
    const swappedRes = await post("/wallet/login", {
      message: swapped,
      signature: await wallet.signMessage({ message: swapped }),
    });
    expect(swappedRes.status).toBe(422);
    expect(swappedRes.body.errors.signature).toBeDefined();

    const extra = `${message}\nResources:\n- https://evil.example`;
    const extraRes = await post("/wallet/login", {
      message: extra,
      signature: await wallet.signMessage({ message: extra }),
    });
    expect(extraRes.status).toBe(422);
    expect(extraRes.body.errors.message).toEqual([
      "This is not the sign-in message we issued, please start again",
    ]);

    const garbage = await post("/wallet/login", { message: "hello", signature });
    expect(garbage.status).toBe(422);
    expect(garbage.body.errors.message).toBeDefined();

    const badSig = await post("/wallet/login", { message, signature: "0x1234" });
    expect(badSig.body.errors.signature).toEqual([
      "The signature does not match this message and wallet address",
    ]);
    // After all that, the untouched message still works once.
    expect((await post("/wallet/login", { message, signature })).status).toBe(200);
  });

  it("validates the address", async () => {
    const res = await post("/wallet/message", { address: "0x123" }, "ja");
    expect(res.status).toBe(422);
    expect(res.body.errors.address).toEqual([
      "ウォレットアドレスを入力してください（0x と 16 進数 40 文字）",
    ]);
    const missing = await post("/wallet/login", {});
    expect(Object.keys(missing.body.errors).sort()).toEqual(["message", "signature"]);
  });
});

describe("sign-in with a wallet behind PUBLIC_URL", () => {
  let site: TestPlatform;
  beforeAll(async () => {
    site = await testPlatform({ PUBLIC_URL: "https://beacon.example" });
  });
  afterAll(() => site?.close());

  it("names the public site's host, whatever host the request came to", async () => {
    const wallet = newWallet();
    const res = await site.api("/wallet/message", { method: "POST", json: { address: wallet.address } });
    const { message } = res.body.data;
    expect(parseSiweMessage(message)).toMatchObject({
      domain: "beacon.example",
      uri: "https://beacon.example",
    });
    const login = await site.api("/wallet/login", {
      method: "POST",
      json: { message, signature: await wallet.signMessage({ message }) },
    });
    expect(login.status).toBe(200);
  });
});
