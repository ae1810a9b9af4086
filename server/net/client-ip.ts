/**
 * The address a request came from: the TCP peer, or — only when the operator says a reverse
 * proxy sits in front (`TRUST_PROXY=1`) — the address that proxy put in `X-Forwarded-For`.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { ipAllowed, parseIp } from './ip';

/**
 * The client's address as text, or undefined when it cannot be known (e.g. an app driven by
 * `app.request()` in a unit test has no socket).
 *
 * With `trustProxy`, the rightmost `X-Forwarded-For` entry wins: our one trusted proxy appends the
 * peer it saw at the end, while everything left of that was written by the client and can be
 * forged. Without it the header is ignored altogether, since any client can send it.
 */
export function clientAddress(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const entries = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const last = entries.at(-1);
    // A garbled header must not fall back to the proxy's own (often allowlisted) address.
    if (last) return parseIp(last) ? last : undefined;
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * The group a client address belongs to, for limits per address: an IPv6 address stands for its
 * /64, since a single subscriber or host usually gets a whole /64 and can pick any address in it
 * for each request, while an IPv4 address (or an IPv4-mapped IPv6 one, the same peer seen through
 * a dual-stack socket) stays itself. Written in one canonical form, so `2001:db8::1` and
 * `2001:0DB8:0:0:ffff::2` fall in the same group. Text that is no address is its own group;
 * undefined (an unknown address) stays undefined.
 * @example addressGroup('2001:db8:0:0:1::5') // '2001:db8:0:0::/64'
 * @example addressGroup('::ffff:192.0.2.1') // '192.0.2.1'
 */
export function addressGroup(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  const ip = parseIp(address);
  if (!ip) return address;
  if (ip.version === 4) return ip.bytes.join('.');
  const groups = [0, 2, 4, 6].map((i) => ((ip.bytes[i]! << 8) | ip.bytes[i + 1]!).toString(16));
  return `${groups.join(':')}::/64`;
}

/**
 * The network a client address belongs to, wider than its {@link addressGroup}: an IPv6
 * address stands for its /48, the most a single site or subscriber is usually given, while an
 * IPv4 address stays itself. For a limit that must count one subscriber once however many /64s
 * they hold. Text that is no address is its own network; undefined stays undefined.
 * @example addressNetwork('2001:db8:5:77::1') // '2001:db8:5::/48'
 */
export function addressNetwork(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  const ip = parseIp(address);
  if (!ip) return address;
  if (ip.version === 4) return ip.bytes.join('.');
  const groups = [0, 2, 4].map((i) => ((ip.bytes[i]! << 8) | ip.bytes[i + 1]!).toString(16));
  return `${groups.join(':')}::/48`;
}

/** The loopback ranges (a dual-stack socket's `::ffff:127.0.0.1` is read as IPv4). */
const LOOPBACK = ['127.0.0.0/8', '::1'];

/** Headers a reverse proxy adds when it relays a request for someone else. */
const FORWARDING = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Whether the request was made on this machine: the TCP peer is a loopback address. Only the
 * socket counts, never `X-Forwarded-For` (even with `TRUST_PROXY`) or `Host`, which any client
 * writes. A forwarding header only ever refuses: a reverse proxy on this machine connects from
 * the loopback on behalf of everyone.
 */
export function fromThisMachine(c: Context): boolean {
  if (FORWARDING.some((name) => c.req.header(name) !== undefined)) return false;
  return ipAllowed(clientAddress(c, false), LOOPBACK);
}
