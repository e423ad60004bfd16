import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { hostileImages, jpegDeclaring, TINY_JPEG, TINY_PNG, TINY_WEBP } from "../../tests/support/images.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { LANGUAGE_INFO, LANGUAGES } from "../contract/languages.ts";
import { messages } from "../contract/messages/index.ts";
import { kycApplications } from "../kyc/tables.ts";
import { runOps } from "../ops/registry.ts";
import { uploads } from "./tables.ts";

// Both upload endpoints (the avatar, the three identity documents) read each image's header and
// refuse, quickly and before anything is stored, a file cut short, a few bytes declaring billions
// of pixels (a decompression bomb) and a zip bomb named like a photo: each with its own message,
// in every language.
let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform();
});
afterAll(() => t?.close());

const storedFiles = () => {
  const dir = join(t.platform.deps.config.dataDir, "uploads");
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile()).length
    : 0;
};
const storedRows = async (userId: number) =>
  (await t.platform.database.db.select().from(uploads).where(eq(uploads.userId, userId))).length;

const file = (bytes: Buffer, type: string, name = "photo") =>
  new File([new Uint8Array(bytes)], `${name}.${type.split("/")[1]}`, { type });

async function verifiedPrimary() {
  const account = await registerByEmail(t);
  const primary = {
    real_name: "Ana Lim",
    id_number: `IMG${account.user.id}X`,
    country: "sg",
    document_type: "id_card",
  };
  expect(
    (await t.api("/user/kyc/primary", { method: "POST", json: primary, token: account.token })).status,
  ).toBe(200);
  const [row] = await t.platform.database.db
    .select()
    .from(kycApplications)
    .where(eq(kycApplications.userId, account.user.id));
  expect((await runOps(t.platform.deps, ["kyc", "approve", String(row?.id)], "images-test")).ok).toBe(true);
  return account;
}

const header = (lang: string) => LANGUAGE_INFO[lang as keyof typeof LANGUAGE_INFO].header;
const expected = (lang: string, problem: string) =>
  (messages[lang as keyof typeof messages].uploads as Record<string, string>)[problem]?.replace(
    "{{megapixels}}",
    "50",
  );

describe("uploads refuse damaged images and decompression bombs", () => {
  it("the avatar: each hostile file refused with its reason, in every language, and nothing stored", async () => {
    const account = await registerByEmail(t);
    const before = storedFiles();
    for (const [i, hostile] of hostileImages().entries()) {
      const lang = LANGUAGES[i % LANGUAGES.length] as string;
      const form = new FormData();
      form.append("avatar", file(hostile.bytes, hostile.type));
      const started = performance.now();
      const res = await t.api("/user/avatar", {
        method: "POST",
        body: form,
        token: account.token,
        lang: header(lang),
      });
      const took = performance.now() - started;
      expect(res.status, hostile.label).toBe(422);
      expect(res.body.errors.avatar, `${hostile.label} (${lang})`).toEqual([expected(lang, hostile.problem)]);
      // Not a speed figure (a busy machine is slow): a bomb that were decoded would take minutes
      // and gigabytes, so a generous bound still tells "read the header" from "decoded it".
      expect(took, hostile.label).toBeLessThan(20_000);
    }
    expect(storedFiles()).toBe(before);
    expect(await storedRows(account.user.id)).toBe(0);
    const me = (await t.api("/user/info", { token: account.token })).body.data.user;
    expect(String(me.avatar ?? "")).not.toContain("/user/upload");
  });

  it("the identity documents: one bad file of three refuses all three, and nothing is stored", async () => {
    const account = await verifiedPrimary();
    const before = storedFiles();
    for (const hostile of hostileImages()) {
      for (const slot of ["front", "back", "holding"] as const) {
        const form = new FormData();
        form.append("front", file(TINY_PNG, "image/png"));
        form.append("back", file(TINY_JPEG, "image/jpeg"));
        form.append("holding", file(TINY_WEBP, "image/webp"));
        form.set(slot, file(hostile.bytes, hostile.type));
        const started = performance.now();
        const res = await t.api("/user/kyc/advanced", { method: "POST", body: form, token: account.token });
        expect(res.status, `${hostile.label} as ${slot}`).toBe(422);
        expect(res.body.errors[slot], `${hostile.label} as ${slot}`).toEqual([
          expected("en", hostile.problem),
        ]);
        expect(performance.now() - started).toBeLessThan(20_000);
      }
    }
    expect(storedFiles()).toBe(before);
    expect(await storedRows(account.user.id)).toBe(0);
    expect((await t.api("/user/kyc", { token: account.token })).body.data.advanced.status).toBe(
      "unauthenticated",
    );
  });

  it("still takes whole images, a phone photo's size included", async () => {
    const account = await verifiedPrimary();
    const form = new FormData();
    form.append("front", file(TINY_PNG, "image/png"));
    form.append("back", file(jpegDeclaring(8000, 6000), "image/jpeg"));
    form.append("holding", file(TINY_WEBP, "image/webp"));
    const res = await t.api("/user/kyc/advanced", { method: "POST", body: form, token: account.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await storedRows(account.user.id)).toBe(3);
    const avatar = new FormData();
    avatar.append("avatar", file(TINY_JPEG, "image/jpeg"));
    expect((await t.api("/user/avatar", { method: "POST", body: avatar, token: account.token })).status).toBe(
      200,
    );
  });
});
