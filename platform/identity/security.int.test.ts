import { and, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  freshEmail,
  freshMobile,
  lastCode,
  PASSWORD,
  registerByEmail,
} from "../../tests/support/accounts.ts";
import { TINY_PNG } from "../../tests/support/images.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { inboxMessages } from "../inbox/tables.ts";
import { verifyFundPassword, verifyGoogleCode, WITHDRAW_LOCK_MS, withdrawalReadiness } from "./security.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({ CODE_RESEND_SECONDS: "1" });
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const post = (path: string, json: unknown, token?: string, extra: { ip?: string; lang?: string } = {}) =>
  t.api(path, { method: "POST", json, token, ...extra });
const get = (path: string, token: string) => t.api(path, { token });
const db = () => t.platform.database.db;

const FUND = "Fund2026ok";

async function inbox(userId: number) {
  const rows = await db().select().from(inboxMessages).where(eq(inboxMessages.userId, userId));
  return rows.map((r) => r.type);
}

/** A code of the authenticator for `secret`, `steps` periods from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** Moves the clock forward (Date only: the database and the timers keep real time). */
function advance(ms: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now + ms);
}

async function withFundPassword() {
  const account = await registerByEmail(t);
  const set = await post(
    "/security/fund_password",
    { new_pay_pwd: FUND, new_pay_pwd_confirmation: FUND },
    account.token,
  );
  expect(set.status).toBe(200);
  return account;
}

async function withGoogle() {
  const account = await registerByEmail(t);
  const setup = await get("/security/google", account.token);
  const secret: string = setup.body.data.secret;
  const bound = await post("/security/google/bind", { google_code: codeAt(secret) }, account.token);
  expect(bound.status).toBe(200);
  return { ...account, secret };
}

