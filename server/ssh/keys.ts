/**
 * Parsing an OpenSSH public key line for real (RFC 4253 §6.6, RFC 8709): the base64 blob is
 * decoded and read in SSH wire format, so a key that only looks right (a truncated paste, a blob
 * of another type, a short RSA modulus) is refused with its own error code.
 */
import { createHash } from 'node:crypto';
import { AppError } from '../errors';

/** Longest key line accepted, in bytes (§5 gives no figure; OpenSSH's own lines stay far below). */
export const MAX_KEY_BYTES = 8192;
/** Smallest RSA modulus accepted (NIST SP 800-131A; OpenSSH refuses < 1024 on its own). */
export const MIN_RSA_BITS = 2048;
/** Largest RSA modulus OpenSSH handles. */
const MAX_RSA_BITS = 16384;

/** The key types §5 allows. */
export type SshKeyType = 'ssh-ed25519' | 'ssh-rsa';

/** A valid public key. */
export interface ParsedSshKey {
  type: SshKeyType;
  /** The decoded wire-format blob: what the SSH client presents and what is fingerprinted. */
  blob: Buffer;
  /** Bits of the RSA modulus; 256 for Ed25519. */
  bits: number;
  /** OpenSSH's `SHA256:…` form, identical to `ssh-keygen -l -E sha256`. */
  fingerprint: string;
  comment: string;
  /** `type base64 [comment]`, with whitespace runs collapsed. */
  line: string;
}

const keyError = (code: string, messageKey: ConstructorParameters<typeof AppError>[2], params?: { bits: number }) =>
  new AppError(code, 400, messageKey, params, { field: 'key', ...params });

/** The errors a pasted key can get; the front end maps each code (src/features/ssh-keys/errors.ts). */
export const sshKeyErrors = {
  private: () => keyError('ssh_key_private', 'ssh.error.private'),
  type: () => keyError('ssh_key_type', 'ssh.error.type'),
  rsaTooShort: (bits: number) => keyError('ssh_key_rsa_too_short', 'ssh.validation.rsaTooShort', { bits }),
  invalid: () => keyError('ssh_key_invalid', 'ssh.error.invalid'),
  tooLong: () => keyError('ssh_key_too_long', 'ssh.error.tooLong'),
  options: () => keyError('ssh_key_options', 'server.ssh.keyOptions'),
};

const PRIVATE_MARKERS = [/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/, /^PuTTY-User-Key-File-\d+:/m];
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** Line breaks, including Unicode's own line and paragraph separators: a key is one line. */
const LINE_BREAK = /[\r\n\u2028\u2029]/;
/** What separates the parts of a line: spaces and tabs, and the other Unicode spaces (`\s`: a
 * no-break space comes along when a key is copied from a web page, a chat or a document). */
const SEPARATORS = /\s+/u;
/** Any key type name OpenSSH writes first on a line (`ssh-dss`, `ecdsa-sha2-nistp256`,
 * `sk-ssh-ed25519@openssh.com`, certificate types…), supported or not. */
const KEY_TYPE_NAME = /^(?:ssh|ecdsa|sk)-[A-Za-z0-9.@-]+$/;
const isSupported = (type: string): type is SshKeyType => type === 'ssh-ed25519' || type === 'ssh-rsa';

/**
 * Whether a supported key follows something else on the line: an authorized_keys line with its
 * options (`no-pty,from="10.0.0.1" ssh-ed25519 AAAA… me`), or a label pasted along with the key.
 * Such a line is refused rather than trimmed to its key: options like `from=` or `command=`
 * restrict what the key may do, and this server would not apply them, so keeping the key without
 * them would quietly let it do more than its owner wrote.
 */
function keyAfterOtherText(parts: string[]): boolean {
  // A line that starts with a key type (`ecdsa-sha2-nistp256 …`) is a key of that type.
  if (KEY_TYPE_NAME.test(parts[0] ?? '')) return false;
  return parts.some((part, i) => i > 0 && isSupported(part) && BASE64.test(parts[i + 1] ?? ''));
}

