import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freshEmail,
  freshMobile,
  lastCode,
  PASSWORD,
  registerByEmail,
} from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { users, verificationCodes } from "./tables.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform({ SEED_DEMO: "1" });
});
afterAll(() => t?.close());

const post = (path: string, json: unknown, extra: { token?: string; ip?: string; lang?: string } = {}) =>
  t.api(path, { method: "POST", json, ...extra });

describe("registration by e-mail", () => {
  it("sends a 6-digit code and creates the account with it, signed in", async () => {
    const email = freshEmail();
    const sent = await post("/send_email", { email, type: "register" });
    expect(sent.body).toEqual({ status_code: 200, message: "Verification code sent", data: null });
    const code = await lastCode(t, email);
    expect(code).toMatch(/^\d{6}$/);
    const res = await post("/register", {
      type: "email",
      email: email.toUpperCase(),
      code,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agree: "on",
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email, account: email, name: "", kind: "user" });
    expect(res.body.data.user.authentication).toEqual({
      primary: "unauthenticated",
      advanced: "unauthenticated",
    });
    const info = await t.api("/user/info", { token: res.body.data.token });
    expect(info.body.data.user.email).toBe(email);
  });

  it("refuses without agreement, with a weak or mismatched password, each with its message", async () => {
    const email = freshEmail();
    await post("/send_email", { email, type: "register" });
    const code = await lastCode(t, email);
    const base = { type: "email", email, code, password: PASSWORD, password_confirmation: PASSWORD };
    const noAgree = await post("/register", base);
    expect(noAgree.body.errors.agree).toEqual(["Read and agree to the terms first"]);
    const weak = await post("/register", {
      ...base,
      agree: true,
      password: "abcdefgh",
      password_confirmation: "abcdefgh",
    });
    expect(weak.body.errors.password).toEqual(["Use 8–20 characters with at least one letter and one digit"]);
    const differ = await post("/register", { ...base, agree: true, password_confirmation: "Secret124" });
    expect(differ.body.errors.password_confirmation).toEqual(["The two passwords entered differ"]);
    // None of these used the code up.
    expect((await post("/register", { ...base, agree: true })).status).toBe(200);
  });

  it("uses a code once only", async () => {
    const email = freshEmail();
    await post("/send_email", { email, type: "register" });
    const code = await lastCode(t, email);
    const body = {
      type: "email",
      email,
      code,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agree: true,
    };
    const [a, b] = await Promise.all([post("/register", body), post("/register", body)]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
  });

  it("allows one code per address per minute", async () => {
    const email = freshEmail();
    expect((await post("/send_email", { email, type: "register" })).status).toBe(200);
    const again = await post("/send_email", { email, type: "reset" });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Please wait \d+ s before asking for another code$/);
  });

  it("kills a code after five wrong tries, even for the right code", async () => {
    const email = freshEmail();
    await post("/send_email", { email, type: "register" });
    const code = await lastCode(t, email);
    const wrong = code === "000000" ? "111111" : "000000";
    const attempt = (c: string) =>
      post("/register", {
        type: "email",
        email,
        code: c,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        agree: true,
      });
    const results = await Promise.all(Array.from({ length: 8 }, () => attempt(wrong)));
    expect(results.every((r) => r.status === 422)).toBe(true);
    // In parallel the answers come back in any order; what holds is the count: four tries are
    // told "not correct", the fifth and every one after it "too many".
    const said = results.map((r) => r.body.errors.code[0]);
    expect(said.filter((m) => m === "The code is not correct")).toHaveLength(4);
    expect(said.filter((m) => m === "Too many wrong codes, request a new one")).toHaveLength(4);
    const right = await attempt(code);
    expect(right.body.errors.code).toEqual(["Too many wrong codes, request a new one"]);
  });

  it("lets a code expire after ten minutes", async () => {
    const email = freshEmail();
    await post("/send_email", { email, type: "register" });
    const code = await lastCode(t, email);
    await t.platform.deps.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(verificationCodes.address, email));
    const res = await post("/register", {
      type: "email",
      email,
      code,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agree: true,
    });
    expect(res.body.errors.code).toEqual(["This code has expired or was already used, request a new one"]);
  });

  it("never tells whether an address has an account", async () => {
    const { email } = await registerByEmail(t);
    const unknown = freshEmail();
    // Fresh addresses: the once-a-minute rule does not interfere.
    await t.platform.deps.db.delete(verificationCodes).where(eq(verificationCodes.address, email));
    const taken = await post("/send_email", { email, type: "register" });
    const free = await post("/send_email", { email: unknown, type: "register" });
    expect(taken.body).toEqual(free.body);
    const notice = (await t.api(`/dev/outbox?to=${email}`)).body.data[0];
    expect(notice.code).toBeNull();
    expect(notice.subject).toContain("tried to sign up");

    const nobody = freshEmail();
    const resetUnknown = await post("/send_email", { email: nobody, type: "reset" });
    expect(resetUnknown.body).toEqual(taken.body);
    expect((await t.api(`/dev/outbox?to=${nobody}`)).body.data).toEqual([]);
    const failed = await post("/user/reset_login_pwd", {
      account: nobody,
      code: "123456",
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(failed.status).toBe(422);
    expect(Object.keys(failed.body.errors)).toEqual(["code"]);
  });

  it("records the inviter from a valid invite code and refuses an unknown one", async () => {
    const inviter = await registerByEmail(t);
    const email = freshEmail();
    await post("/send_email", { email, type: "register" });
    const code = await lastCode(t, email);
    const body = {
      type: "email",
      email,
      code,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agree: true,
    };
    const bad = await post("/register", { ...body, invite_code: "NOPE1234" });
    expect(bad.body.errors.invite_code).toEqual(["This invite code does not exist"]);
    const ok = await post("/register", { ...body, invite_code: inviter.user.invite_code.toLowerCase() });
    expect(ok.status).toBe(200);
    const [row] = await t.platform.deps.db.select().from(users).where(eq(users.email, email));
    expect(row?.invitedBy).toBe(inviter.user.id);
  });
});

describe("registration by phone", () => {
  it("sends an SMS code answering captcha_key and registers with it", async () => {
    // A Singapore mobile: 8 digits, 90–98 (99… is not a mobile range).
    const phone = freshMobile();
    const sent = await t.api(`/captcha?phone=${phone}&key_str=${phone}&area_code=65`);
    expect(sent.status).toBe(200);
    expect(sent.body.data.captcha_key).toMatch(/^[\w-]{10,}$/);
    const code = await lastCode(t, `+65${phone}`);
    const res = await post("/register", {
      type: "phone",
      area_code: "+65",
      phone,
      code,
      captcha_key: sent.body.data.captcha_key,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agree: "1",
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ area_code: "65", phone, account: phone, email: "" });
    const login = await post("/login", { account: phone, area_code: "65", password: PASSWORD });
    expect(login.status).toBe(200);
    const e164 = await post("/login", { account: `+65 ${phone}`, password: PASSWORD });
    expect(e164.status).toBe(200);
  });

  it("refuses a number that is not real for its dial code", async () => {
    const res = await t.api("/captcha?phone=123&area_code=65");
    expect(res.status).toBe(422);
    const fake = await t.api("/captcha?phone=12345678&area_code=65");
    expect(fake.body.errors.phone).toEqual(["Enter a valid mobile number"]);
  });
});

describe("login", () => {
  it("signs in and fails with one message whether the account or the password is wrong", async () => {
    const { email } = await registerByEmail(t);
    const ok = await post("/login", { account: email, password: PASSWORD });
    expect(ok.body.data.token).toMatch(/^[\w-]{43}$/);
    const wrongPassword = await post("/login", { account: email, password: "Wrong1234" });
    const noAccount = await post("/login", { account: freshEmail(), password: "Wrong1234" });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body).toEqual(noAccount.body);
    expect(wrongPassword.body.message).toBe("The account or password is incorrect");
  });

  it("stops one address for 15 minutes after 5 failures on an account", async () => {
    const { email } = await registerByEmail(t);
    const ip = "203.0.113.70";
    for (let i = 0; i < 5; i++) await post("/login", { account: email, password: "Wrong1234" }, { ip });
    const locked = await post("/login", { account: email, password: PASSWORD }, { ip });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe("Too many attempts, please try again in 15 minutes");
    const zh = await post("/login", { account: email, password: PASSWORD }, { lang: "zh", ip });
    expect(zh.status).toBe(429);
    expect(zh.body.message).not.toContain("Too many");
  });

  it("throttles one address trying many accounts", async () => {
    const ip = "203.0.113.7";
    for (let i = 0; i < 30; i++)
      await post("/login", { account: freshEmail(), password: "Wrong1234" }, { ip });
    const { email } = await registerByEmail(t);
    expect((await post("/login", { account: email, password: PASSWORD }, { ip })).status).toBe(429);
    expect((await post("/login", { account: email, password: PASSWORD })).status).toBe(200);
  });

  it("refuses a frozen account", async () => {
    const { email } = await registerByEmail(t);
    await t.platform.deps.db.update(users).set({ status: "frozen" }).where(eq(users.email, email));
    const res = await post("/login", { account: email, password: PASSWORD });
    expect(res.status).toBe(423);
  });

  it("creates the demo account on first start", async () => {
    const res = await post("/login", { account: "demo@example.com", password: "Demo2026" });
    expect(res.status).toBe(200);
  });
});