describe("fund password", () => {
  it("is set with the spec's rule and messages", async () => {
    const { token, user } = await registerByEmail(t);
    const cases: [Record<string, string>, string, string][] = [
      [
        { new_pay_pwd: "abc123" },
        "new_pay_pwd",
        "The fund password must be 8–20 letters and digits, with at least one of each",
      ],
      [
        { new_pay_pwd: "abcdefghij" },
        "new_pay_pwd",
        "The fund password must be 8–20 letters and digits, with at least one of each",
      ],
      [
        { new_pay_pwd: "12345678901" },
        "new_pay_pwd",
        "The fund password must be 8–20 letters and digits, with at least one of each",
      ],
      [
        { new_pay_pwd: "Abc12345!" },
        "new_pay_pwd",
        "The fund password must be 8–20 letters and digits, with at least one of each",
      ],
      [
        { new_pay_pwd: "Abc123456789012345678" },
        "new_pay_pwd",
        "The fund password must be 8–20 letters and digits, with at least one of each",
      ],
      [{}, "new_pay_pwd", "Cannot be empty"],
    ];
    for (const [body, field, message] of cases) {
      const res = await post("/security/fund_password", { new_pay_pwd_confirmation: "x", ...body }, token);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    }
    const differ = await post(
      "/security/fund_password",
      { new_pay_pwd: FUND, new_pay_pwd_confirmation: "Fund2026ko" },
      token,
    );
    expect(differ.body.errors.new_pay_pwd_confirmation).toEqual([
      "The fund password entered twice is inconsistent",
    ]);
    const zh = await post(
      "/security/fund_password",
      { new_pay_pwd: FUND, new_pay_pwd_confirmation: "Fund2026ko" },
      token,
      { lang: "zh-CN" },
    );
    expect(zh.body.errors.new_pay_pwd_confirmation).toEqual(["两次输入的资金密码不一致"]);
    expect((await get("/user/info", token)).body.data.user.fund_password_set).toBe(false);

    const set = await post(
      "/security/fund_password",
      { new_pay_pwd: FUND, new_pay_pwd_confirmation: FUND },
      token,
    );
    expect(set.body).toMatchObject({ status_code: 200, message: "Fund password set" });
    expect((await get("/user/info", token)).body.data.user).toMatchObject({
      fund_password_set: true,
      google_bound: false,
      anti_phishing_set: false,
    });
    expect(await inbox(user.id)).toContain("security_fund_password_set");
    // Setting it for the first time does not lock withdrawals.
    expect((await withdrawalReadiness(db(), user.id)).locked_until).toBeNull();
    const again = await post(
      "/security/fund_password",
      { new_pay_pwd: FUND, new_pay_pwd_confirmation: FUND },
      token,
    );
    expect(again.body.errors.new_pay_pwd).toEqual(["The fund password is already set; change it instead"]);
  });

  it("is changed with the old one or a code, and withdrawals then lock for 24 hours", async () => {
    const { token, user, email } = await withFundPassword();
    const next = "Next2026ok";
    const wrong = await post(
      "/security/fund_password/change",
      { old_password: "Wrong2026", new_pay_pwd: next, new_pay_pwd_confirmation: next },
      token,
    );
    expect(wrong.body.errors.old_password).toEqual(["The fund password is incorrect"]);
    const none = await post(
      "/security/fund_password/change",
      { new_pay_pwd: next, new_pay_pwd_confirmation: next },
      token,
    );
    expect(none.body.errors.old_password).toEqual(["Cannot be empty"]);
    const differ = await post(
      "/security/fund_password/change",
      { old_password: FUND, new_pay_pwd: next, new_pay_pwd_confirmation: "Next2026ko" },
      token,
    );
    expect(differ.body.errors.new_pay_pwd_confirmation).toEqual([
      "The fund password entered twice is inconsistent",
    ]);

    const changed = await post(
      "/security/fund_password/change",
      { old_password: FUND, new_pay_pwd: next, new_pay_pwd_confirmation: next },
      token,
    );
    expect(changed.body.message).toBe("Fund password changed. Withdrawals are locked for 24 hours");
    expect(await verifyFundPassword(db(), user.id, FUND)).toBe(false);
    expect(await verifyFundPassword(db(), user.id, next)).toBe(true);
    expect(await inbox(user.id)).toContain("security_fund_password_changed");
    const locked = await withdrawalReadiness(db(), user.id);
    expect(Date.parse(locked.locked_until ?? "")).toBeGreaterThan(Date.now() + WITHDRAW_LOCK_MS - 60_000);
    expect((await get("/security/overview", token)).body.data.withdrawal.locked_until).toBe(
      locked.locked_until,
    );
    advance(WITHDRAW_LOCK_MS + 1000);
    expect((await withdrawalReadiness(db(), user.id)).locked_until).toBeNull();
    vi.useRealTimers();

    // Forgotten: a code to the account's own e-mail instead of the old password (one code a second).
    await new Promise((r) => setTimeout(r, 1100));
    const sent = await post("/security/send_code", { channel: "email" }, token);
    expect(sent.status).toBe(200);
    const noPhone = await post("/security/send_code", { channel: "sms" }, token);
    expect(noPhone.body.errors.channel).toEqual(["Bind your mobile number first"]);
    const third = "Third2026ok";
    const badCode = await post(
      "/security/fund_password/change",
      { code: "000000", channel: "email", new_pay_pwd: third, new_pay_pwd_confirmation: third },
      token,
    );
    const code = await lastCode(t, email);
    if (code !== "000000") expect(badCode.body.errors.code).toEqual(["The code is not correct"]);
    const byCode = await post(
      "/security/fund_password/change",
      { code, channel: "email", new_pay_pwd: third, new_pay_pwd_confirmation: third },
      token,
    );
    expect(byCode.status).toBe(200);
    expect(await verifyFundPassword(db(), user.id, third)).toBe(true);
  });

  it("locks after 5 wrong tries in 15 minutes, even for the right one", async () => {
    const { user, token } = await withFundPassword();
    for (let i = 0; i < 5; i++) expect(await verifyFundPassword(db(), user.id, `Wrong${i}x123`)).toBe(false);
    await expect(verifyFundPassword(db(), user.id, FUND)).rejects.toMatchObject({
      status: 429,
      messageKey: "errors.too_many_requests",
      options: { params: { minutes: 15 } },
    });
    const viaApi = await post(
      "/user/withdrawal_addresses/add",
      { coin: "BTC", network: "BTC", address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", payment_password: FUND },
      token,
    );
    expect(viaApi.status).toBe(429);
    expect(viaApi.body.message).toBe("Too many attempts, please try again in 15 minutes");
    advance(15 * 60_000 + 1000);
    expect(await verifyFundPassword(db(), user.id, FUND)).toBe(true);
  });

  it("counts parallel guesses: no more than 5 get checked", async () => {
    const { user } = await withFundPassword();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => verifyFundPassword(db(), user.id, `Guess${i}abc1`)),
    );
    expect(results.filter((r) => r.status === "fulfilled").length).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === "rejected").length).toBeGreaterThanOrEqual(5);
  });

  it("takes the right one sent many times at once (they no longer count as each other's failures)", async () => {
    const { user } = await withFundPassword();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => verifyFundPassword(db(), user.id, FUND)),
    );
    expect(results).toEqual(Array(8).fill(true));
  });
});

