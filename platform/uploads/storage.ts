import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { AwsClient } from "aws4fetch";
import { parseS3Url, type S3Location } from "../config.ts";

/** Where uploaded files' bytes live; records stay in the `uploads` table either way. */
export interface UploadStore {
  /** Stores new bytes under `key` (keys are random, so never an existing file). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Where the file is, for operators (a disk path or an s3:// address). */
  where(key: string): string;
}

export const uploadsDir = (dataDir: string) => join(resolve(dataDir), "uploads");

/** DATA_DIR/uploads, owner-only file modes; keys that would leave the folder are refused. */
export function diskStore(dataDir: string): UploadStore {
  const root = uploadsDir(dataDir);
  const pathOf = (key: string) => {
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`upload key outside the uploads folder: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeFile(path, bytes, { mode: 0o600, flag: "wx" });
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch {
        return undefined;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    where: (key) => pathOf(key),
  };
}

export { parseS3Url, type S3Location };

/**
 * A private S3-compatible bucket, requests signed with SigV4 (aws4fetch). Objects are written
 * without any public ACL; the app reads them back and serves them to whoever may see them.
 */
export function s3Store(location: S3Location): UploadStore {
  const client = new AwsClient({
    accessKeyId: location.accessKeyId,
    secretAccessKey: location.secretAccessKey,
    region: location.region,
    service: "s3",
  });
  const base = new URL(location.endpoint);
  const objectUrl = (key: string) => {
    const path = key.split("/").map(encodeURIComponent).join("/");
    return location.pathStyle
      ? `${base.origin}/${location.bucket}/${path}`
      : `${base.protocol}//${location.bucket}.${base.host}/${path}`;
  };
  const fail = async (action: string, key: string, response: Response) => {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    return new Error(`S3 ${action} ${key} failed: ${response.status} ${detail}`);
  };
  return {
    async put(key, bytes, contentType) {
      const response = await client.fetch(objectUrl(key), {
        method: "PUT",
        body: new Uint8Array(bytes),
        headers: { "content-type": contentType },
      });
      if (!response.ok) throw await fail("put", key, response);
    },
    async get(key) {
      const response = await client.fetch(objectUrl(key), { method: "GET" });
      if (response.status === 404) return undefined;
      if (!response.ok) throw await fail("get", key, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await client.fetch(objectUrl(key), { method: "DELETE" });
      if (!response.ok && response.status !== 404) throw await fail("delete", key, response);
    },
    where: (key) => `s3://${location.bucket}/${key}`,
  };
}

const stores = new WeakMap<object, UploadStore>();

/** The configured store: the S3 bucket when S3_URL is set, else DATA_DIR/uploads. */
export function uploadStore(config: { dataDir: string; s3Url?: string | undefined }): UploadStore {
  let store = stores.get(config);
  if (!store) {
    store = config.s3Url ? s3Store(parseS3Url(config.s3Url)) : diskStore(config.dataDir);
    stores.set(config, store);
  }
  return store;
}
