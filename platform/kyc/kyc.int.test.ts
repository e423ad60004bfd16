import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { TINY_JPEG, TINY_PNG, TINY_WEBP } from "../../tests/support/images.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { inboxMessages } from "../inbox/tables.ts";
import { runOps } from "../ops/registry.ts";
import { uploads } from "../uploads/tables.ts";
import "./ops.ts";
import { kycApplications } from "./tables.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await testPlatform();
});
afterAll(() => t?.close());

const post = (path: string, json: unknown, token: string, lang?: string) =>
  t.api(path, { method: "POST", json, token, lang });
const status = async (token: string) => (await t.api("/user/kyc", { token })).body.data;
const ops = (...words: string[]) => runOps(t.platform.deps, words, "alice");
const uploadsDir = () => join(t.platform.deps.config.dataDir, "uploads");
const storedFiles = () =>
  existsSync(uploadsDir())
    ? readdirSync(uploadsDir(), { recursive: true, withFileTypes: true }).filter((f) => f.isFile())
    : [];

const PRIMARY = {
  real_name: "Ana María Lim",
  id_number: "S 1234-567D",
  country: "sg",
  document_type: "id_card",
};

// Whole images (uploads read their headers), padded after their end to the size a test needs.
const png = (size = 200) => Buffer.concat([TINY_PNG, Buffer.alloc(size, 7)]);
const jpeg = (size = 200) => Buffer.concat([TINY_JPEG, Buffer.alloc(size, 3)]);
const webp = () => TINY_WEBP;

function documents(files: Partial<Record<"front" | "back" | "holding", File>> = {}) {
  const form = new FormData();
  form.append("front", files.front ?? new File([png()], "front.png", { type: "image/png" }));
  form.append("back", files.back ?? new File([jpeg()], "back.jpg", { type: "image/jpeg" }));
  form.append("holding", files.holding ?? new File([webp()], "holding.webp", { type: "image/webp" }));
  return form;
}
const advanced = (token: string, form: FormData, lang?: string) =>
  t.api("/user/kyc/advanced", { method: "POST", body: form, token, lang });

async function latestId(userId: number, level: "primary" | "advanced") {
  const rows = await t.platform.database.db
    .select()
    .from(kycApplications)
    .where(eq(kycApplications.userId, userId));
  return rows.filter((r) => r.level === level).sort((a, b) => b.id - a.id)[0]?.id ?? 0;
}

async function messages(userId: number) {
  return t.platform.database.db.select().from(inboxMessages).where(eq(inboxMessages.userId, userId));
}

describe("primary verification", () => {
  it("checks each field, then waits for review", async () => {
    const { token } = await registerByEmail(t);
    expect(await status(token)).toMatchObject({
      primary: { status: "unauthenticated", reason: null },
      advanced: { status: "unauthenticated", can_submit: false },
    });
    const empty = await post("/user/kyc/primary", {}, token);
    expect(empty.body.errors).toEqual({
      real_name: ["Cannot be empty"],
      id_number: ["Cannot be empty"],
      country: ["Choose the country that issued your document"],
      document_type: ["Choose a document type"],
    });
    const bad = await post(
      "/user/kyc/primary",
      { real_name: "<b>x</b>", id_number: "12", country: "Singapore", document_type: "visa" },
      token,
    );
    expect(bad.body.errors).toEqual({
      real_name: ["Enter your name as it appears on your document"],
      id_number: ["Enter the document number: 4–30 letters and digits"],
      country: ["Choose the country that issued your document"],
      document_type: ["Choose a document type"],
    });
    const ok = await post("/user/kyc/primary", PRIMARY, token);
    expect(ok.body).toMatchObject({
      status_code: 200,
      message: "Submitted. Your verification is under review",
    });
    const state = await status(token);
    expect(state.primary).toMatchObject({
      status: "pending",
      real_name: "A** M**** L**",
      id_number: "****567D",
      country: "SG",
      document_type: "id_card",
    });
    expect((await t.api("/user/info", { token })).body.data.user.authentication).toEqual({
      primary: "pending",
      advanced: "unauthenticated",
    });
    const twice = await post("/user/kyc/primary", PRIMARY, token);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("Your verification is already under review");
  });

  it("refuses advanced before primary is authenticated", async () => {
    const { token } = await registerByEmail(t);
    const early = await advanced(token, documents());
    expect(early.status).toBe(403);
    expect(early.body.message).toBe("Conduct primary authentication first");
    await post("/user/kyc/primary", { ...PRIMARY, id_number: "E1234567" }, token);
    expect((await advanced(token, documents())).status).toBe(403);
    expect(storedFiles()).toHaveLength(0);
  });

  it("refuses a document another account has under review or verified", async () => {
    const first = await registerByEmail(t);
    const second = await registerByEmail(t);
    const doc = { ...PRIMARY, id_number: "P99887766", document_type: "passport" };
    expect((await post("/user/kyc/primary", doc, first.token)).status).toBe(200);
    const taken = await post("/user/kyc/primary", doc, second.token);
    expect(taken.body.errors.id_number).toEqual(["This document is already used by another account"]);
  });
});

