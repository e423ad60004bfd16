/**
 * What an uploaded image's own header says about it, read without decoding a pixel: its format,
 * its width and height, and whether the file is whole. A few bytes declare how large a picture
 * is, so a tiny file can claim 50 000 × 50 000 pixels (a "decompression bomb": whoever decodes it
 * — an operator's browser, a thumbnailer — needs gigabytes); and a file cut short in transit
 * cannot be shown at all. Both are refused before anything is stored.
 *
 * - PNG: the signature, IHDR first, then chunk by chunk (each length checked against the file)
 *   to IEND, with at least one IDAT on the way.
 * - JPEG: SOI, then segment by segment to the first SOS; a frame header (SOFn) must come before
 *   it, and an EOI must follow the scan (inside entropy-coded data 0xFF is always stuffed, so an
 *   EOI there means the picture is complete).
 * - WebP: the RIFF size must fit in the file; the first chunk (VP8, VP8L or VP8X) gives the size.
 *
 * Anything after the end of the image (some cameras append a trailer) is allowed.
 */

/** At most this many pixels (50 megapixels: a 8000 × 6000 photo still passes). */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** And at most this many on a side (WebP's own limit is 16383). */
export const IMAGE_MAX_SIDE = 16_384;

export type ImageHeader = { type: "image/jpeg" | "image/png" | "image/webp"; width: number; height: number };

/** Why a file is refused: not one of the three formats, cut short or garbled, or too many pixels. */
export type ImageProblem = "not_image" | "damaged" | "too_many_pixels";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function readPng(b: Buffer): { width: number; height: number } | undefined {
  // Signature (8), then IHDR: length 13, "IHDR", width, height, … , CRC.
  if (b.length < 8 + 25 || b.readUInt32BE(8) !== 13 || b.toString("latin1", 12, 16) !== "IHDR") return;
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  let offset = 8;
  let data = false;
  while (offset + 12 <= b.length) {
    const length = b.readUInt32BE(offset);
    const type = b.toString("latin1", offset + 4, offset + 8);
    const next = offset + 12 + length;
    if (next > b.length) return;
    if (type === "IDAT") data = true;
    if (type === "IEND") return data ? { width, height } : undefined;
    offset = next;
  }
  return;
}

/** SOF0–SOF15 carry the frame's size; C4 (DHT), C8 (JPG) and CC (DAC) are not frames. */
const isFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function readJpeg(b: Buffer): { width: number; height: number } | undefined {
  let offset = 2;
  let size: { width: number; height: number } | undefined;
  while (offset < b.length) {
    if (b[offset] !== 0xff) return;
    while (b[offset] === 0xff) offset++; // fill bytes
    const marker = b[offset++];
    if (marker === undefined) return;
    // Markers without a length: TEM, RSTn, SOI. An EOI before any scan: no picture.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    if (marker === 0xd9) return;
    if (offset + 2 > b.length) return;
    const length = b.readUInt16BE(offset);
    if (length < 2 || offset + length > b.length) return;
    if (isFrame(marker)) {
      if (length < 7) return;
      size = { height: b.readUInt16BE(offset + 3), width: b.readUInt16BE(offset + 5) };
    }
    if (marker === 0xda) {
      // Start of scan: the frame must be known and the picture must end after it.
      if (!size) return;
      return b.indexOf(Buffer.from([0xff, 0xd9]), offset + length) >= 0 ? size : undefined;
    }
    offset += length;
  }
  return;
}

function readWebp(b: Buffer): { width: number; height: number } | undefined {
  if (b.length < 30 || b.readUInt32LE(4) + 8 > b.length) return;
  const chunk = b.toString("latin1", 12, 16);
  const length = b.readUInt32LE(16);
  if (20 + length > b.length) return;
  const d = 20;
  if (chunk === "VP8 ") {
    // A key frame: 3 bytes of frame tag, the start code 9d 01 2a, then 14-bit width and height.
    if (length < 10 || b[d + 3] !== 0x9d || b[d + 4] !== 0x01 || b[d + 5] !== 0x2a) return;
    return { width: b.readUInt16LE(d + 6) & 0x3fff, height: b.readUInt16LE(d + 8) & 0x3fff };
  }
  if (chunk === "VP8L") {
    if (length < 5 || b[d] !== 0x2f) return;
    const bits = b.readUInt32LE(d + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    if (length < 10) return;
    return { width: b.readUIntLE(d + 4, 3) + 1, height: b.readUIntLE(d + 7, 3) + 1 };
  }
  return;
}

/** The format by the first bytes (the name and the declared type are not trusted). */
export function imageFormat(b: Buffer): ImageHeader["type"] | undefined {
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.subarray(0, 8).equals(PNG_SIGNATURE)) return "image/png";
  if (b.length > 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP")
    return "image/webp";
  return;
}

/** Reads the header, or says why the file is refused. Linear in the file's size, no decoding. */
export function readImageHeader(b: Buffer): ImageHeader | { problem: ImageProblem } {
  const type = imageFormat(b);
  if (!type) return { problem: "not_image" };
  const size = type === "image/png" ? readPng(b) : type === "image/jpeg" ? readJpeg(b) : readWebp(b);
  if (!size || size.width < 1 || size.height < 1) return { problem: "damaged" };
  if (
    size.width > IMAGE_MAX_SIDE ||
    size.height > IMAGE_MAX_SIDE ||
    size.width * size.height > IMAGE_MAX_PIXELS
  )
    return { problem: "too_many_pixels" };
  return { type, ...size };
}
