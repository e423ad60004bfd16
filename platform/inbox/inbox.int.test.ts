import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { postMessage } from "./service.ts";
import { inboxMessages } from "./tables.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform();
});
afterAll(() => t?.close());

describe("the message centre", () => {
  it("lists a user's messages newest first, worded in the reader's language, with the unread count", async () => {
    const { token, user } = await registerByEmail(t);
    const db = t.platform.deps.db;
    await postMessage(db, user.id, "deposit_credited", { amount: "250.5", coin: "USDT" });
    await postMessage(db, user.id, "security_new_login", { device: "Chrome on Android", ip: "203.0.113.9" });
    await postMessage(db, user.id, "withdrawal_rejected", { amount: "10", coin: "USDT" }); // no reason given

    expect((await t.api("/inbox/unread", { token })).body.data).toEqual({ count: 3 });
    const en = await t.api("/inbox/list", { token });
    expect(en.body.data.total).toBe(3);
    expect(en.body.data.items.map((m: { type: string }) => m.type)).toEqual([
      "withdrawal_rejected",
      "security_new_login",
      "deposit_credited",
    ]);
    expect(en.body.data.items[2]).toMatchObject({
      title: "Deposit credited",
      body: "250.50 USDT has been credited to your account.",
      read: false,
    });
    // A missing parameter shows as a dash, never as a raw placeholder.
    expect(en.body.data.items[0].body).not.toContain("{{");
    expect(en.body.data.items[0].body).toContain("rejected: —.");
    const ja = await t.api("/inbox/list?limit=1&page=3", { token, lang: "ja" });
    expect(ja.body.data.items[0]).toMatchObject({ title: "入金が反映されました" });
    expect(ja.body.data.last_page).toBe(3);
  });

  it("marks one read, then all; reading twice changes nothing", async () => {
    const { token, user } = await registerByEmail(t);
    const db = t.platform.deps.db;
    for (const amount of ["1", "2", "3"])
      await postMessage(db, user.id, "earn_income", { amount, coin: "USDT" });
    const [first] = (await t.api("/inbox/list", { token })).body.data.items;
    const read = await t.api("/inbox/read", { method: "POST", token, json: { id: first.id } });
    expect(read.body.data).toEqual({ unread: 2 });
    expect((await t.api("/inbox/read", { method: "POST", token, json: { id: first.id } })).body.data).toEqual(
      {
        unread: 2,
      },
    );
    const shown = await t.api(`/inbox/show?id=${first.id}`, { token, lang: "es" });
    expect(shown.body.data).toMatchObject({ read: true, title: "Intereses recibidos" });
    const unreadOnly = await t.api("/inbox/list?unread=1", { token });
    expect(unreadOnly.body.data.total).toBe(2);
    const all = await t.api("/inbox/read_all", { method: "POST", token, lang: "zh" });
    expect(all.body).toMatchObject({ data: { marked: 2 }, message: "已将 2 条消息标为已读" });
    expect((await t.api("/inbox/unread", { token })).body.data.count).toBe(0);
    expect((await t.api("/inbox/read_all", { method: "POST", token })).body.data.marked).toBe(0);
  });

  it("tells the customer's open pages the unread count once a message commits, and when they read", async () => {
    const { token, user } = await registerByEmail(t);
    const db = t.platform.deps.db;
    const heard: unknown[] = [];
    const stop = t.platform.bus.subscribe(`account:${user.id}`, (m) => heard.push(m));
    try {
      await postMessage(db, user.id, "deposit_credited", { amount: "1", coin: "USDT" });
      await expect.poll(() => heard).toEqual([{ type: "inbox", unread: 1 }]);
      // A message in a transaction that rolls back is never announced.
      await expect(
        db.transaction(async (tx) => {
          await postMessage(tx, user.id, "deposit_credited", { amount: "2", coin: "USDT" });
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      await postMessage(db, user.id, "deposit_credited", { amount: "3", coin: "USDT" });
      await expect.poll(() => heard.at(-1)).toEqual({ type: "inbox", unread: 2 });
      expect(heard).toHaveLength(2);
      expect((await t.api("/inbox/read_all", { method: "POST", token })).status).toBe(200);
      await expect.poll(() => heard.at(-1)).toEqual({ type: "inbox", unread: 0 });
    } finally {
      stop();
    }
  });

  it("never shows or changes another user's messages", async () => {
    const alice = await registerByEmail(t);
    const bob = await registerByEmail(t);
    await postMessage(t.platform.deps.db, alice.user.id, "security_password_changed");
    const [mine] = (await t.api("/inbox/list", { token: alice.token })).body.data.items;
    expect((await t.api("/inbox/list", { token: bob.token })).body.data.items).toEqual([]);
    const peek = await t.api(`/inbox/show?id=${mine.id}`, { token: bob.token });
    expect(peek.status).toBe(404);
    const mark = await t.api("/inbox/read", { method: "POST", token: bob.token, json: { id: mine.id } });
    expect(mark.status).toBe(404);
    await t.api("/inbox/read_all", { method: "POST", token: bob.token });
    expect((await t.api("/inbox/unread", { token: alice.token })).body.data.count).toBe(1);
  });

  it("asks for a session and refuses bad ids", async () => {
    expect((await t.api("/inbox/list")).status).toBe(401);
    expect((await t.api("/inbox/unread")).status).toBe(401);
    expect((await t.api("/inbox/read", { method: "POST", json: { id: 1 } })).status).toBe(401);
    const { token } = await registerByEmail(t);
    for (const id of ["abc", "-1", "0", "99999999999"]) {
      const res = await t.api("/inbox/read", { method: "POST", token, json: { id } });
      expect(res.status, id).toBe(422);
      expect(res.body.errors).toHaveProperty("id");
    }
    expect((await t.api("/inbox/show?id=123456", { token })).status).toBe(404);
  });

  it("words a kind of message it has no text for as a general notice", async () => {
    const { token, user } = await registerByEmail(t);
    await t.platform.deps.db.insert(inboxMessages).values({ userId: user.id, type: "from_the_future" });
    const [message] = (await t.api("/inbox/list", { token })).body.data.items;
    expect(message).toMatchObject({ type: "from_the_future", title: "Notice" });
  });
});