describe("operator review (npm run ops -- kyc …)", () => {
  it("rejects with a reason, takes a new submission, approves; each decision recorded with who and when", async () => {
    const { token, user, email } = await registerByEmail(t);
    await post("/user/kyc/primary", { ...PRIMARY, id_number: "G7654321" }, token);
    const id = await latestId(user.id, "primary");

    const listed = await ops("kyc", "list");
    expect(listed.ok).toBe(true);
    expect(listed.output).toMatch(/id\s+uid\s+account\s+level\s+status/);
    expect(listed.output).toContain(email);
    expect(listed.output).toContain("G7654321");
    const pendingOnly = await ops("kyc", "list", "--status", "pending", "--user", email);
    expect(pendingOnly.output.split("\n")).toHaveLength(3);

    const noReason = await ops("kyc", "reject", String(id));
    expect(noReason).toMatchObject({ ok: false });
    expect(noReason.output).toContain("--reason");
    const rejected = await ops("kyc", "reject", String(id), "--reason", "The photo is blurred");
    expect(rejected.ok).toBe(true);
    expect(rejected.output).toContain("rejected, by alice");
    const [row] = await t.platform.database.db
      .select()
      .from(kycApplications)
      .where(eq(kycApplications.id, id));
    expect(row).toMatchObject({ status: "rejected", decidedBy: "alice", reason: "The photo is blurred" });
    expect(row?.decidedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await status(token)).primary).toMatchObject({
      status: "rejected",
      reason: "The photo is blurred",
    });
    expect((await messages(user.id)).map((m) => [m.type, m.params])).toContainEqual([
      "kyc_primary_rejected",
      { reason: "The photo is blurred" },
    ]);
    // Decided once: a second decision is refused.
    expect(await ops("kyc", "approve", String(id))).toMatchObject({ ok: false });

    // Submit again after the rejection; the history keeps both.
    expect((await post("/user/kyc/primary", { ...PRIMARY, id_number: "G7654321" }, token)).status).toBe(200);
    const second = await latestId(user.id, "primary");
    expect(second).not.toBe(id);
    expect((await status(token)).primary.status).toBe("pending");
    const approved = await runOps(t.platform.deps, ["kyc", "approve", String(second)], "bob");
    expect(approved.output).toContain("authenticated, by bob");
    expect((await status(token)).primary).toMatchObject({ status: "authenticated", reason: null });
    expect((await status(token)).advanced.can_submit).toBe(true);
    expect((await messages(user.id)).map((m) => m.type)).toContain("kyc_primary_approved");
    expect((await post("/user/kyc/primary", PRIMARY, token)).body.message).toBe(
      "This level is already verified",
    );
    expect((await ops("kyc", "list", "--status", "all", "--user", email)).output).toContain("bob");
  });

  it("says what is wrong with a command", async () => {
    expect((await ops("kyc", "approve")).output).toContain("Which application?");
    expect((await ops("kyc", "approve", "999999")).output).toContain("no application 999999");
    expect((await ops("kyc", "list", "--status", "maybe")).ok).toBe(false);
    expect((await ops("help")).output).toContain("kyc reject <id>");
  });
});