/** A cursor over an SSH wire-format buffer; every read returns undefined past the end. */
class WireReader {
  #pos = 0;
  constructor(private readonly buf: Buffer) {}
  get done(): boolean {
    return this.#pos === this.buf.length;
  }
  /** `string` (uint32 length + bytes). */
  bytes(): Buffer | undefined {
    if (this.#pos + 4 > this.buf.length) return undefined;
    const length = this.buf.readUInt32BE(this.#pos);
    if (this.#pos + 4 + length > this.buf.length) return undefined;
    const out = this.buf.subarray(this.#pos + 4, this.#pos + 4 + length);
    this.#pos += 4 + length;
    return out;
  }
  /** `mpint`: two's complement, big-endian; only positive values are valid here. */
  positiveMpint(): Buffer | undefined {
    const raw = this.bytes();
    if (!raw || raw.length === 0 || (raw[0]! & 0x80) !== 0) return undefined;
    // A leading zero is only allowed to clear the sign bit (RFC 4251 §5): no other padding.
    if (raw[0] === 0 && (raw.length === 1 || (raw[1]! & 0x80) === 0)) return undefined;
    return raw[0] === 0 ? raw.subarray(1) : raw;
  }
}

/** Bit length of a big-endian unsigned integer without leading zeros. */
function bitLength(n: Buffer): number {
  return n.length === 0 ? 0 : (n.length - 1) * 8 + (32 - Math.clz32(n[0]!));
}

/** OpenSSH's SHA-256 fingerprint of a key blob: `SHA256:` + unpadded base64. */
export function fingerprintOf(blob: Buffer): string {
  return 'SHA256:' + createHash('sha256').update(blob).digest('base64').replace(/=+$/, '');
}

/** Reads the blob of a key the prefix says is `type`; returns its size in bits, or throws. */
function checkBlob(type: SshKeyType, blob: Buffer): number {
  const r = new WireReader(blob);
  const inner = r.bytes();
  if (!inner || inner.toString('latin1') !== type) throw sshKeyErrors.invalid();
  if (type === 'ssh-ed25519') {
    const point = r.bytes();
    if (!point || point.length !== 32 || !r.done) throw sshKeyErrors.invalid();
    return 256;
  }
  const e = r.positiveMpint();
  const n = r.positiveMpint();
  // e must be odd and > 1 for a working RSA key; trailing bytes mean a corrupted paste.
  if (!e || !n || !r.done || (e[e.length - 1]! & 1) === 0 || (e.length === 1 && e[0]! < 3)) {
    throw sshKeyErrors.invalid();
  }
  const bits = bitLength(n);
  if (bits > MAX_RSA_BITS) throw sshKeyErrors.invalid();
  if (bits < MIN_RSA_BITS) throw sshKeyErrors.rsaTooShort(bits);
  return bits;
}

/**
 * Parses one pasted public key. Checks, in order: size, private key, one line, type (only
 * `ssh-ed25519` / `ssh-rsa`; a supported key after options or other text gets its own error),
 * strict base64, the blob's inner type, then the key material. Parts may be separated by any
 * Unicode space; the stored line uses plain spaces.
 * Throws an {@link AppError} (400, `field: 'key'`) naming what is wrong. An empty value is the
 * caller's "required" error, not this one's.
 * @example parseSshPublicKey('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI… me@laptop').fingerprint
 */
export function parseSshPublicKey(input: string): ParsedSshKey {
  if (Buffer.byteLength(input, 'utf8') > MAX_KEY_BYTES) throw sshKeyErrors.tooLong();
  const text = input.trim();
  if (PRIVATE_MARKERS.some((re) => re.test(text))) throw sshKeyErrors.private();
  if (LINE_BREAK.test(text)) throw sshKeyErrors.invalid();
  const parts = text.split(SEPARATORS);
  const [type = '', data = '', ...rest] = parts;
  if (!isSupported(type)) throw keyAfterOtherText(parts) ? sshKeyErrors.options() : sshKeyErrors.type();
  if (!BASE64.test(data) || data.length % 4 !== 0) throw sshKeyErrors.invalid();
  const blob = Buffer.from(data, 'base64');
  // Node's decoder skips what it cannot read; a round trip proves nothing was dropped.
  if (blob.toString('base64') !== data) throw sshKeyErrors.invalid();
  const bits = checkBlob(type, blob);
  const comment = rest.join(' ');
  return {
    type,
    blob,
    bits,
    fingerprint: fingerprintOf(blob),
    comment,
    line: comment ? `${type} ${data} ${comment}` : `${type} ${data}`,
  };
}
