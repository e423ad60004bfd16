import { eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freshEmail, fundedCustomer, registerByEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { type PushServiceStandIn, startPushService } from "../../tests/support/push-service.ts";
import { createScriptedFeed } from "../../tests/support/scripted-feed.ts";
import { startAlertWatcher } from "../alerts/service.ts";
import { users } from "../identity/tables.ts";
import { postMessage } from "../inbox/service.ts";
import { createLogger } from "../logger.ts";
import { runOps } from "../ops/registry.ts";
import { deliverDue } from "./deliver.ts";
import { pushOutbox, pushSubscriptions } from "./tables.ts";

// Web Push (issue 21): a customer's browser subscribes, and what reaches their inbox reaches the
// browser too — through a stand-in push service that checks the VAPID signature and decrypts the
// payload with the browser's keys (RFC 8291), as a real one and the browser would.

const feed = createScriptedFeed({ "btc/usdt": 60000 });
let push: PushServiceStandIn;
let t: TestPlatform;
let second: () => Promise<void>;
beforeAll(async () => {
  push = await startPushService();
  t = await testPlatform({ PUSH_SERVICES: `fcm.googleapis.com,${push.origin}` }, { marketFeed: feed });
  await t.marketReady();
  // A second alert watcher on the same database (another instance): still one push.
  second = await startAlertWatcher(
    { db: t.platform.deps.db, bus: t.platform.bus, view: t.platform.market.view },
    createLogger("silent"),
  );
});
afterAll(async () => {
  await second?.();
  await t?.close();
  await push?.close();
});

const db = () => t.platform.deps.db;
const subscribe = (token: string, json: Record<string, unknown>, lang?: string) =>
  t.api("/push/subscribe", { method: "POST", token, json, lang });
const received = (path: string) => push.received.filter((r) => r.path === path);
async function priceIs(code: string, price: number) {
  feed.set(code, price);
  await vi.waitFor(() => expect(Number(t.platform.market.view.ticker(code)?.price)).toBe(price));
}

describe("web push", () => {
  it("gives the VAPID public key, generated once and kept in DATA_DIR", async () => {
    const res = await t.api("/push/key");
    expect(res.body.data.public_key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(res.body.data.public_key).toBe(t.platform.deps.config.push.publicKey);
  });

  it("a price alert that goes off arrives once, signed, encrypted, in the customer's language", async () => {
    await priceIs("btc/usdt", 60000);
    const { token, user } = await registerByEmail(t);
    await db().update(users).set({ lang: "ja" }).where(eq(users.id, user.id));
    const browser = push.subscription();
    const on = await subscribe(token, {
      endpoint: browser.endpoint,
      p256dh: browser.p256dh,
      auth: browser.auth,
    });
    expect(on.body).toMatchObject({ status_code: 200, message: "Notifications are on for this device" });
    expect((await t.api("/push/devices", { token })).body.data).toEqual([
      expect.objectContaining({ id: on.body.data.id, service: "127.0.0.1", last_error: null }),
    ]);

    const alert = await t.api("/alerts/add", {
      method: "POST",
      token,
      json: { code: "btc/usdt", kind: "above", price: "61000" },
    });
    expect(alert.status).toBe(200);
    await priceIs("btc/usdt", 61000.5);
    await vi.waitFor(() => expect(received(browser.path)).toHaveLength(1), { timeout: 10_000 });
    await priceIs("btc/usdt", 62000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const got = received(browser.path);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      status: 201,
      vapidKey: t.platform.deps.config.push.publicKey,
      urgency: "high",
      payload: {
        title: "BTC/USDTが設定価格まで上昇しました",
        url: "/pricealerts",
        kind: "price_alert_above",
      },
    });
    // The same words as the message centre's, in the reader's language.
    const [message] = (await t.api("/inbox/list", { token, lang: "ja" })).body.data.items;
    expect(got[0]?.payload).toMatchObject({ title: message.title, body: message.body });
    expect((got[0]?.payload as { body?: string } | undefined)?.body).toContain("61,000.50");
    expect(await db().select().from(pushOutbox)).toEqual([]);
    const [device] = (await t.api("/push/devices", { token })).body.data;
    expect(device.last_sent_at).not.toBeNull();
  });

  it("a subscription the push service says is gone (410) is deleted", async () => {
    const { token, user } = await registerByEmail(t);
    const browser = push.subscription();
    push.answer(browser.path, 410);
    await subscribe(token, { endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth });
    await db().transaction((tx) =>
      postMessage(tx, user.id, "deposit_credited", { amount: "100", coin: "USDT" }),
    );
    await vi.waitFor(() => expect(received(browser.path)).toHaveLength(1), { timeout: 10_000 });
    expect(received(browser.path)[0]).toMatchObject({
      status: 410,
      payload: { title: "Deposit credited", url: "/walletrecord" },
    });
    await vi.waitFor(async () => expect((await t.api("/push/devices", { token })).body.data).toEqual([]));
    expect(await db().select().from(pushOutbox)).toEqual([]);
  });

  it("sends nothing for a transaction that rolled back, and retries what the service refused for now", async () => {
    const { token, user } = await registerByEmail(t);
    const browser = push.subscription();
    await subscribe(token, { endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth });
    await expect(
      db().transaction(async (tx) => {
        await postMessage(tx, user.id, "withdrawal_approved", { amount: "5", coin: "USDT" });
        throw new Error("the withdrawal failed after all");
      }),
    ).rejects.toThrow("the withdrawal failed");
    expect(await db().select().from(pushOutbox)).toEqual([]);

    // The push service is down for a moment: the notification waits (15 s), then goes.
    push.answer(browser.path, 503);
    await db().transaction((tx) => postMessage(tx, user.id, "kyc_primary_approved"));
    await vi.waitFor(() => expect(received(browser.path)).toHaveLength(1), { timeout: 10_000 });
    // The push service has answered before the sender has noted it.
    await vi.waitFor(async () =>
      expect((await t.api("/push/devices", { token })).body.data[0].last_error).toMatch(/^503/),
    );
    const [waiting] = await db().select().from(pushOutbox);
    expect(waiting?.attempts).toBe(1);
    expect(waiting?.dueAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    push.answer(browser.path, 201);
    await db().update(pushOutbox).set({ dueAt: sql`now()` });
    // The leader's sender takes it within a second; a sender of our own here finds it taken or takes it.
    await deliverDue({ db: db(), config: t.platform.deps.config, logger: createLogger("silent") });
    await vi.waitFor(() => expect(received(browser.path).map((r) => r.status)).toEqual([503, 201]));
    expect(received(browser.path)[1]?.payload).toMatchObject({ url: "/verify" });
    expect(await db().select().from(pushOutbox)).toEqual([]);

    // Kinds that stay in the inbox only: nothing is queued.
    await db().transaction((tx) => postMessage(tx, user.id, "earn_income", { amount: "1", coin: "USDT" }));
    expect(await db().select().from(pushOutbox)).toEqual([]);
  });

  it("a support reply arrives and opens the chat", async () => {
    const { token } = await registerByEmail(t);
    const browser = push.subscription();
    await subscribe(token, { endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth });
    const body = new FormData();
    body.append("body", "Where is my deposit?");
    const chat = (await t.api("/support/send", { method: "POST", body, token })).body.data.chat_id;
    // An operator, made by the CLI and signed in to the console, answers.
    const email = freshEmail("op-push");
    const made = await runOps(t.platform.deps, ["admin", "create", email, "--role", "support"], "root");
    const password = /password: (\S+)/.exec(made.output)?.[1] ?? "";
    const secret = /totp secret: ([A-Z2-7]+)/.exec(made.output)?.[1] ?? "";
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    const op = await t.api("/admin/login", { method: "POST", json: { email, password, code } });
    const reply = await t.api("/admin/support/reply", {
      method: "POST",
      token: op.body.data.token,
      json: { id: chat, body: "It is on its way" },
    });
    expect(reply.status).toBe(200);
    await vi.waitFor(() => expect(received(browser.path)).toHaveLength(1), { timeout: 10_000 });
    expect(received(browser.path)[0]?.payload).toEqual({
      title: "Customer service replied",
      body: "You have a new reply from customer service.",
      url: "/customerservice",
      kind: "support_reply",
    });
  });

  it("signing out on a device turns its notifications off", async () => {
    const { token, user, email } = await registerByEmail(t);
    const phone = push.subscription();
    const laptop = push.subscription();
    await subscribe(token, { endpoint: phone.endpoint, p256dh: phone.p256dh, auth: phone.auth });
    // The same customer signed in on a second device turns them on there.
    const second = await t.api("/login", { method: "POST", json: { account: email, password: "Secret123" } });
    const other = second.body.data.token as string;
    await subscribe(other, { endpoint: laptop.endpoint, p256dh: laptop.p256dh, auth: laptop.auth });
    await db().transaction((tx) =>
      postMessage(tx, user.id, "deposit_credited", { amount: "1", coin: "USDT" }),
    );
    // Queued for both; the phone signs out, most often before the sender runs (then the sender
    // drops it), and from then on only the laptop hears anything.
    expect((await t.api("/user/logout", { method: "POST", token })).status).toBe(200);
    const phoneHeard = received(phone.path).length;
    expect(phoneHeard).toBeLessThanOrEqual(1);
    await vi.waitFor(() => expect(received(laptop.path)).toHaveLength(1), { timeout: 10_000 });
    await db().transaction((tx) =>
      postMessage(tx, user.id, "deposit_credited", { amount: "2", coin: "USDT" }),
    );
    await vi.waitFor(() => expect(received(laptop.path)).toHaveLength(2), { timeout: 10_000 });
    expect(received(phone.path)).toHaveLength(phoneHeard);
    const devices = (await t.api("/push/devices", { token: other })).body.data;
    expect(devices).toHaveLength(1);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.endpoint)),
    ).toEqual([]);
  });

  it("refuses bad subscriptions field by field, in the customer's language, and stores nothing", async () => {
    const { token } = await registerByEmail(t);
    const browser = push.subscription();
    const empty = await subscribe(token, {}, "es");
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(["auth", "endpoint", "p256dh"]);
    expect(empty.body.errors.endpoint[0]).toBe("Esta no es una dirección de suscripción push");

    const bad = await subscribe(token, { endpoint: "not a url", p256dh: "AAAA", auth: browser.p256dh });
    expect(bad.body.errors).toEqual({
      endpoint: ["This is not a push subscription address"],
      p256dh: ["The browser's key is not valid"],
      auth: ["The browser's secret is not valid"],
    });

    // Anywhere but a push service: the server would be made to call into its own network.
    for (const endpoint of [
      "http://169.254.169.254/latest/meta-data",
      "https://example.com/push/1",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com.evil.example/x",
      `${push.origin.replace("127.0.0.1", "localhost")}/push/1`,
    ]) {
      const res = await subscribe(token, { endpoint, p256dh: browser.p256dh, auth: browser.auth }, "zh");
      expect(res.status, endpoint).toBe(422);
      expect(res.body.errors.endpoint).toEqual(["通知只能通过浏览器的推送服务发送"]);
    }
    const fcm = await subscribe(token, {
      endpoint: "https://fcm.googleapis.com/fcm/send/abc:def",
      p256dh: browser.p256dh,
      auth: browser.auth,
    });
    expect(fcm.status).toBe(200);
    expect((await t.api("/push/devices", { token })).body.data).toHaveLength(1);
    expect((await t.api("/push/subscribe", { method: "POST", json: {} })).status).toBe(401);
  });

  it("turns a device off, and a browser follows whoever subscribed it last", async () => {
    const first = await registerByEmail(t);
    const next = await registerByEmail(t);
    const browser = push.subscription();
    const json = { endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth };
    await subscribe(first.token, json);
    await subscribe(first.token, json); // again: the same device
    expect((await t.api("/push/devices", { token: first.token })).body.data).toHaveLength(1);
    await subscribe(next.token, json);
    expect((await t.api("/push/devices", { token: first.token })).body.data).toEqual([]);
    const [device] = (await t.api("/push/devices", { token: next.token })).body.data;

    const other = await t.api("/push/unsubscribe", {
      method: "POST",
      token: first.token,
      json: { id: device.id },
    });
    expect(other.status).toBe(404);
    const off = await t.api("/push/unsubscribe", {
      method: "POST",
      token: next.token,
      json: { id: device.id },
    });
    expect(off.body).toMatchObject({ status_code: 200, message: "Notifications are off for this device" });
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device.id))).toEqual(
      [],
    );
  });

  it("a spot order that trades is pushed to its owner: filled, at the average price, opening the order", async () => {
    await priceIs("btc/usdt", 60000);
    const buyer = await fundedCustomer(t, "spot", { USDT: "1000" });
    const resting = await fundedCustomer(t, "spot", { BTC: "1" });
    await db().update(users).set({ lang: "es" }).where(eq(users.id, buyer.user.id));
    const browser = push.subscription();
    const other = push.subscription();
    await subscribe(buyer.token, { endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth });
    await subscribe(resting.token, { endpoint: other.endpoint, p256dh: other.p256dh, auth: other.auth });
    // An order resting far above the market does not trade: nothing is pushed for it.
    const far = await t.api("/spot/order", {
      method: "POST",
      token: resting.token,
      json: { code: "btc/usdt", type: "limit", side: "sell", price: "90000", quantity: "0.01" },
    });
    expect(far.body.data).toMatchObject({ status: "open" });
    const bought = await t.api("/spot/order", {
      method: "POST",
      token: buyer.token,
      json: { code: "btc/usdt", type: "market", side: "buy", quantity: "0.001" },
    });
    expect(bought.body.data).toMatchObject({ status: "filled", filled_quantity: "0.001" });
    await vi.waitFor(() => expect(received(browser.path)).toHaveLength(1), { timeout: 10_000 });
    const [got] = received(browser.path);
    // The average price as Spanish writes it (grouped with a dot, no decimals when whole).
    const price = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 8 }).format(
      Number(bought.body.data.fill_price),
    );
    expect(got?.payload).toEqual({
      title: "Orden ejecutada",
      body: `Tu orden de compra de BTC/USDT se ejecutó: 0,001 a un precio medio de ${price}.`,
      url: `/orderdetails?id=${bought.body.data.id}`,
      kind: "order_filled",
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received(browser.path)).toHaveLength(1);
    expect(received(other.path)).toEqual([]);
  });
});