describe("Google Authenticator", () => {
  it("offers a secret with its QR code, binds with a valid code, and refuses a replayed one", async () => {
    const { token, user } = await registerByEmail(t);
    const setup = await get("/security/google", token);
    expect(setup.body.data).toMatchObject({ bound: false });
    const { secret, otpauth_url, qr_svg } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Beacon:/);
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The same secret until it is bound or renewed.
    expect((await get("/security/google", token)).body.data.secret).toBe(secret);

    const malformed = await post("/security/google/bind", { google_code: "12345" }, token);
    expect(malformed.body.errors.google_code).toEqual(["Enter the 6-digit Google Authenticator code"]);
    const wrong = await post("/security/google/bind", { google_code: codeAt(secret, 5) }, token);
    expect(wrong.body.errors.google_code).toEqual([
      "The Google Authenticator code is incorrect or was already used",
    ]);

    const code = codeAt(secret);
    const bound = await post("/security/google/bind", { google_code: code }, token);
    expect(bound.body.message).toBe("Google Authenticator binding saved");
    expect((await get("/user/info", token)).body.data.user.google_bound).toBe(true);
    expect((await get("/security/google", token)).body.data).toEqual({
      bound: true,
      secret: "",
      otpauth_url: "",
      qr_svg: "",
    });
    expect(await inbox(user.id)).toContain("security_2fa_bound");
    // Binding first does not lock withdrawals.
    expect((await withdrawalReadiness(db(), user.id)).locked_until).toBeNull();

    // The code that bound it is spent; so is any other of the same step.
    expect(await verifyGoogleCode(db(), user.id, code)).toBe(false);
    const replay = await post("/security/google/unbind", { google_code: code }, token);
    expect(replay.body.errors.google_code).toEqual([
      "The Google Authenticator code is incorrect or was already used",
    ]);
    // One step later, a fresh code works once.
    advance(30_000);
    const fresh = codeAt(secret);
    expect(await verifyGoogleCode(db(), user.id, fresh)).toBe(true);
    expect(await verifyGoogleCode(db(), user.id, fresh)).toBe(false);

    advance(30_000);
    const unbound = await post("/security/google/unbind", { google_code: codeAt(secret) }, token);
    expect(unbound.body.message).toBe("Google Authenticator unbound. Withdrawals are locked for 24 hours");
    expect((await withdrawalReadiness(db(), user.id)).locked_until).not.toBeNull();
    expect(await inbox(user.id)).toContain("security_2fa_unbound");
    // A new binding gets a new secret.
    expect((await get("/security/google", token)).body.data.secret).not.toBe(secret);
  });

  it("accepts the codes of one step either side, not two", async () => {
    const { user, secret } = await withGoogle();
    advance(30_000 * 4);
    expect(await verifyGoogleCode(db(), user.id, codeAt(secret, 2))).toBe(false);
    expect(await verifyGoogleCode(db(), user.id, codeAt(secret, -2))).toBe(false);
    expect(await verifyGoogleCode(db(), user.id, codeAt(secret, -1))).toBe(true);
    expect(await verifyGoogleCode(db(), user.id, codeAt(secret, 1))).toBe(true);
    // Once step +1 is used, the current one (earlier) is refused too.
    expect(await verifyGoogleCode(db(), user.id, codeAt(secret, 0))).toBe(false);
  });

  it("throttles wrong codes: 5 in 15 minutes", async () => {
    const { user, secret } = await withGoogle();
    advance(60_000);
    for (let i = 0; i < 5; i++)
      expect(await verifyGoogleCode(db(), user.id, codeAt(secret, 10 + i))).toBe(false);
    await expect(verifyGoogleCode(db(), user.id, codeAt(secret))).rejects.toMatchObject({ status: 429 });
  });

  it("asks for its code for security changes once bound", async () => {
    const { token, secret } = await withGoogle();
    const without = await post(
      "/security/fund_password",
      { new_pay_pwd: FUND, new_pay_pwd_confirmation: FUND },
      token,
    );
    expect(without.body.errors.google_code).toEqual(["Enter the code from Google Authenticator"]);
    advance(30_000);
    const withCode = await post(
      "/security/fund_password",
      { new_pay_pwd: FUND, new_pay_pwd_confirmation: FUND, google_code: codeAt(secret) },
      token,
    );
    expect(withCode.status).toBe(200);
  });
});

