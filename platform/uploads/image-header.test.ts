import { describe, expect, it } from "vitest";
import {
  hostileImages,
  jpegDeclaring,
  pngDeclaring,
  TINY_JPEG,
  TINY_PNG,
  TINY_WEBP,
  webpDeclaring,
} from "../../tests/support/images.ts";
import { IMAGE_MAX_SIDE, readImageHeader } from "./image-header.ts";

describe("readImageHeader", () => {
  it("reads the size of whole JPEG, PNG and WebP images", () => {
    expect(readImageHeader(TINY_JPEG)).toEqual({ type: "image/jpeg", width: 1, height: 1 });
    expect(readImageHeader(TINY_PNG)).toEqual({ type: "image/png", width: 1, height: 1 });
    expect(readImageHeader(TINY_WEBP)).toEqual({ type: "image/webp", width: 1, height: 1 });
    // A phone's 48-megapixel photo passes; so does a picture with a trailer after its end.
    expect(readImageHeader(jpegDeclaring(8000, 6000))).toMatchObject({ width: 8000, height: 6000 });
    expect(readImageHeader(webpDeclaring(4000, 3000))).toMatchObject({ width: 4000, height: 3000 });
    expect(readImageHeader(Buffer.concat([TINY_PNG, Buffer.from("trailer")]))).toMatchObject({ width: 1 });
    expect(readImageHeader(Buffer.concat([TINY_JPEG, Buffer.alloc(100, 7)]))).toMatchObject({ width: 1 });
  });

  it("refuses what is cut short, what claims too many pixels, and what is no image", () => {
    for (const file of hostileImages()) {
      expect(readImageHeader(file.bytes), file.label).toEqual({ problem: file.problem });
    }
    expect(readImageHeader(pngDeclaring(IMAGE_MAX_SIDE + 1, 1))).toEqual({ problem: "too_many_pixels" });
    expect(readImageHeader(pngDeclaring(0, 10))).toEqual({ problem: "damaged" });
    expect(readImageHeader(Buffer.from("GIF89a\x01\x00\x01\x00"))).toEqual({ problem: "not_image" });
    expect(readImageHeader(Buffer.alloc(0))).toEqual({ problem: "not_image" });
    // The magic bytes and then anything: not an image a browser could show.
    const fake = Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.alloc(64, 1)]);
    expect(readImageHeader(fake)).toEqual({ problem: "damaged" });
    expect(
      readImageHeader(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 9)])),
    ).toEqual({ problem: "damaged" });
  });

  // (No wall-clock assertion: a busy machine makes it flake; the walk is one pass over the bytes.)
  it("refuses a file of 2 MB of garbage behind an image signature", () => {
    const junk = Buffer.concat([TINY_JPEG.subarray(0, 2), Buffer.alloc(2 * 1024 * 1024, 0xff)]);
    expect(readImageHeader(junk)).toEqual({ problem: "damaged" });
  });
});
