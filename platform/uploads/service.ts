import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { UPLOAD_MAX_BYTES } from "../contract/kyc.ts";
import type { Db } from "../db/client.ts";
import { ApiError, fieldError } from "../http/errors.ts";
import { IMAGE_MAX_PIXELS, imageFormat, readImageHeader } from "./image-header.ts";
import type { UploadStore } from "./storage.ts";
import { uploads } from "./tables.ts";

export type UploadPurpose = (typeof uploads.$inferSelect)["purpose"];

/** A few bytes past 3 files of 2 MB: larger bodies are refused before they are read. */
export const UPLOAD_BODY_LIMIT = 3 * UPLOAD_MAX_BYTES + 256 * 1024;

const EXTENSIONS = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" } as const;

/** What a file really is, by its first bytes (its name and declared type are not trusted). */
export function sniffImage(bytes: Buffer): { type: string; ext: string } | undefined {
  const type = imageFormat(bytes);
  return type && { type, ext: EXTENSIONS[type] };
}

export type CheckedImage = { bytes: Buffer; type: string; ext: string; width: number; height: number };

/**
 * Reads an uploaded file and makes sure it is a whole JPEG, PNG or WebP image of at most 2 MB
 * and 50 megapixels, by its header alone (image-header.ts); `field` names it in errors.
 */
export async function checkImage(file: File, field: string): Promise<CheckedImage> {
  if (file.size > UPLOAD_MAX_BYTES) throw fieldError(field, "uploads.too_large");
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > UPLOAD_MAX_BYTES) throw fieldError(field, "uploads.too_large");
  const header = readImageHeader(bytes);
  if ("problem" in header) {
    if (header.problem === "too_many_pixels") {
      throw fieldError(field, "uploads.too_many_pixels", { megapixels: IMAGE_MAX_PIXELS / 1_000_000 });
    }
    throw fieldError(field, `uploads.${header.problem}`);
  }
  return {
    bytes,
    type: header.type,
    ext: EXTENSIONS[header.type],
    width: header.width,
    height: header.height,
  };
}

export { uploadStore, uploadsDir } from "./storage.ts";

/**
 * Writes checked images to the store (random names; DATA_DIR/uploads or a private bucket) and
 * records them in `db` (the caller's transaction, if any). Answers their ids and a function that
 * removes the files again, for when the caller's transaction fails.
 */
export async function saveImages(
  db: Db,
  store: UploadStore,
  userId: number,
  images: { purpose: UploadPurpose; image: CheckedImage }[],
) {
  const written: string[] = [];
  const discard = async () => {
    for (const key of written) await store.delete(key);
  };
  const ids: string[] = [];
  try {
    for (const { purpose, image } of images) {
      const id = randomUUID();
      const key = `${new Date().toISOString().slice(0, 7)}/${id}.${image.ext}`;
      await store.put(key, image.bytes, image.type);
      written.push(key);
      await db.insert(uploads).values({
        id,
        userId,
        purpose,
        contentType: image.type,
        size: image.bytes.length,
        sha256: createHash("sha256").update(image.bytes).digest("hex"),
        storageKey: key,
      });
      ids.push(id);
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { ids, discard };
}

/** Who may see a file: its owner, or an operator (named, for the record). */
export type Viewer = { userId: number } | { operator: string };

/** Where an upload is stored, after checking who asks; anyone else gets a 404, as for no file. */
export async function locateUpload(db: Db, store: UploadStore, id: string, viewer: Viewer) {
  if (!z.uuid().safeParse(id).success) throw new ApiError(404, "errors.not_found");
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  if (!row || ("userId" in viewer && row.userId !== viewer.userId))
    throw new ApiError(404, "errors.not_found");
  let path: string;
  try {
    path = store.where(row.storageKey);
  } catch {
    throw new ApiError(404, "errors.not_found");
  }
  return { ...row, path };
}

/**
 * An upload's bytes as the answer (not an envelope): never sniffed or run as a page; `cache` says
 * who may keep it (its owner's browser for a day; an operator's never).
 */
export function imageResponse(
  file: { bytes: Uint8Array; contentType: string },
  cache: "private, max-age=86400" | "private, no-store",
  headers: Record<string, string> = {},
) {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.bytes.length),
      "cache-control": cache,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
      ...headers,
    },
  });
}

export async function readUpload(db: Db, store: UploadStore, id: string, viewer: Viewer) {
  const row = await locateUpload(db, store, id, viewer);
  const bytes = await store.get(row.storageKey);
  if (!bytes) throw new ApiError(404, "errors.not_found");
  return { ...row, bytes };
}

/** Removes an upload (its record, then its file); nothing happens for an unknown id. */
export async function deleteUpload(db: Db, store: UploadStore, id: string) {
  const [row] = await db.delete(uploads).where(eq(uploads.id, id)).returning();
  if (!row) return;
  // The record is gone, so a file left behind (store unreachable) can no longer be served.
  await store.delete(row.storageKey).catch(() => undefined);
}

/** The API path of an upload, as `data.user.avatar` gives it (bearer token needed). */
export const uploadPath = (id: string) => `/api/user/upload?id=${id}`;
export const uploadIdOf = (path: string) => /[?&]id=([0-9a-f-]{36})$/.exec(path)?.[1];