describe("sign-in with Google Authenticator bound", () => {
  it("answers a ticket, then a session for the ticket and a code; a ticket is used once", async () => {
    const { email, secret, user } = await withGoogle();
    const first = await post("/login", { account: email, password: PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body.data.token).toBeUndefined();
    expect(first.body.data.two_factor.type).toBe("google");
    const ticket: string = first.body.data.two_factor.ticket;
    expect(ticket.length).toBeGreaterThan(30);

    const wrong = await post("/login/verify", { ticket, code: codeAt(secret, 7) });
    expect(wrong.body.errors.code).toEqual([
      "The Google Authenticator code is incorrect or was already used",
    ]);
    const unknown = await post("/login/verify", { ticket: `${ticket}x`, code: codeAt(secret, 1) });
    expect(unknown.body.errors.ticket).toEqual(["This sign-in has expired, please log in again"]);

    const ok = await post("/login/verify", { ticket, code: codeAt(secret, 1) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.id).toBe(user.id);
    expect((await get("/user/info", ok.body.data.token)).status).toBe(200);
    advance(60_000);
    const again = await post("/login/verify", { ticket, code: codeAt(secret, 1) });
    expect(again.body.errors.ticket).toEqual(["This sign-in has expired, please log in again"]);

    const history = await get("/user/login_history", ok.body.data.token);
    expect(history.body.data[0]).toMatchObject({ method: "password", success: true });
    expect(history.body.data.some((e: { reason: string }) => e.reason === "google_code")).toBe(true);
  });

  it("gives a ticket 5 tries and 5 minutes", async () => {
    const { email, secret } = await withGoogle();
    const ticket = (await post("/login", { account: email, password: PASSWORD })).body.data.two_factor.ticket;
    for (let i = 0; i < 4; i++) {
      const res = await post("/login/verify", { ticket, code: codeAt(secret, 20 + i) });
      expect(res.body.errors.code).toEqual([
        "The Google Authenticator code is incorrect or was already used",
      ]);
    }
    const fifth = await post("/login/verify", { ticket, code: codeAt(secret, 30) });
    expect(fifth.body.errors.code).toEqual(["This sign-in has expired, please log in again"]);
    advance(16 * 60_000);
    const sixth = await post("/login/verify", { ticket, code: codeAt(secret, 1) });
    expect(sixth.body.errors.ticket).toEqual(["This sign-in has expired, please log in again"]);

    const late = (await post("/login", { account: email, password: PASSWORD })).body.data.two_factor.ticket;
    advance(5 * 60_000 + 1000);
    const expired = await post("/login/verify", { ticket: late, code: codeAt(secret) });
    expect(expired.body.errors.ticket).toEqual(["This sign-in has expired, please log in again"]);
  });
});

describe("wallet sign-in with Google Authenticator bound", () => {
  it("answers a ticket too, and the code finishes it", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const signIn = async () => {
      const { message } = (await post("/wallet/message", { address: wallet.address })).body.data;
      return post("/wallet/login", { message, signature: await wallet.signMessage({ message }) });
    };
    const first = await signIn();
    const token: string = first.body.data.token;
    const secret: string = (await get("/security/google", token)).body.data.secret;
    expect((await post("/security/google/bind", { google_code: codeAt(secret) }, token)).status).toBe(200);

    const second = await signIn();
    expect(second.body.data.token).toBeUndefined();
    expect(second.body.message).toBe("Enter the Google Authenticator code to finish signing in");
    const done = await post("/login/verify", {
      ticket: second.body.data.two_factor.ticket,
      code: codeAt(secret, 1),
    });
    expect(done.status).toBe(200);
    expect(done.body.data.user.wallet_address).toBe(wallet.address.toLowerCase());
    const history = (await get("/user/login_history", done.body.data.token)).body.data;
    expect(history[0]).toMatchObject({ method: "wallet", success: true });
  });
});

describe("login password change", () => {
  it("needs the old one, ends every session and locks withdrawals", async () => {
    const { token, email, user } = await registerByEmail(t);
    const other = (await post("/login", { account: email, password: PASSWORD })).body.data.token;
    const next = "Changed2026";
    const wrong = await post(
      "/security/login_password",
      { old_login_pwd: "Wrong2026", new_login_pwd: next, new_login_pwd_confirmation: next },
      token,
    );
    expect(wrong.body.errors.old_login_pwd).toEqual(["The current password is incorrect"]);
    const differ = await post(
      "/security/login_password",
      { old_login_pwd: PASSWORD, new_login_pwd: next, new_login_pwd_confirmation: "Changed2027" },
      token,
    );
    expect(differ.body.errors.new_login_pwd_confirmation).toEqual(["The two passwords entered differ"]);
    const weak = await post(
      "/security/login_password",
      { old_login_pwd: PASSWORD, new_login_pwd: "short", new_login_pwd_confirmation: "short" },
      token,
    );
    expect(weak.body.errors.new_login_pwd).toEqual([
      "Use 8–20 characters with at least one letter and one digit",
    ]);

    const changed = await post(
      "/security/login_password",
      { old_login_pwd: PASSWORD, new_login_pwd: next, new_login_pwd_confirmation: next },
      token,
    );
    expect(changed.body.message).toBe("Login password changed, please log in again");
    for (const ended of [token, other]) {
      expect((await get("/user/info", ended)).body.status_code).toBe(50012);
    }
    expect((await post("/login", { account: email, password: PASSWORD })).status).toBe(422);
    expect((await post("/login", { account: email, password: next })).status).toBe(200);
    expect((await withdrawalReadiness(db(), user.id)).locked_until).not.toBeNull();
    expect(await inbox(user.id)).toContain("security_password_changed");
  });
});

describe("e-mail, phone and the anti-phishing code", () => {
  it("binds a phone with the code sent to it, and a change locks withdrawals", async () => {
    const { token, user } = await registerByEmail(t);
    const phone = freshMobile();
    const anonymous = await t.api(`/captcha?phone=${phone}&area_code=65&type=bind`);
    expect(anonymous.status).toBe(422);
    const sent = await t.api(`/captcha?phone=${phone}&area_code=65&type=bind`, { token });
    expect(sent.status).toBe(200);
    const code = await lastCode(t, `+65${phone}`);
    const bound = await post("/security/phone", { area_code: "65", phone, code }, token);
    expect(bound.body.message).toBe("Mobile number saved");
    expect((await withdrawalReadiness(db(), user.id)).phone_bound).toBe(true);
    // The first phone does not lock withdrawals; changing it does.
    expect((await withdrawalReadiness(db(), user.id)).locked_until).toBeNull();
    const same = await post("/security/phone", { area_code: "65", phone, code }, token);
    expect(same.body.errors.phone).toEqual(["This is already your address"]);

    const phone2 = freshMobile();
    await t.api(`/captcha?phone=${phone2}&area_code=65&type=bind`, { token });
    const code2 = await lastCode(t, `+65${phone2}`);
    const reused = await post("/security/phone", { area_code: "65", phone: phone2, code }, token);
    expect(reused.body.errors.code).toBeDefined();
    expect(
      (await post("/security/phone", { area_code: "65", phone: phone2, code: code2 }, token)).status,
    ).toBe(200);
    expect((await withdrawalReadiness(db(), user.id)).locked_until).not.toBeNull();
    expect(await inbox(user.id)).toContain("security_phone_bound");
    const info = (await get("/user/info", token)).body.data.user;
    expect(info.phone).toBe(phone2);
  });

  it("ignores spaces typed around the new phone, and refuses one of spaces only as empty", async () => {
    const { token } = await registerByEmail(t);
    const send = (typed: string) =>
      t.api(`/captcha?phone=${encodeURIComponent(typed)}&area_code=65&type=bind`, { token });
    // Before: a leading space was read as a "+" lost in the URL, the number as +90935644.
    const first = freshMobile();
    expect((await send(` ${first}`)).status).toBe(200);
    expect(await lastCode(t, `+65${first}`)).toMatch(/^\d{6}$/);
    const phone = freshMobile();
    expect((await send(` ${phone} `)).status).toBe(200);
    const code = await lastCode(t, `+65${phone}`);
    const bound = await post("/security/phone", { area_code: " 65", phone: ` ${phone} `, code }, token);
    expect(bound.body.message).toBe("Mobile number saved");
    const info = (await get("/user/info", token)).body.data.user;
    expect(info).toMatchObject({ area_code: "65", phone });

    const blank = await t.api("/captcha?phone=%20%20%20&area_code=65&type=bind", { token, lang: "zh" });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.phone).toEqual(["不能为空"]);
    const blankBind = await post("/security/phone", { area_code: "65", phone: "   ", code }, token);
    expect(blankBind.body.errors.phone).toEqual(["Cannot be empty"]);
  });

  it("changes the e-mail with a code to the new one; a taken address is refused", async () => {
    const { token, user } = await registerByEmail(t);
    const taken = (await registerByEmail(t)).email;
    const refused = await post("/send_email", { email: taken, type: "bind" }, token);
    expect(refused.body.errors.email).toEqual(["This address is already linked to an account"]);
    const next = freshEmail("moved");
    await post("/send_email", { email: next, type: "bind" }, token);
    const code = await lastCode(t, next);
    const changed = await post("/security/email", { email: next, code }, token);
    expect(changed.body.message).toBe("E-mail saved");
    expect((await get("/user/info", token)).body.data.user.email).toBe(next);
    expect((await withdrawalReadiness(db(), user.id)).locked_until).not.toBeNull();
    expect(await inbox(user.id)).toContain("security_email_bound");
  });

  it("shows the anti-phishing code in every e-mail we send the user", async () => {
    const { token, email } = await registerByEmail(t);
    const bad = await post("/security/anti_phishing", { anti_phishing_code: "a b" }, token);
    expect(bad.body.errors.anti_phishing_code).toEqual(["Use 4–20 letters, digits or _"]);
    const set = await post("/security/anti_phishing", { anti_phishing_code: "Blue_Heron7" }, token);
    expect(set.body.message).toBe("Anti-phishing code saved");
    expect((await get("/user/info", token)).body.data.user.anti_phishing_set).toBe(true);
    expect((await get("/security/overview", token)).body.data.anti_phishing_code).toBe("Blue_Heron7");

    await new Promise((r) => setTimeout(r, 1100));
    await post("/security/send_code", { channel: "email" }, token);
    const mail = (await t.api(`/dev/outbox?to=${encodeURIComponent(email)}`)).body.data[0];
    expect(mail.body.startsWith("Anti-phishing code: Blue_Heron7\n\n")).toBe(true);
    // A reset code too (sent without a session).
    await new Promise((r) => setTimeout(r, 1100));
    await post("/send_email", { email, type: "reset" });
    const reset = (await t.api(`/dev/outbox?to=${encodeURIComponent(email)}`)).body.data[0];
    expect(reset.body).toContain("Anti-phishing code: Blue_Heron7");

    await post("/security/anti_phishing", { clear: "1" }, token);
    expect((await get("/user/info", token)).body.data.user.anti_phishing_set).toBe(false);
  });
});

