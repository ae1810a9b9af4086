/**
 * Tiny real images built byte by byte for the avatar tests (no image library needed): a PNG with
 * correct CRCs and deflated pixels, the classic 1×1 GIF, and a baseline JPEG whose one 8×8 block
 * is encoded with one-symbol Huffman tables.
 */
import { crc32, deflateSync } from 'node:zlib';

const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u16 = (n: number) => [(n >>> 8) & 255, n & 255];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

function chunk(type: string, data: Uint8Array | number[]): number[] {
  const body = Uint8Array.from([...ascii(type), ...data]);
  return [...u32(data.length), ...body, ...u32(crc32(body))];
}

/** A PNG of `width`×`height` red RGBA pixels. With `claim`, the header states that size instead
 * while the pixel data stays 1×1 (a header that lies, as an attacker's file would). */
export function png(width = 1, height = 1, claim?: { width: number; height: number }): Uint8Array {
  const row = [0, ...Array.from({ length: width }, () => [255, 0, 0, 255]).flat()];
  const pixels = deflateSync(Uint8Array.from(Array.from({ length: height }, () => row).flat()));
  const w = claim?.width ?? width;
  const h = claim?.height ?? height;
  return Uint8Array.from([
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...chunk('IHDR', [...u32(w), ...u32(h), 8, 6, 0, 0, 0]),
    ...chunk('IDAT', [...pixels]),
    ...chunk('IEND', []),
  ]);
}

/** The well-known 1×1 transparent GIF89a (43 bytes). */
export function gif(): Uint8Array {
  return Uint8Array.from([
    0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff,
    0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02,
    0x02, 0x44, 0x01, 0x00, 0x3b,
  ]);
}

/** A baseline grey 8×8 JPEG: SOI, DQT, SOF0, two DHTs, SOS, one block (DC 0, EOB), EOI. */
export function jpeg(width = 8, height = 8): Uint8Array {
  const segment = (marker: number, data: number[]) => [0xff, marker, ...u16(data.length + 2), ...data];
  const oneSymbolTable = (tableClass: number, symbol: number) => [
    (tableClass << 4) | 0,
    1,
    ...Array.from({ length: 15 }, () => 0),
    symbol,
  ];
  return Uint8Array.from([
    0xff,
    0xd8,
    ...segment(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...Array.from({ length: 64 }, () => 1)]),
    ...segment(0xc0, [8, ...u16(height), ...u16(width), 1, 1, 0x11, 0]),
    ...segment(0xc4, oneSymbolTable(0, 0)),
    ...segment(0xc4, oneSymbolTable(1, 0)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    // Every block: DC category 0 ('0'), then end-of-block ('0'); padded with 1 bits.
    ...Array.from({ length: Math.ceil(width / 8) * Math.ceil(height / 8) }, () => 0x3f),
    0xff,
    0xd9,
  ]);
}

/**
 * A GIF that is also a JavaScript program: `GIF89a=⇥1↵;/*…*∕alert(1)//;`. Its logical screen
 * (0x093D × 0x0A31) stays under 4096 so it passes every check an honest GIF passes.
 */
export function gifJsPolyglot(): Uint8Array {
  return Uint8Array.from([
    ...ascii('GIF89a'),
    0x3d, // '=' low byte of the width
    0x09, // TAB high byte: width 2365
    0x31, // '1'
    0x0a, // LF: height 2609
    0x3b, // ';' packed fields: no global colour table
    ...ascii('/*'), // background index and aspect ratio: open a JS comment over the rest
    0x2c,
    0,
    0,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0x02,
    0x02,
    0x44,
    0x01,
    0x00,
    ...ascii('*/alert(document.domain)//'),
    0x3b,
  ]);
}

/** An SVG with a script: what a renamed `.png` upload might really be. */
export const EVIL_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';
