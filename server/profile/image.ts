/**
 * What an uploaded file really is, judged by its bytes only: the magic number, then the header
 * parsed for the pixel size. The file's name and declared type are never trusted (an SVG renamed
 * `.png` is still an SVG, and SVG can carry script).
 */

/** The image types an avatar may be (§5: JPG/JPEG, PNG, GIF). */
export type ImageKind = 'png' | 'jpeg' | 'gif';

/** A recognised image. */
export interface ImageInfo {
  kind: ImageKind;
  /** The type it is served with. */
  contentType: string;
  /** The extension the server gives the stored file. */
  extension: 'png' | 'jpg' | 'gif';
  width: number;
  height: number;
}

const TYPES: Record<ImageKind, Pick<ImageInfo, 'contentType' | 'extension'>> = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  gif: { contentType: 'image/gif', extension: 'gif' },
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const be16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const be32 = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const le16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);

/** PNG: signature, then IHDR must be the first chunk (length 13) with width and height. */
function png(b: Uint8Array): [number, number] | null {
  if (b.length < 33 || !startsWith(b, PNG_SIGNATURE)) return null;
  if (be32(b, 8) !== 13 || ascii(b, 12, 16) !== 'IHDR') return null;
  return [be32(b, 16), be32(b, 20)];
}

/** GIF: `GIF87a` / `GIF89a`, then the logical screen size (little-endian). */
function gif(b: Uint8Array): [number, number] | null {
  if (b.length < 13) return null;
  const magic = ascii(b, 0, 6);
  if (magic !== 'GIF87a' && magic !== 'GIF89a') return null;
  return [le16(b, 6), le16(b, 8)];
}

/** Start-of-frame markers (SOF0–SOF15 except DHT C4, JPG C8 and DAC CC) carry the frame size. */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** JPEG: SOI, then walk the marker segments up to the first start-of-frame. */
function jpeg(b: Uint8Array): [number, number] | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // Stand-alone markers have no length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // End of image or start of scan before any frame header: not a usable JPEG.
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = be16(b, i + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (length < 7 || i + 8 >= b.length) return null;
      return [be16(b, i + 7), be16(b, i + 5)];
    }
    i += 2 + length;
  }
  return null;
}

/** Recognises a PNG, JPEG or GIF from its bytes, with its pixel size; anything else is null
 * (including a known signature whose header is cut short or claims a zero size). */
export function sniffImage(bytes: Uint8Array): ImageInfo | null {
  const readers: Array<[ImageKind, (b: Uint8Array) => [number, number] | null]> = [
    ['png', png],
    ['gif', gif],
    ['jpeg', jpeg],
  ];
  for (const [kind, read] of readers) {
    const size = read(bytes);
    if (!size) continue;
    const [width, height] = size;
    if (width <= 0 || height <= 0) return null;
    return { kind, ...TYPES[kind], width, height };
  }
  return null;
}

/** The type to serve a stored file with, from the extension the server gave it. */
export function contentTypeOfName(name: string): string | undefined {
  const extension = /\.([a-z]+)$/.exec(name)?.[1];
  return Object.values(TYPES).find((t) => t.extension === extension)?.contentType;
}