describe("login history", () => {
  it("records successes and failures with time, IP and device", async () => {
    const { email, token } = await registerByEmail(t);
    const ua = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36";
    await t.api("/login", {
      method: "POST",
      json: { account: email, password: "Wrong2026" },
      ip: "203.0.113.9",
      headers: { "user-agent": ua },
    });
    await t.api("/login", {
      method: "POST",
      json: { account: email, password: PASSWORD },
      ip: "203.0.113.10",
      headers: { "user-agent": ua },
    });
    const history = (await get("/user/login_history", token)).body.data;
    expect(history[0]).toMatchObject({
      success: true,
      method: "password",
      ip: "203.0.113.10",
      device: "Chrome · Android",
    });
    expect(history[1]).toMatchObject({ success: false, reason: "password", ip: "203.0.113.9" });
    expect(history[2]).toMatchObject({ success: true, method: "register" });
    expect(Date.parse(history[0].created_at)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("withdrawal addresses", () => {
  it("are checked per network and need the fund password", async () => {
    const { token: fresh } = await registerByEmail(t);
    const noFund = await post(
      "/user/withdrawal_addresses/add",
      { coin: "BTC", network: "BTC", address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", payment_password: FUND },
      fresh,
    );
    expect(noFund.status).toBe(403);
    expect(noFund.body.message).toBe("Set the fund password first");

    const { token, user } = await withFundPassword();
    const base = { payment_password: FUND };
    const refused: [Record<string, string>, string, string][] = [
      [
        { coin: "BTC", network: "BTC", address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb" },
        "address",
        "This is not a valid address for this network",
      ],
      [
        { coin: "USDT", network: "TRC20", address: "0xdAC17F958D2ee523a2206206994597C13D831ec7" },
        "address",
        "This is not a valid address for this network",
      ],
      [
        { coin: "BTC", network: "ERC20", address: "0xdAC17F958D2ee523a2206206994597C13D831ec7" },
        "network",
        "Choose a network this coin can be sent on",
      ],
      [{ coin: "DOGE", network: "BTC", address: "x" }, "coin", "Choose a coin"],
      [{ coin: "BTC", network: "BTC" }, "address", "Cannot be empty"],
    ];
    for (const [body, field, message] of refused) {
      const res = await post("/user/withdrawal_addresses/add", { ...base, ...body }, token);
      expect(res.body.errors?.[field], JSON.stringify(body)).toEqual([message]);
    }
    const wrongFund = await post(
      "/user/withdrawal_addresses/add",
      {
        coin: "USDT",
        network: "TRC20",
        address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        payment_password: "Wrong2026",
      },
      token,
    );
    expect(wrongFund.body.errors.payment_password).toEqual(["The fund password is incorrect"]);

    const added = await post(
      "/user/withdrawal_addresses/add",
      {
        coin: "USDT",
        network: "TRC20",
        address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        remark: "Cold wallet",
        ...base,
      },
      token,
    );
    expect(added.body.message).toBe("Withdrawal address added");
    expect(added.body.data).toMatchObject({ coin: "USDT", network: "TRC20", remark: "Cold wallet" });
    const dup = await post(
      "/user/withdrawal_addresses/add",
      { coin: "USDT", network: "TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", ...base },
      token,
    );
    expect(dup.body.errors.address).toEqual(["This address is already saved"]);
    await post(
      "/user/withdrawal_addresses/add",
      { coin: "ETH", network: "ERC20", address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", ...base },
      token,
    );
    expect((await get("/user/withdrawal_addresses", token)).body.data).toHaveLength(2);
    expect((await get("/user/withdrawal_addresses?coin=ETH", token)).body.data).toHaveLength(1);
    // An EVM address is the same address in any case (EIP-55's mixed case only checks typing):
    // lower case is refused as already saved, and an address saved in lower case is kept in its
    // checksum case.
    const lower = await post(
      "/user/withdrawal_addresses/add",
      { coin: "ETH", network: "ERC20", address: "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", ...base },
      token,
    );
    expect(lower.body.errors?.address).toEqual(["This address is already saved"]);
    const saved = await post(
      "/user/withdrawal_addresses/add",
      { coin: "ETH", network: "ERC20", address: "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359", ...base },
      token,
    );
    expect(saved.body.data.address).toBe("0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359");
    const checksummed = await post(
      "/user/withdrawal_addresses/add",
      { coin: "ETH", network: "ERC20", address: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", ...base },
      token,
    );
    expect(checksummed.body.errors?.address).toEqual(["This address is already saved"]);
    // Bech32 is one address in either case too.
    await post(
      "/user/withdrawal_addresses/add",
      { coin: "BTC", network: "BTC", address: "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", ...base },
      token,
    );
    const bech = await post(
      "/user/withdrawal_addresses/add",
      { coin: "BTC", network: "BTC", address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", ...base },
      token,
    );
    expect(bech.body.errors?.address).toEqual(["This address is already saved"]);
    for (const id of [saved.body.data.id]) await post("/user/withdrawal_addresses/delete", { id }, token);
    const btc = (await get("/user/withdrawal_addresses?coin=BTC", token)).body.data;
    expect(btc.map((a: { address: string }) => a.address)).toEqual([
      "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    ]);
    await post("/user/withdrawal_addresses/delete", { id: btc[0].id }, token);

    const stranger = await registerByEmail(t);
    const notYours = await post(
      "/user/withdrawal_addresses/delete",
      { id: added.body.data.id },
      stranger.token,
    );
    expect(notYours.status).toBe(422);
    const deleted = await post("/user/withdrawal_addresses/delete", { id: added.body.data.id }, token);
    expect(deleted.body.message).toBe("Withdrawal address deleted");
    expect(
      (await get("/user/withdrawal_addresses", token)).body.data.map((a: { coin: string }) => a.coin),
    ).toEqual(["ETH"]);
    expect(user.id).toBeGreaterThan(0);
  });
});

describe("payment methods, nickname and avatar", () => {
  it("adds a bank card with the fund password and shows its number masked", async () => {
    const { token } = await withFundPassword();
    const card = {
      kind: "bank",
      holder: "Ana Lim",
      provider: "DBS",
      account: "1234567890",
      branch: "Orchard",
      payment_password: FUND,
    };
    const added = await post("/user/payment_methods/add", card, token);
    expect(added.body.data).toMatchObject({ kind: "bank", account: "****7890", holder: "Ana Lim" });
    expect((await post("/user/payment_methods/add", card, token)).body.errors.account).toEqual([
      "This payment method is already saved",
    ]);
    const bad = await post("/user/payment_methods/add", { ...card, account: "12", kind: "cash" }, token);
    expect(bad.body.errors.kind).toEqual(["Choose one of the options"]);
    expect(bad.body.errors.account).toEqual(["Enter the account: 4–40 letters, digits or . @ _ + -"]);
    expect((await get("/user/payment_methods", token)).body.data).toHaveLength(1);
    await post("/user/payment_methods/delete", { id: added.body.data.id }, token);
    expect((await get("/user/payment_methods", token)).body.data).toHaveLength(0);
  });

  it("sets the nickname and an avatar only its owner can fetch", async () => {
    const { token } = await registerByEmail(t);
    const named = await post("/user/profile", { name: "  Ana  " }, token);
    expect(named.body.data.user.name).toBe("Ana");
    expect((await post("/user/profile", { name: "x".repeat(21) }, token)).body.errors.name).toEqual([
      "Enter at most 20 characters",
    ]);
    const png = TINY_PNG;
    const form = new FormData();
    form.append("avatar", new File([png], "me.png", { type: "image/png" }));
    const uploaded = await t.api("/user/avatar", { method: "POST", body: form, token });
    expect(uploaded.body.message).toBe("Avatar saved");
    const path: string = uploaded.body.data.avatar;
    expect((await get("/user/info", token)).body.data.user.avatar).toBe(path);
    const mine = await t.platform.fetch(
      new Request(`http://test.local${path}`, { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await mine.arrayBuffer()).equals(png)).toBe(true);
    const other = await registerByEmail(t);
    const theirs = await t.platform.fetch(
      new Request(`http://test.local${path}`, { headers: { authorization: `Bearer ${other.token}` } }),
    );
    expect(theirs.status).toBe(404);
    const anonymous = await t.platform.fetch(new Request(`http://test.local${path}`));
    expect(anonymous.status).toBe(401);
  });
});

describe("withdrawal readiness", () => {
  it("reports phone, verification, fund password, 2FA and the lock", async () => {
    const { user } = await registerByEmail(t);
    expect(await withdrawalReadiness(db(), user.id)).toEqual({
      phone_bound: false,
      primary_verified: false,
      fund_password_set: false,
      google_bound: false,
      locked_until: null,
    });
    const rows = await db()
      .select()
      .from(inboxMessages)
      .where(and(eq(inboxMessages.userId, user.id), eq(inboxMessages.type, "security_new_login")));
    expect(rows).toHaveLength(0);
  });
});
