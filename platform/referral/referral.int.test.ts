import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail, registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { users } from "../identity/tables.ts";
import { runOps } from "../ops/registry.ts";
import "./ops.ts";
import { agentCodes } from "./tables.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform();
});
afterAll(() => t?.close());

const newWallet = () => privateKeyToAccount(generatePrivateKey());

async function newCodes(count = 1) {
  const result = await runOps(
    t.platform.deps,
    ["agent", "code", "create", "--count", String(count)],
    "tester",
  );
  expect(result.ok, result.output).toBe(true);
  const codes = result.output.split("\n").slice(1);
  expect(codes).toHaveLength(count);
  for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  return codes;
}

describe("invitations", () => {
  it("counts the accounts registered with a user's invite code, masked, newest first", async () => {
    const inviter = await registerByEmail(t);
    const summary = await t.api("/referral/summary", { token: inviter.token });
    expect(summary.body.data).toEqual({
      invite_code: inviter.user.invite_code,
      invite_path: `/resgister?invite=${inviter.user.invite_code}`,
      invited: 0,
    });
    const first = await registerByEmail(t, freshEmail("friend"), { invite_code: inviter.user.invite_code });
    // Lower case works too: codes are read in upper case.
    await registerByEmail(t, freshEmail("second"), { invite_code: inviter.user.invite_code.toLowerCase() });
    await registerByEmail(t); // not invited
    expect((await t.api("/referral/summary", { token: inviter.token })).body.data.invited).toBe(2);
    const list = await t.api("/referral/list?limit=1", { token: inviter.token });
    expect(list.body.data).toMatchObject({ total: 2, last_page: 2 });
    const [newest] = list.body.data.items;
    expect(newest).toMatchObject({ uid: null, status: "registered" });
    expect(newest.account).toMatch(/^se\*\*\*@example\.com$/);
    const page2 = await t.api("/referral/list?limit=1&page=2", { token: inviter.token });
    expect(page2.body.data.items[0].account).toBe(`fr***@example.com`);
    expect(JSON.stringify(page2.body)).not.toContain(first.email);
    // Each sees only their own.
    expect((await t.api("/referral/summary", { token: first.token })).body.data.invited).toBe(0);
    expect((await t.api("/referral/list")).status).toBe(401);
  });
});

