import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail } from "../../tests/support/accounts.ts";
import { TINY_PNG } from "../../tests/support/images.ts";
import { type TestPlatform, testPlatform } from "../../tests/support/platform.ts";
import { loadConfig } from "../config.ts";
import { parseS3Url, s3Store, uploadStore } from "./storage.ts";
import { uploads } from "./tables.ts";

// A real S3-compatible server (s3rver, in-process, files in a temporary folder) with its default
// account S3RVER/S3RVER; requests go over HTTP, signed with SigV4 as for any S3 service.
let s3: S3rver;
let s3Dir: string;
let s3Url: string;
let t: TestPlatform;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), "exchange-s3-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: "beacon-uploads", configs: [] }],
  });
  const { port } = (await s3.run()) as AddressInfo;
  s3Url = `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/beacon-uploads?region=us-east-1&path_style=1`;
  t = await testPlatform({ S3_URL: s3Url });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

// A whole image (uploads read its header), made distinct by what follows its end.
const png = (fill: number) => Buffer.concat([TINY_PNG, Buffer.alloc(64, fill)]);

async function uploadAvatar(token: string, bytes: Buffer) {
  const form = new FormData();
  form.append("avatar", new File([new Uint8Array(bytes)], "me.png", { type: "image/png" }));
  const uploaded = await t.api("/user/avatar", { method: "POST", body: form, token });
  expect(uploaded.body.message).toBe("Avatar saved");
  return uploaded.body.data.avatar as string;
}

const fetchAs = (path: string, token?: string) =>
  t.platform.fetch(
    new Request(`http://test.local${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  );

const rowOf = async (path: string) => {
  const id = /id=([0-9a-f-]{36})/.exec(path)?.[1] ?? "";
  const [row] = await t.platform.database.db.select().from(uploads).where(eq(uploads.id, id));
  if (!row) throw new Error(`no upload record for ${path}`);
  return row;
};

describe("uploads in an S3-compatible bucket (S3_URL)", () => {
  it("stores an avatar in the bucket, serves it to its owner only and writes nothing to DATA_DIR", async () => {
    const { token } = await registerByEmail(t);
    const bytes = png(7);
    const path = await uploadAvatar(token, bytes);

    const mine = await fetchAs(path, token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await mine.arrayBuffer()).equals(bytes)).toBe(true);

    const other = await registerByEmail(t);
    expect((await fetchAs(path, other.token)).status).toBe(404);
    expect((await fetchAs(path)).status).toBe(401);

    // The object really is in the bucket (read with signed requests), and not on disk.
    const row = await rowOf(path);
    const store = uploadStore(t.platform.deps.config);
    expect((await store.get(row.storageKey))?.equals(bytes)).toBe(true);
    const disk = join(t.platform.deps.config.dataDir, "uploads");
    expect(existsSync(disk) ? readdirSync(disk, { recursive: true }) : []).toEqual([]);
  });

  it("removes the old object when the avatar is replaced", async () => {
    const { token } = await registerByEmail(t);
    const first = await rowOf(await uploadAvatar(token, png(1)));
    const secondPath = await uploadAvatar(token, png(2));
    const store = uploadStore(t.platform.deps.config);
    expect(await store.get(first.storageKey)).toBeUndefined();
    expect((await store.get((await rowOf(secondPath)).storageKey))?.equals(png(2))).toBe(true);
  });

  it("sends the configured credentials: an unknown access key is refused", async () => {
    const { token } = await registerByEmail(t);
    const row = await rowOf(await uploadAvatar(token, png(3)));
    // s3rver checks the access key, not the SigV4 signature itself, nor object ACLs.
    const stranger = s3Store({ ...parseS3Url(s3Url), accessKeyId: "NOT-A-KEY" });
    await expect(stranger.get(row.storageKey)).rejects.toThrow(/S3 get .* failed: 403/);
    await expect(stranger.put("probe/x.png", png(4), "image/png")).rejects.toThrow(
      /S3 put probe\/x.png failed: 403/,
    );
  });

  it("validates S3_URL at start-up with a one-line message", () => {
    const env = { DATA_DIR: s3Dir, SESSION_SECRET: "x".repeat(32) };
    expect(() => loadConfig({ ...env, S3_URL: "https://s3.example.com/bucket" })).toThrow(
      /^Invalid S3_URL=.*must start with s3:\/\//,
    );
    expect(() => loadConfig({ ...env, S3_URL: "s3://s3.example.com/bucket" })).toThrow(
      /access key and secret/,
    );
    expect(() => loadConfig({ ...env, S3_URL: "s3://K:S@s3.example.com/" })).toThrow(/must name a bucket/);
    expect(() => loadConfig({ ...env, S3_URL: "s3://K:S@s3.example.com/b12?path_style=yes" })).toThrow(
      /path_style must be 0 or 1/,
    );
    const ok = loadConfig({ ...env, S3_URL: "s3://K%2F1:S%2B2@s3.example.com/my-bucket?region=eu-west-1" });
    expect(parseS3Url(ok.s3Url ?? "")).toEqual({
      endpoint: "https://s3.example.com",
      bucket: "my-bucket",
      region: "eu-west-1",
      pathStyle: false,
      accessKeyId: "K/1",
      secretAccessKey: "S+2",
    });
  });
});
