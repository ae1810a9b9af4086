/**
 * OpenSSH public keys in the browser: the parts of one `authorized_keys` line, a structural check
 * of its key blob (RFC 4253 §6.6, RFC 8709) and its SHA-256 fingerprint exactly as
 * `ssh-keygen -l -E sha256` prints it. Pure functions, no React, no DOM.
 */

/** The key types the code-hosting service accepts (§5, §9). */
export const SUPPORTED_KEY_TYPES = ['ssh-rsa', 'ssh-ed25519'] as const;
export type SupportedKeyType = (typeof SUPPORTED_KEY_TYPES)[number];

/** Smallest RSA modulus the service accepts, in bits. */
export const RSA_MIN_BITS = 2048;

/** One `type base64 [comment]` line, split but not yet checked. */
export interface KeyLine {
  type: string;
  base64: string;
  /** Everything after the blob (usually `user@host`), trimmed; '' when absent. */
  comment: string;
}

/** A key that passed every structural check. */
export interface PublicKey {
  type: SupportedKeyType;
  /** The decoded key blob (what the fingerprint hashes). */
  blob: Uint8Array<ArrayBuffer>;
  comment: string;
  /** Key size: the RSA modulus length, 256 for Ed25519. */
  bits: number;
}

/** Why a line is not a usable key. */
export type KeyProblem = 'empty' | 'private' | 'type' | 'format' | 'rsa-too-short';

export type ParsedKey = { ok: true; key: PublicKey } | { ok: false; problem: KeyProblem; bits?: number };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Splits a key line at spaces (non-breaking and other Unicode ones too, as a copy from a web
 * page may bring): type, blob, then the comment (which may contain spaces). */
export function splitKeyLine(text: string): KeyLine | null {
  const m = /^(\S+)[^\S\r\n\u2028\u2029]+(\S+)(?:[^\S\r\n\u2028\u2029]+(.*))?$/.exec(text.trim());
  if (!m) return null;
  return { type: m[1]!, base64: m[2]!, comment: (m[3] ?? '').trim() };
}

/** Standard base64 to bytes; null when it is not base64 (or its length is impossible). */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!BASE64.test(text) || text.replace(/=+$/, '').length % 4 === 1) return null;
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** Reads the SSH wire format: uint32 big-endian lengths followed by that many bytes. */
class WireReader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  /** The next length-prefixed string, or null when the blob ends too early. */
  string(): Uint8Array | null {
    const { bytes, offset } = this;
    if (offset + 4 > bytes.length) return null;
    const length =
      ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
    if (offset + 4 + length > bytes.length) return null;
    this.offset = offset + 4 + length;
    return bytes.subarray(offset + 4, offset + 4 + length);
  }

  get done(): boolean {
    return this.offset === this.bytes.length;
  }
}

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** Bit length of an unsigned big-endian integer (an mpint's magnitude). */
function bitLength(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  if (i === bytes.length) return 0;
  return (bytes.length - i - 1) * 8 + (32 - Math.clz32(bytes[i]!));
}

/** The type named inside a blob, or null when the blob does not start with a type string. */
function blobType(blob: Uint8Array): string | null {
  const type = new WireReader(blob).string();
  return type && type.length > 0 && type.length < 64 ? ascii(type) : null;
}

/** Checks one pasted line completely: a private key, an unsupported type, a broken, truncated
 * or mismatched blob, or an RSA key under {@link RSA_MIN_BITS} each get their own problem.
 * @example parsePublicKey('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI… me@host') // { ok: true, key: { bits: 256, … } } */
export function parsePublicKey(text: string): ParsedKey {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  if (/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(trimmed)) return { ok: false, problem: 'private' };
  const line = splitKeyLine(trimmed);
  if (!line)
    return { ok: false, problem: (SUPPORTED_KEY_TYPES as readonly string[]).includes(trimmed) ? 'format' : 'type' };
  if (!(SUPPORTED_KEY_TYPES as readonly string[]).includes(line.type)) return { ok: false, problem: 'type' };
  const type = line.type as SupportedKeyType;
  const blob = decodeBase64(line.base64);
  if (!blob) return { ok: false, problem: 'format' };
  const reader = new WireReader(blob);
  const named = reader.string();
  if (!named || ascii(named) !== type) return { ok: false, problem: 'format' };

  let bits: number;
  if (type === 'ssh-ed25519') {
    const point = reader.string();
    if (!point || point.length !== 32) return { ok: false, problem: 'format' };
    bits = 256;
  } else {
    const exponent = reader.string();
    const modulus = reader.string();
    if (!exponent || !modulus || bitLength(exponent) === 0) return { ok: false, problem: 'format' };
    bits = bitLength(modulus);
    if (bits === 0) return { ok: false, problem: 'format' };
  }
  if (!reader.done) return { ok: false, problem: 'format' };
  if (type === 'ssh-rsa' && bits < RSA_MIN_BITS) return { ok: false, problem: 'rsa-too-short', bits };
  return { ok: true, key: { type, blob, comment: line.comment, bits } };
}

/** Base64 without the trailing `=` padding, as OpenSSH prints fingerprints. */
function base64NoPadding(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, '');
}

/** `SHA256:` + the unpadded base64 SHA-256 of a key blob. Needs Web Crypto (a secure context:
 * https or localhost); resolves to null where `crypto.subtle` is unavailable. */
export async function fingerprintOfBlob(blob: Uint8Array<ArrayBuffer>): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', blob);
  return `SHA256:${base64NoPadding(new Uint8Array(digest))}`;
}

/** The SHA-256 fingerprint of one public key line, exactly what `ssh-keygen -l -E sha256` prints
 * for it (any key type whose blob names the same type as the line, ECDSA included); null when the
 * line has no decodable blob or Web Crypto is unavailable.
 * @example await sshFingerprint('ssh-ed25519 AAAAC3Nza… alice@laptop') // 'SHA256:SkKsh56F+OK41zCD…' */
export async function sshFingerprint(text: string): Promise<string | null> {
  const line = splitKeyLine(text);
  const blob = line && decodeBase64(line.base64);
  if (!line || !blob || blobType(blob) !== line.type) return null;
  return fingerprintOfBlob(blob);
}