describe("advanced verification and its uploads", () => {
  async function verifiedPrimary(idNumber: string) {
    const account = await registerByEmail(t);
    await post("/user/kyc/primary", { ...PRIMARY, id_number: idNumber }, account.token);
    await ops("kyc", "approve", String(await latestId(account.user.id, "primary")));
    return account;
  }

  it("refuses a file over 2 MB before anything is stored", async () => {
    const { token, user } = await verifiedPrimary("OVER2MB01");
    const before = storedFiles().length;
    const big = new File([png(2 * 1024 * 1024)], "big.png", { type: "image/png" });
    const res = await advanced(token, documents({ back: big }));
    expect(res.status).toBe(422);
    expect(res.body.errors.back).toEqual(["File exceeds 2M"]);
    const zh = await advanced(token, documents({ back: big }), "zh-CN");
    expect(zh.body.errors.back).toEqual(["文件超过 2M"]);
    // Three files of 2 MB and more: refused whole, before it is read.
    const huge = new File([png(3 * 1024 * 1024)], "huge.png", { type: "image/png" });
    const whole = await advanced(token, documents({ front: huge, back: huge, holding: huge }));
    expect(whole.status).toBe(413);
    expect(whole.body.message).toBe("File exceeds 2M");
    expect(storedFiles().length).toBe(before);
    expect(
      await t.platform.database.db.select().from(uploads).where(eq(uploads.userId, user.id)),
    ).toHaveLength(0);
    expect((await status(token)).advanced.status).toBe("unauthenticated");
  });

  it("refuses a file that only claims to be an image", async () => {
    const { token } = await verifiedPrimary("FAKEPNG01");
    const before = storedFiles().length;
    const script = new File(["<script>alert(1)</script>"], "id.png", { type: "image/png" });
    const res = await advanced(token, documents({ holding: script }));
    expect(res.body.errors.holding).toEqual(["Upload a JPEG, PNG or WebP image"]);
    const gif = new File([Buffer.from("GIF89a\x01\x00\x01\x00")], "id.jpg", { type: "image/jpeg" });
    expect((await advanced(token, documents({ front: gif }))).body.errors.front).toEqual([
      "Upload a JPEG, PNG or WebP image",
    ]);
    const missing = new FormData();
    missing.append("front", new File([png()], "f.png"));
    expect((await advanced(token, missing)).body.errors).toEqual({
      back: ["Choose an image"],
      holding: ["Choose an image"],
    });
    expect(storedFiles().length).toBe(before);
  });

  it("stores the three images privately, waits for review, and is approved", async () => {
    const { token, user } = await verifiedPrimary("ADV000001");
    const res = await advanced(token, documents());
    expect(res.body.message).toBe("Submitted. Your verification is under review");
    expect((await status(token)).advanced).toMatchObject({ status: "pending", can_submit: false });
    expect((await advanced(token, documents())).status).toBe(409);

    const stored = await t.platform.database.db.select().from(uploads).where(eq(uploads.userId, user.id));
    expect(stored.map((u) => u.contentType).sort()).toEqual(["image/jpeg", "image/png", "image/webp"]);
    const id = await latestId(user.id, "advanced");
    const shown = await ops("kyc", "show", String(id));
    for (const u of stored) {
      const path = join(uploadsDir(), u.storageKey);
      expect(shown.output).toContain(path);
      expect(readFileSync(path).length).toBe(u.size);
    }
    // Its owner can fetch them; anyone else gets nothing.
    const front = stored.find((u) => u.purpose === "kyc_front");
    const fetchAs = (tokenOf: string) =>
      t.platform.fetch(
        new Request(`http://test.local/api/user/upload?id=${front?.id}`, {
          headers: { authorization: `Bearer ${tokenOf}` },
        }),
      );
    expect((await fetchAs(token)).status).toBe(200);
    expect((await fetchAs((await registerByEmail(t)).token)).status).toBe(404);

    await ops("kyc", "reject", String(id), "--reason", "Hold the ID next to your face");
    expect((await status(token)).advanced).toMatchObject({ status: "rejected", can_submit: true });
    expect((await advanced(token, documents())).status).toBe(200);
    await ops("kyc", "approve", String(await latestId(user.id, "advanced")));
    expect((await t.api("/user/info", { token })).body.data.user.authentication).toEqual({
      primary: "authenticated",
      advanced: "authenticated",
    });
    expect((await messages(user.id)).map((m) => m.type)).toEqual(
      expect.arrayContaining(["kyc_advanced_rejected", "kyc_advanced_approved"]),
    );
  });
});

describe("the kyc commands on the embedded database with no server running", () => {
  it("opens the database itself", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "kyc-ops-"));
    try {
      const result = spawnSync(process.execPath, ["--import", "tsx", "platform/ops/cli.ts", "kyc", "list"], {
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_DEMO: "0", NODE_ENV: "production" },
        encoding: "utf8",
        timeout: 90_000,
      });
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      // The last line is the command's answer (a warning of another domain may come first).
      expect(result.stdout.trim().split("\n").at(-1)).toBe("(none)");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
