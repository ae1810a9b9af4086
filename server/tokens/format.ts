/**
 * The personal access token value, in GitHub's style: a recognisable prefix (so secret scanners
 * and people can tell what it is), 256 random bits, and a CRC32 checksum (so a typo or a random
 * string is refused without touching the database).
 *
 *   yxp_ + base62(32 random bytes, 43 chars) + base62(CRC32 of everything before it, 6 chars)
 *
 * The checksum is not a secret and proves nothing about authenticity; only the SHA-256 lookup
 * does. Only that digest is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** Every token value starts with this. */
export const TOKEN_PREFIX = 'yxp_';
/** 62^43 > 2^256, so 43 base62 characters hold 32 bytes. */
const BODY_CHARS = 43;
/** 62^6 > 2^32, so 6 characters hold a CRC32. */
const CHECK_CHARS = 6;
/** Total length of a token value. */
export const TOKEN_LENGTH = TOKEN_PREFIX.length + BODY_CHARS + CHECK_CHARS;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SHAPE = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{${BODY_CHARS + CHECK_CHARS}}$`);

/** Base62 of a non-negative integer, left-padded with '0' to `width`. */
function base62(value: bigint, width: number): string {
  let out = '';
  for (let n = value; n > 0n; n /= 62n) out = ALPHABET[Number(n % 62n)] + out;
  return out.padStart(width, '0');
}

function checksum(head: string): string {
  return base62(BigInt(crc32(head)), CHECK_CHARS);
}

/** A new random token value. @example newTokenValue() // 'yxp_3kT…' (53 characters) */
export function newTokenValue(): string {
  const head = TOKEN_PREFIX + base62(BigInt('0x' + randomBytes(32).toString('hex')), BODY_CHARS);
  return head + checksum(head);
}

/** Whether a value has the token shape and a matching checksum. Cheap and database-free, so
 * garbage and tampered values are refused before any lookup. */
export function isWellFormedToken(value: string): boolean {
  if (value.length !== TOKEN_LENGTH || !SHAPE.test(value)) return false;
  const head = value.slice(0, -CHECK_CHARS);
  return checksum(head) === value.slice(-CHECK_CHARS);
}

/** The stored form of a token value: SHA-256, hex. The value has 256 bits of entropy, so a plain
 * fast hash is enough (no password-style stretching needed). */
export function tokenDigest(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
