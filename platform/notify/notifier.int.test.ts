import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshEmail } from "../../tests/support/accounts.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";

// Real delivery paths: an SMTP server and an SMS provider webhook, both started here.
const mails: { to: string[]; raw: string }[] = [];
const texts: { to: string; text: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (chunk) => {
      raw += chunk;
    });
    stream.on("end", () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
const sms = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => {
    body += c;
  });
  req.on("end", () => {
    texts.push(JSON.parse(body));
    res.end("ok");
  });
});

let t: TestPlatform;
beforeAll(async () => {
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
  await new Promise<void>((r) => sms.listen(0, "127.0.0.1", r));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const smsPort = (sms.address() as AddressInfo).port;
  t = await testPlatform({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Beacon <no-reply@beacon.test>",
    SMS_WEBHOOK_URL: `http://127.0.0.1:${smsPort}/send`,
    DEV_OUTBOX: "0",
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => smtp.close(() => r(null)));
  sms.close();
});

describe("delivery", () => {
  it("sends e-mail codes through SMTP, in the reader's language", async () => {
    const email = freshEmail();
    const res = await t.api("/send_email", { method: "POST", json: { email, type: "register" }, lang: "ja" });
    expect(res.status).toBe(200);
    await expect.poll(() => mails.find((m) => m.to.includes(email)), { timeout: 10_000 }).toBeTruthy();
    const mail = mails.find((m) => m.to.includes(email));
    expect(mail?.raw).toMatch(/From: Beacon <no-reply@beacon\.test>/);
    const decoded = Buffer.from(mail?.raw.split("\r\n\r\n").slice(1).join("") ?? "", "base64").toString(
      "utf8",
    );
    expect(`${mail?.raw}${decoded}`).toMatch(/\b\d{6}\b/);
    // The outbox stays closed without DEV_OUTBOX.
    expect((await t.api(`/dev/outbox?to=${email}`)).status).toBe(404);
  });

  it("sends SMS codes through the provider webhook", async () => {
    const res = await t.api("/captcha?phone=91234567&area_code=65");
    expect(res.status).toBe(200);
    await expect.poll(() => texts.length, { timeout: 10_000 }).toBe(1);
    expect(texts[0]?.to).toBe("+6591234567");
    expect(texts[0]?.text).toMatch(/verification code is \d{6}/);
  });
});
