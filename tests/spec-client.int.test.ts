import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail, freshMobile, lastCode, PASSWORD } from "./support/accounts.ts";
import { type TestPlatform, testPlatform } from "./support/platform.ts";

// Calls written exactly as the spec's client makes them (section 7), which must work as they are.
let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform();
});
afterAll(async () => {
  await t?.close();
});

/** A Singapore mobile number nobody else in this file uses. */
const sgMobile = freshMobile;

describe("GET /api/captcha with phone and key_str only", () => {
  it("takes the country from a + number, encoded or not", async () => {
    const phone = sgMobile();
    const encoded = await t.api(`/captcha?phone=%2B65${phone}&key_str=%2B65${phone}`);
    expect(encoded.status).toBe(200);
    expect(encoded.body.data.captcha_key).toMatch(/^[\w-]{10,}$/);
    expect(await lastCode(t, `+65${phone}`)).toMatch(/^\d{6}$/);
    // An unencoded "+" arrives as a space.
    const other = sgMobile();
    const raw = await t.api(`/captcha?phone=+65${other}&key_str=+65${other}`);
    expect(raw.status).toBe(200);
    expect(await lastCode(t, `+65${other}`)).toMatch(/^\d{6}$/);
  });

  it("takes the country from the signed-in user's stored dial code", async () => {
    const phone = sgMobile();
    const sent = await t.api(`/captcha?phone=${phone}&area_code=65`);
    const registered = await t.api("/register", {
      method: "POST",
      json: {
        type: "phone",
        area_code: "65",
        phone,
        code: await lastCode(t, `+65${phone}`),
        captcha_key: sent.body.data.captcha_key,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        agree: true,
      },
    });
    expect(registered.status).toBe(200);
    const token = registered.body.data.token as string;
    const next = sgMobile();
    const res = await t.api(`/captcha?phone=${next}&key_str=${next}&type=bind`, { token });
    expect(res.status).toBe(200);
    expect(await lastCode(t, `+65${next}`)).toMatch(/^\d{6}$/);
  });

  it("says what is missing when nothing gives the country, in the caller's language", async () => {
    const phone = sgMobile();
    const en = await t.api(`/captcha?phone=${phone}&key_str=${phone}`, { lang: "en" });
    expect(en.status).toBe(422);
    expect(en.body.message).toBe(
      "The phone number has no country code: send area_code, or write the number as +<country code><number>",
    );
    expect(en.body.errors.area_code).toEqual([en.body.message]);
    const zh = await t.api(`/captcha?phone=${phone}&key_str=${phone}`, { lang: "zh-CN" });
    expect(zh.body.message).toMatch(/area_code/);
    expect(zh.body.message).not.toBe(en.body.message);
  });
});

describe("GET /api/posts/posts_list", () => {
  it("lists every public type when no type is given", async () => {
    const all = await t.api("/posts/posts_list");
    expect(all.status).toBe(200);
    // Exactly the public types together: notices, academy, news and the protocol pages.
    let sum = 0;
    for (const type of [21, 7, 8, 1]) {
      const one = await t.api(`/posts/posts_list?type=${type}`);
      expect(one.body.data.items.every((p: { type: number }) => p.type === type)).toBe(true);
      sum += one.body.data.total;
    }
    expect(all.body.data.total).toBe(sum);
    expect(new Set(all.body.data.items.map((p: { type: number }) => p.type)).has(6)).toBe(false);
    // Members' announcements stay behind posts_listauth.
    expect((await t.api("/posts/posts_list?type=6")).status).toBe(422);
  });
});

describe("a 422's message", () => {
  it("is the first field's own message, since the spec's client shows only `message`", async () => {
    const email = freshEmail();
    await t.api("/send_email", { method: "POST", json: { email, type: "register" } });
    const res = await t.api("/register", {
      method: "POST",
      lang: "en",
      json: {
        type: "email",
        email,
        code: await lastCode(t, email),
        password: PASSWORD,
        password_confirmation: `${PASSWORD}x`,
        agree: true,
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("The two passwords entered differ");
  });
});
