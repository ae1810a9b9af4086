/**
 * IPv4 / IPv6 addresses and CIDR ranges, parsed by hand into bytes so that matching is plain bit
 * comparison. Pure: no Node APIs, no Hono. Used by the organization IP allowlist.
 *
 * IPv4-mapped IPv6 addresses (`::ffff:192.0.2.1`, what a dual-stack socket reports for an IPv4
 * peer) are treated as the IPv4 address they carry, so one `192.0.2.0/24` entry covers both.
 */

/** A parsed address: 4 bytes for IPv4, 16 for IPv6. */
export interface IpAddress {
  version: 4 | 6;
  bytes: Uint8Array;
}

/** A parsed range: the network address and how many leading bits must match. */
export interface CidrRange extends IpAddress {
  prefix: number;
}

const V4_PART = /^(0|[1-9]\d{0,2})$/;
const V6_GROUP = /^[0-9a-f]{1,4}$/i;

function parseV4(text: string): Uint8Array | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    // Leading zeros are refused: some parsers read "010" as octal 8, others as decimal 10.
    if (!V4_PART.test(parts[i]!)) return null;
    const n = Number(parts[i]);
    if (n > 255) return null;
    bytes[i] = n;
  }
  return bytes;
}

/** The 16-bit groups of one side of `::`; a dotted IPv4 tail counts as two groups. */
function v6Groups(side: string, last: boolean): number[] | null {
  if (side === '') return [];
  const parts = side.split(':');
  const groups: number[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (last && i === parts.length - 1 && part.includes('.')) {
      const v4 = parseV4(part);
      if (!v4) return null;
      groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    } else if (V6_GROUP.test(part)) {
      groups.push(parseInt(part, 16));
    } else {
      return null;
    }
  }
  return groups;
}

function parseV6(text: string): Uint8Array | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const compressed = halves.length === 2;
  const head = v6Groups(halves[0]!, !compressed);
  const tail = compressed ? v6Groups(halves[1]!, true) : [];
  if (!head || !tail) return null;
  const count = head.length + tail.length;
  // `::` stands for at least one zero group; without it all eight must be written.
  if (compressed ? count > 7 : count !== 8) return null;
  const groups = [...head, ...Array.from({ length: 8 - count }, () => 0), ...tail];
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 0xff;
  });
  return bytes;
}

/** Whether 16 bytes are `::ffff:a.b.c.d`. */
function isV4Mapped(bytes: Uint8Array): boolean {
  return bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
}

/**
 * Parses an address; null when it is not one. Accepts `[…]` brackets and drops an IPv6 zone
 * (`fe80::1%eth0`). IPv4-mapped IPv6 comes back as IPv4.
 * @example parseIp('::ffff:10.0.0.1') // { version: 4, bytes: [10, 0, 0, 1] }
 */
export function parseIp(text: string): IpAddress | null {
  let s = text.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  if (s.includes(':')) {
    const zone = s.indexOf('%');
    if (zone > 0) s = s.slice(0, zone);
    const bytes = parseV6(s);
    if (!bytes) return null;
    return isV4Mapped(bytes) ? { version: 4, bytes: bytes.slice(12) } : { version: 6, bytes };
  }
  const bytes = parseV4(s);
  return bytes ? { version: 4, bytes } : null;
}

/**
 * Parses `address/prefix`, or a bare address (a range of one). Host bits may be set
 * (`10.1.2.3/8` means `10.0.0.0/8`). An IPv4-mapped IPv6 range with a prefix of 96 or more
 * becomes the IPv4 range it describes. Null when malformed.
 * @example parseCidr('2001:db8::/32')
 */
export function parseCidr(text: string): CidrRange | null {
  const s = text.trim();
  const slash = s.indexOf('/');
  const addressText = slash < 0 ? s : s.slice(0, slash);
  const prefixText = slash < 0 ? undefined : s.slice(slash + 1);
  if (addressText.includes('%')) return null;
  const written = addressText.includes(':') ? 6 : 4;
  const address = parseIp(addressText);
  if (!address) return null;
  const writtenBits = written === 4 ? 32 : 128;
  let prefix = writtenBits;
  if (prefixText !== undefined) {
    if (!/^(0|[1-9]\d{0,2})$/.test(prefixText)) return null;
    prefix = Number(prefixText);
    if (prefix > writtenBits) return null;
  }
  if (written === 6 && address.version === 4) {
    // `::ffff:0:0/96` and longer select IPv4 space; shorter prefixes reach beyond it.
    if (prefix < 96) return null;
    prefix -= 96;
  }
  return { ...address, prefix };
}

/** Whether `address` lies in `range` (always false across IP versions). */
export function cidrContains(range: CidrRange, address: IpAddress): boolean {
  if (range.version !== address.version) return false;
  const whole = Math.floor(range.prefix / 8);
  for (let i = 0; i < whole; i++) if (range.bytes[i] !== address.bytes[i]) return false;
  const rest = range.prefix % 8;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (range.bytes[whole]! & mask) === (address.bytes[whole]! & mask);
}

/**
 * Whether an address may pass an allowlist of CIDR entries. An empty list allows everyone; an
 * address that cannot be parsed (or is unknown) passes no non-empty list; malformed entries match
 * nothing.
 * @example ipAllowed('10.1.2.3', ['10.0.0.0/8']) // true
 */
export function ipAllowed(address: string | undefined, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  const ip = address === undefined ? null : parseIp(address);
  if (!ip) return false;
  return allowlist.some((entry) => {
    const range = parseCidr(entry);
    return range !== null && cidrContains(range, ip);
  });
}