describe("sessions", () => {
  it("are listed, and one or all others can be ended", async () => {
    const { email, token: first } = await registerByEmail(t);
    const second = (
      await t.api("/login", {
        method: "POST",
        json: { account: email, password: PASSWORD },
        headers: { "user-agent": "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile" },
      })
    ).body.data.token;
    const third = (await post("/login", { account: email, password: PASSWORD })).body.data.token;
    const list = await t.api("/user/sessions", { token: second });
    expect(list.body.data).toHaveLength(3);
    expect(list.body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.body.data.find((s: { current: boolean }) => s.current).device).toBe("Chrome · Android");

    const firstId = (await t.api("/user/sessions", { token: first })).body.data.find(
      (s: { current: boolean }) => s.current,
    ).id;
    expect((await post("/user/sessions/revoke", { id: firstId }, { token: second })).body.data).toEqual({
      ended: 1,
    });
    const ended = await t.api("/user/info", { token: first });
    expect(ended.status).toBe(401);
    expect(ended.body.status_code).toBe(50012);

    expect((await post("/user/sessions/revoke", { all_others: true }, { token: second })).body.data).toEqual({
      ended: 1,
    });
    expect((await t.api("/user/info", { token: third })).body.status_code).toBe(50012);
    expect((await t.api("/user/info", { token: second })).status).toBe(200);
    // Nothing left to end is not an error.
    const none = await post("/user/sessions/revoke", { all_others: true }, { token: second });
    expect([none.status, none.body.data]).toEqual([200, { ended: 0 }]);
  });

  it("cannot end another user's session", async () => {
    const a = await registerByEmail(t);
    const b = await registerByEmail(t);
    const bSession = (await t.api("/user/sessions", { token: b.token })).body.data[0].id;
    const res = await post("/user/sessions/revoke", { id: bSession }, { token: a.token });
    expect(res.status).toBe(422);
    expect((await t.api("/user/info", { token: b.token })).status).toBe(200);
  });

  it("logout ends only this session and leaves the token invalid (50008)", async () => {
    const { email, token } = await registerByEmail(t);
    const other = (await post("/login", { account: email, password: PASSWORD })).body.data.token;
    expect((await post("/user/logout", {}, { token })).body.message).toBe("You have logged out");
    expect((await t.api("/user/info", { token })).body.status_code).toBe(50008);
    expect((await t.api("/user/info", { token: other })).status).toBe(200);
  });

  it("answers 50014 for an expired session and 50008 for a made-up token", async () => {
    const { token } = await registerByEmail(t);
    const { sessions } = await import("./tables.ts");
    const { hashToken } = await import("./sessions.ts");
    await t.platform.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(0) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await t.api("/user/info", { token })).body.status_code).toBe(50014);
    expect((await t.api("/user/info", { token: "x".repeat(43) })).body.status_code).toBe(50008);
  });
});

describe("password reset", () => {
  it("sets a new password with a code and ends every session", async () => {
    const { email, token } = await registerByEmail(t);
    await t.platform.deps.db.delete(verificationCodes).where(eq(verificationCodes.address, email));
    await post("/send_email", { email, type: "reset" });
    const code = await lastCode(t, email);
    const res = await post("/user/reset_login_pwd", {
      account: email,
      code,
      password: "NewPass456",
      password_confirmation: "NewPass456",
    });
    expect(res.body.message).toBe("Password changed, please log in again");
    expect((await t.api("/user/info", { token })).body.status_code).toBe(50012);
    expect((await post("/login", { account: email, password: PASSWORD })).status).toBe(422);
    expect((await post("/login", { account: email, password: "NewPass456" })).status).toBe(200);
  });
});