describe("agents", () => {
  it("issues single-use codes from the operator CLI and lists them", async () => {
    const [code] = await newCodes(2);
    const listed = await runOps(t.platform.deps, ["agent", "code", "list", "--unused"], "tester");
    expect(listed.output).toContain(code);
    expect(listed.output).toMatch(/code\s+created\s+by\s+used_by\s+used_at/);
    expect((await runOps(t.platform.deps, ["help"], "tester")).output).toContain(
      "agent code create [--count N]",
    );
    for (const bad of ["0", "101", "abc", "1.5"]) {
      const refused = await runOps(t.platform.deps, ["agent", "code", "create", "--count", bad], "tester");
      expect(refused.ok, bad).toBe(false);
      expect(refused.output).toContain("--count must be a whole number from 1 to 100");
    }
  });

  it("makes a user an agent with a code and a wallet signature; the code works once", async () => {
    const [code] = await newCodes();
    const wallet = newWallet();
    const agent = await registerByEmail(t);
    const invitee = await registerByEmail(t, freshEmail("client"), { invite_code: agent.user.invite_code });

    const before = await t.api("/agent/info", { token: agent.token });
    expect(before.body.data).toEqual({ is_agent: false, address: null, bound_at: null, invited: 1 });
    expect((await t.api("/agent/users", { token: agent.token })).status).toBe(403);

    const issued = await t.api("/agent/message", {
      method: "POST",
      token: agent.token,
      json: { code: code?.toLowerCase(), address: wallet.address },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const { message } = issued.body.data;
    expect(message).toContain(wallet.address);
    expect(message).toContain("Bind this wallet as the authorization address of my agent account.");

    const bound = await t.api("/agent/bind", {
      method: "POST",
      token: agent.token,
      lang: "zh",
      json: { code, message, signature: await wallet.signMessage({ message }) },
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect(bound.body.message).toBe("您已成为代理");
    expect(bound.body.data).toMatchObject({
      is_agent: true,
      address: wallet.address.toLowerCase(),
      invited: 1,
    });
    expect((await t.api("/user/info", { token: agent.token })).body.data.user.kind).toBe("agent");
    const [used] = await t.platform.deps.db
      .select()
      .from(agentCodes)
      .where(eq(agentCodes.code, (code ?? "").replace(/-/g, "")));
    expect(used?.usedBy).toBe(agent.user.id);

    // Agents see their invited users, with UIDs.
    const clients = await t.api("/agent/users", { token: agent.token });
    expect(clients.body.data.items).toEqual([
      expect.objectContaining({ uid: invitee.user.uid, status: "registered" }),
    ]);
    // They are told in the message centre.
    const inbox = await t.api("/inbox/list", { token: agent.token });
    expect(inbox.body.data.items[0]).toMatchObject({ type: "agent_approved", read: false });
    expect(inbox.body.data.items[0].body).toContain(wallet.address.toLowerCase());

    // Once an agent, the flow is closed; the used code does not make anyone else an agent.
    const again = await t.api("/agent/message", {
      method: "POST",
      token: agent.token,
      json: { code, address: newWallet().address },
    });
    expect(again.status).toBe(409);
    const other = await registerByEmail(t);
    const reuse = await t.api("/agent/message", {
      method: "POST",
      token: other.token,
      json: { code, address: newWallet().address },
    });
    expect(reuse.status).toBe(422);
    expect(reuse.body.errors.code).toEqual(["This authorization code has already been used"]);
  });

  it("refuses a wrong code, a signature by another wallet, a tampered message and a sign-in message", async () => {
    const [code] = await newCodes();
    const user = await registerByEmail(t);
    const wallet = newWallet();
    const post = (path: string, json: unknown) => t.api(path, { method: "POST", token: user.token, json });

    const unknown = await post("/agent/message", { code: "AAAA-BBBB-CCCC", address: wallet.address });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.code).toEqual(["This authorization code does not exist"]);
    const malformed = await post("/agent/message", { code: "12", address: "0x123" });
    expect(malformed.body.errors).toMatchObject({
      code: ["Authorization codes are 12 letters and digits"],
      address: ["Enter a wallet address: 0x followed by 40 hexadecimal characters"],
    });

    const { message } = (await post("/agent/message", { code, address: wallet.address })).body.data;
    // Signed by another key: the address in the message is not proven.
    const impostor = await post("/agent/bind", {
      code,
      message,
      signature: await newWallet().signMessage({ message }),
    });
    expect(impostor.status).toBe(422);
    expect(impostor.body.errors.signature).toEqual([
      "The signature does not match this message and wallet address",
    ]);
    // The message changed to name another address, with the signature of the original.
    const signature = await wallet.signMessage({ message });
    const tampered = message.replace(wallet.address, newWallet().address);
    const swapped = await post("/agent/bind", { code, message: tampered, signature });
    expect(swapped.status).toBe(422);
    expect(swapped.body.errors.signature).toEqual([
      "The signature does not match this message and wallet address",
    ]);
    // Signed right, but with a code that does not exist.
    const wrongCode = await post("/agent/bind", { code: "AAAA-BBBB-CCCC", message, signature });
    expect(wrongCode.body.errors.code).toEqual(["This authorization code does not exist"]);
    // A wallet sign-in message is not an agent authorization.
    const signIn = await t.api("/wallet/message", { method: "POST", json: { address: wallet.address } });
    const signInMessage = signIn.body.data.message;
    const crossed = await post("/agent/bind", {
      code,
      message: signInMessage,
      signature: await wallet.signMessage({ message: signInMessage }),
    });
    expect(crossed.status).toBe(422);
    expect(crossed.body.errors.message).toEqual([
      "This is not the authorization message we issued, please start again",
    ]);
    // Nothing changed: still a user, the code unused. Then the right signature works, once.
    expect((await t.api("/agent/info", { token: user.token })).body.data.is_agent).toBe(false);
    const ok = await post("/agent/bind", { code, message, signature });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [row] = await t.platform.deps.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row?.kind).toBe("agent");
  });

  it("binds one address to one agent only", async () => {
    const [first, second] = await newCodes(2);
    const wallet = newWallet();
    const a = await registerByEmail(t);
    const b = await registerByEmail(t);
    const bind = async (token: string, code: string | undefined) => {
      const issued = await t.api("/agent/message", {
        method: "POST",
        token,
        json: { code, address: wallet.address },
      });
      if (issued.status !== 200) return issued;
      const { message } = issued.body.data;
      return t.api("/agent/bind", {
        method: "POST",
        token,
        json: { code, message, signature: await wallet.signMessage({ message }) },
      });
    };
    expect((await bind(a.token, first)).status).toBe(200);
    const taken = await bind(b.token, second);
    expect(taken.status).toBe(422);
    expect(taken.body.errors.address).toEqual(["This wallet address is already bound to another agent"]);
  });

  it("slows down code guessing", async () => {
    const user = await registerByEmail(t);
    const address = newWallet().address;
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (
        await t.api("/agent/message", {
          method: "POST",
          token: user.token,
          json: { code: "ZZZZ-ZZZZ-ZZZZ", address },
        })
      ).status;
    }
    expect(last).toBe(429);
  });
});
