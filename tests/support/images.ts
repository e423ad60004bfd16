import { crc32, deflateRawSync, deflateSync } from "node:zlib";

// Real, whole images for tests that upload one, and the hostile files uploads must refuse:
// cut short, a few bytes claiming billions of pixels, a zip bomb named photo.png
// (platform/uploads/image-header.ts reads their headers).

/** A real 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A real 1×1 baseline JPEG (JFIF). */
export const TINY_JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAEAAQMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AMuuI+mP/9k=",
  "base64",
);

/** A real 1×1 lossy WebP. */
export const TINY_WEBP = Buffer.from("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA", "base64");

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A well-formed PNG whose header declares `width` × `height` (its data is a little zlib stream). */
export function pngDeclaring(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    TINY_PNG.subarray(0, 8),
    pngChunk("IHDR", ihdr),
    // A megabyte of zeros in about a kilobyte: what a decoder would start inflating.
    pngChunk("IDAT", deflateSync(Buffer.alloc(1024 * 1024))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A JPEG whose frame header declares `width` × `height`, with a scan and an end. */
export function jpegDeclaring(width: number, height: number) {
  const sof = Buffer.from([0xff, 0xc0, 0, 11, 8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    sof,
    Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0]),
    Buffer.alloc(64, 0x55),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A lossless WebP whose header declares `width` × `height` (at most 16384 each). */
export function webpDeclaring(width: number, height: number) {
  const vp8l = Buffer.alloc(10);
  vp8l[0] = 0x2f;
  vp8l.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  const riff = Buffer.concat([Buffer.from("WEBPVP8L", "latin1"), Buffer.from([10, 0, 0, 0]), vp8l]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(riff.length);
  return Buffer.concat([Buffer.from("RIFF", "latin1"), size, riff]);
}

/** A zip archive of one 20 MB file of zeros (about 20 kB), named and typed as a PNG. */
export function zipBomb() {
  const data = deflateRawSync(Buffer.alloc(20 * 1024 * 1024));
  const name = Buffer.from("photo.png", "latin1");
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0); // PK\3\4
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8); // deflate
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(20 * 1024 * 1024, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, data]);
}

/** Every file an upload must refuse for its content, with the reason the platform gives. */
export function hostileImages(): { label: string; bytes: Buffer; type: string; problem: string }[] {
  return [
    {
      label: "a JPEG cut before its scan",
      bytes: TINY_JPEG.subarray(0, 300),
      type: "image/jpeg",
      problem: "damaged",
    },
    {
      label: "a JPEG cut before its end",
      bytes: TINY_JPEG.subarray(0, TINY_JPEG.length - 2),
      type: "image/jpeg",
      problem: "damaged",
    },
    { label: "a PNG signature alone", bytes: TINY_PNG.subarray(0, 8), type: "image/png", problem: "damaged" },
    { label: "a PNG header alone", bytes: TINY_PNG.subarray(0, 33), type: "image/png", problem: "damaged" },
    {
      label: "a PNG cut inside its data",
      bytes: TINY_PNG.subarray(0, TINY_PNG.length - 20),
      type: "image/png",
      problem: "damaged",
    },
    { label: "a WebP cut short", bytes: TINY_WEBP.subarray(0, 30), type: "image/webp", problem: "damaged" },
    {
      label: "a PNG of 50000 × 50000 pixels",
      bytes: pngDeclaring(50_000, 50_000),
      type: "image/png",
      problem: "too_many_pixels",
    },
    {
      label: "a JPEG of 60000 × 60000 pixels",
      bytes: jpegDeclaring(60_000, 60_000),
      type: "image/jpeg",
      problem: "too_many_pixels",
    },
    {
      label: "a WebP of 16384 × 16384 pixels",
      bytes: webpDeclaring(16_384, 16_384),
      type: "image/webp",
      problem: "too_many_pixels",
    },
    { label: "a zip bomb named photo.png", bytes: zipBomb(), type: "image/png", problem: "not_image" },
  ];
}
