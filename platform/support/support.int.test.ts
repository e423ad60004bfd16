import { eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail, registerByEmail } from "../../tests/support/accounts.ts";
import { TINY_PNG } from "../../tests/support/images.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { auditLog } from "../admin/tables.ts";
import { postMessage } from "../inbox/index.ts";
import { runOps } from "../ops/registry.ts";
import { uploads } from "../uploads/tables.ts";
import { supportChats, supportMessages } from "./tables.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform();
});
afterAll(() => t?.close());

const db = () => t.platform.database.db;
const totp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

let ip = 0;
/** An operator made by the CLI and signed in to the console. */
async function operator(role = "support") {
  const email = freshEmail(`op-${role}`);
  const out = await runOps(t.platform.deps, ["admin", "create", email, "--role", role], "root");
  expect(out.ok, out.output).toBe(true);
  const password = /password: (\S+)/.exec(out.output)?.[1] ?? "";
  const secret = /totp secret: ([A-Z2-7]+)/.exec(out.output)?.[1] ?? "";
  const res = await t.api("/admin/login", {
    method: "POST",
    json: { email, password, code: totp(secret) },
    ip: `10.77.0.${++ip}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { email, token: res.body.data.token as string };
}

function form(fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
}
const png = (bytes: Buffer = TINY_PNG, name = "shot.png") =>
  new File([new Uint8Array(bytes)], name, { type: "image/png" });

const send = (token: string, fields: Record<string, string | Blob>, lang?: string) =>
  t.api("/support/send", { method: "POST", body: form(fields), token, lang });
/** A call whose answer is a file (or a JSON refusal): status and type only. */
async function fetchFile(path: string, token: string) {
  const res = await t.platform.fetch(
    new Request(`http://test.local/api${path}`, { headers: { authorization: `Bearer ${token}` } }),
  );
  await res.arrayBuffer();
  return { status: res.status, type: res.headers.get("content-type") };
}
const post = (path: string, token: string, json: unknown, lang?: string) =>
  t.api(path, { method: "POST", json, token, lang });

/** Everything stored about chats, messages, uploads and the audit log, to show nothing changed. */
async function snapshot() {
  const [chats] = await db().select({ n: sql<number>`count(*)::int` }).from(supportChats);
  const [messages] = await db().select({ n: sql<number>`count(*)::int` }).from(supportMessages);
  const [files] = await db().select({ n: sql<number>`count(*)::int` }).from(uploads);
  const [audits] = await db().select({ n: sql<number>`count(*)::int` }).from(auditLog);
  const states = await db()
    .select({ id: supportChats.id, status: supportChats.status, op: supportChats.operatorId })
    .from(supportChats)
    .orderBy(supportChats.id);
  return { chats: chats?.n, messages: messages?.n, files: files?.n, audits: audits?.n, states };
}

describe("the customer's side of the support chat", () => {
  it("starts a chat with the first message (text and an image), keeps history and answers only its owner", async () => {
    const alice = await registerByEmail(t);
    expect((await t.api("/support/chat", { token: alice.token })).body.data).toEqual({
      chat: null,
      messages: [],
      chats: [],
      unread: 0,
    });
    const first = await send(alice.token, { body: "  My deposit has not arrived  ", image: png() });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe("Message sent");
    expect(first.body.data).toMatchObject({
      author: "customer",
      body: "My deposit has not arrived",
      read: false,
    });
    const image = first.body.data.image as string;
    expect(image).toMatch(/^[0-9a-f-]{36}$/);
    // The customer sees their own image through the ordinary upload route; another customer cannot.
    const own = await fetchFile(`/user/upload?id=${image}`, alice.token);
    expect(own.status).toBe(200);
    const bob = await registerByEmail(t);
    expect((await fetchFile(`/user/upload?id=${image}`, bob.token)).status).toBe(404);

    const second = await send(alice.token, { body: "Order 42" });
    expect(second.body.data.chat_id).toBe(first.body.data.chat_id);
    const view = (await t.api("/support/chat", { token: alice.token })).body.data;
    expect(view.chat).toMatchObject({
      id: first.body.data.chat_id,
      status: "open",
      answered: false,
      unread: 0,
    });
    expect(view.messages.map((m: { body: string }) => m.body)).toEqual([
      "My deposit has not arrived",
      "Order 42",
    ]);
    expect(view.chats).toHaveLength(1);

    // Bob can neither read nor write in Alice's chat, and nothing changes when he tries.
    const before = await snapshot();
    const peek = await t.api(`/support/chat?id=${view.chat.id}`, { token: bob.token, lang: "es" });
    expect(peek.status).toBe(404);
    expect(peek.body.message).toBe("No se encontró esta conversación");
    const intrude = await send(bob.token, { chat_id: String(view.chat.id), body: "hi" });
    expect(intrude.status).toBe(404);
    expect((await post("/support/read", bob.token, { id: view.chat.id })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect((await t.api("/support/chat", { token: bob.token })).body.data.chats).toEqual([]);
    // Without a session: 401.
    expect((await t.api("/support/chat")).status).toBe(401);
  });

  it("refuses bad input with a localized message and stores nothing", async () => {
    const { token } = await registerByEmail(t);
    await send(token, { body: "hello" });
    const before = await snapshot();
    const empty = await send(token, { body: "   " }, "ja");
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ body: ["メッセージを入力するか画像を添付してください"] });
    const long = await send(token, { body: "x".repeat(2001) });
    expect(long.status).toBe(422);
    expect(long.body.errors.body).toEqual(["Enter at most 2,000 characters"]);
    const fake = await send(token, {
      body: "look",
      image: png(Buffer.from("<html>not an image</html>"), "x.png"),
    });
    expect(fake.status).toBe(422);
    expect(fake.body.errors).toEqual({ image: ["Upload a JPEG, PNG or WebP image"] });
    const cut = await send(token, { image: png(TINY_PNG.subarray(0, 40)) });
    expect(cut.status).toBe(422);
    const huge = await send(token, { body: "big", image: png(Buffer.alloc(2 * 1024 * 1024 + 10)) });
    expect([413, 422]).toContain(huge.status);
    expect(huge.body.message).toBe("File exceeds 2M");
    const badId = await send(token, { chat_id: "99999999999", body: "x" });
    expect(badId.status).toBe(422);
    const nul = await send(token, { body: "a\u0000b" });
    expect(nul.status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it("limits how fast one customer writes (429, nothing stored), not other customers", async () => {
    const { token } = await registerByEmail(t);
    const perMinute = t.platform.deps.config.supportLimits.perMinute;
    expect(perMinute).toBe(10);
    for (let i = 0; i < perMinute; i++) expect((await send(token, { body: `line ${i}` })).status).toBe(200);
    const before = await snapshot();
    const over = await send(token, { body: "one more" });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/Too many attempts, please try again in 1 minutes/);
    expect(await snapshot()).toEqual(before);
    const other = await registerByEmail(t);
    expect((await send(other.token, { body: "me too" })).status).toBe(200);
  });
});

describe("operators answer from the queue", () => {
  it("assign, reply and close are audited; the customer's unread count follows and the socket hears it", async () => {
    const customer = await registerByEmail(t);
    const sent = await send(customer.token, { body: "Need help", image: png() });
    const chatId = sent.body.data.chat_id as number;
    const image = sent.body.data.image as string;
    const ann = await operator("support");
    const ben = await operator("reviewer");

    const waiting = await t.api("/admin/support?queue=waiting", { token: ann.token });
    const row = waiting.body.data.find((r: { id: number }) => r.id === chatId);
    expect(row).toMatchObject({ account: customer.email, operator: "", unread: 1, last: "Need help" });
    expect((await t.api("/admin/me", { token: ann.token })).body.data.queues.support).toBeGreaterThanOrEqual(
      1,
    );

    // Nobody has it yet: nobody sees the image.
    expect((await t.api(`/admin/support/attachment?id=${image}`, { token: ann.token })).status).toBe(404);
    const assigned = await post("/admin/support/assign", ann.token, { id: chatId });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const [assignAudit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `support:${chatId}`))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(assignAudit).toMatchObject({
      operator: ann.email,
      action: "support.assign",
      before: { operator: null },
      after: { operator: ann.email },
    });
    // The assigned operator sees the image; another operator and a customer's token do not.
    expect(await fetchFile(`/admin/support/attachment?id=${image}`, ann.token)).toEqual({
      status: 200,
      type: "image/png",
    });
    expect((await t.api(`/admin/support/attachment?id=${image}`, { token: ben.token })).status).toBe(404);
    expect((await t.api(`/admin/support/attachment?id=${image}`, { token: customer.token })).status).toBe(
      401,
    );
    const shownToBen = (await t.api(`/admin/support/show?id=${chatId}`, { token: ben.token })).body.data;
    expect(shownToBen.messages[0]).toMatchObject({ image: null, has_image: true });

    // Another operator cannot answer or close it without taking it over.
    const before = await snapshot();
    const stolen = await post("/admin/support/reply", ben.token, { id: chatId, body: "Hi" }, "de");
    expect(stolen.status).toBe(409);
    expect(stolen.body.message).toBe("Another operator has this conversation: take it over first");
    expect((await post("/admin/support/close", ben.token, { id: chatId })).status).toBe(409);
    expect((await post("/admin/support/reply", ann.token, { id: chatId, body: " " })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
    // A customer's token never opens the console.
    expect((await post("/admin/support/reply", customer.token, { id: chatId, body: "x" })).status).toBe(401);

    const heard: { type?: string; unread?: number }[] = [];
    const stop = t.platform.bus.subscribe(`account:${customer.user.id}`, (m) => heard.push(m as never));
    try {
      const reply = await post("/admin/support/reply", ann.token, { id: chatId, body: "Looking into it" });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      await expect.poll(() => heard.at(-1)).toEqual({ type: "support", chat_id: chatId, unread: 1 });
      expect((await t.api("/support/unread", { token: customer.token })).body.data).toEqual({ count: 1 });
      // The tab bar's one call answers both counts.
      await postMessage(db(), customer.user.id, "security_password_changed");
      // (Heard before the chat's next event, so the checks below see theirs last.)
      await expect.poll(() => heard.at(-1)).toEqual({ type: "inbox", unread: 1 });
      expect((await t.api("/support/badges", { token: customer.token })).body.data).toEqual({
        messages: 1,
        support: 1,
      });
      expect((await t.api("/support/badges")).status).toBe(401);
      // Answering read the customer's messages.
      const mine = await t.api("/admin/support?queue=mine", { token: ann.token });
      expect(mine.body.data.find((r: { id: number }) => r.id === chatId)).toMatchObject({ unread: 0 });

      const view = (await t.api("/support/chat", { token: customer.token })).body.data;
      expect(view.chat).toMatchObject({ answered: true, unread: 1 });
      expect(view.messages.at(-1)).toMatchObject({ author: "operator", body: "Looking into it" });
      // The customer never learns the operator's address.
      expect(JSON.stringify(view)).not.toContain(ann.email);
      const read = await post("/support/read", customer.token, { id: chatId });
      expect(read.body.data).toEqual({ unread: 0 });
      await expect.poll(() => heard.at(-1)).toEqual({ type: "support", chat_id: chatId, unread: 0 });

      // The customer writes again: the operator's unread count.
      await send(customer.token, { body: "Thanks" });
      expect((await t.api("/admin/support/counts", { token: ann.token })).body.data.unread).toBe(1);
      expect((await post("/admin/support/read", ann.token, { id: chatId })).body.data).toEqual({ marked: 1 });

      const closed = await post("/admin/support/close", ann.token, { id: chatId });
      expect(closed.status).toBe(200);
      await expect.poll(() => heard.length).toBeGreaterThanOrEqual(4);
    } finally {
      stop();
    }
    const trail = await db()
      .select({ operator: auditLog.operator, action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `support:${chatId}`))
      .orderBy(auditLog.id);
    expect(trail).toEqual([
      { operator: ann.email, action: "support.assign" },
      { operator: ann.email, action: "support.reply" },
      { operator: ann.email, action: "support.close" },
    ]);

    // Closed: a reply or a customer message to it is refused, nothing changes; writing without
    // the chat's id starts a new chat, which waits in the queue again.
    const before2 = await snapshot();
    const late = await send(customer.token, { chat_id: String(chatId), body: "one more thing" }, "zh");
    expect(late.status).toBe(409);
    expect(late.body.message).toContain("该会话已关闭");
    expect((await post("/admin/support/reply", ann.token, { id: chatId, body: "x" })).status).toBe(409);
    expect((await post("/admin/support/assign", ben.token, { id: chatId })).status).toBe(409);
    expect(await snapshot()).toEqual(before2);
    const fresh = await send(customer.token, { body: "one more thing" });
    expect(fresh.body.data.chat_id).not.toBe(chatId);
    const history = (await t.api("/support/chat", { token: customer.token })).body.data;
    expect(history.chat.id).toBe(fresh.body.data.chat_id);
    expect(history.chats.map((c: { status: string }) => c.status)).toEqual(["open", "closed"]);
    const old = (await t.api(`/support/chat?id=${chatId}`, { token: customer.token })).body.data;
    expect(old.messages.map((m: { author: string }) => m.author)).toEqual([
      "customer",
      "operator",
      "customer",
    ]);
  });

  it("a reply to a chat nobody has takes it (audited as assignment); taking over is audited with who had it", async () => {
    const customer = await registerByEmail(t);
    const chatId = (await send(customer.token, { body: "hello?" })).body.data.chat_id as number;
    const ann = await operator("operator");
    const ben = await operator("owner");
    expect((await post("/admin/support/reply", ann.token, { id: chatId, body: "Hello!" })).status).toBe(200);
    expect((await post("/admin/support/assign", ben.token, { id: chatId })).status).toBe(200);
    const trail = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `support:${chatId}`))
      .orderBy(auditLog.id);
    expect(trail.map((r) => [r.operator, r.action])).toEqual([
      [ann.email, "support.assign"],
      [ann.email, "support.reply"],
      [ben.email, "support.assign"],
    ]);
    expect(trail[2]).toMatchObject({ before: { operator: ann.email }, after: { operator: ben.email } });
    expect((await t.api(`/admin/support/show?id=${chatId}`, { token: ben.token })).body.data).toMatchObject({
      operator: ben.email,
      assigned_to_me: true,
    });
    expect((await t.api("/admin/support/show?id=2147483647", { token: ben.token })).status).toBe(404);
  });
});
