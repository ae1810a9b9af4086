/**
 * The address users reach this server at, for links that leave the request: the emailed
 * activation link, the avatar URL (shown by elements embedded in other origins, so it must be
 * absolute) and the OpenID redirect URIs.
 *
 * `PUBLIC_URL` wins. Without it the request's `Host` header is only believed when it names this
 * machine's loopback (`localhost`, `127.0.0.0/8`, `[::1]`: the demo and the tests), because any
 * client can send any Host: a forged one would put an attacker's site into the link mailed to
 * someone else, and the token in it would go there. Any other Host gets the server's own address
 * (`HOST` and `PORT`), and the log says once to set `PUBLIC_URL`.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from '../context';
import { parseIp } from '../net/ip';

/** What {@link publicOrigin} reads of the configuration. */
export type OriginConfig = Pick<Config, 'publicUrl' | 'host' | 'port' | 'trustProxy'>;

/** Configurations whose missing `PUBLIC_URL` was already reported (one per server in practice). */
const warned = new WeakSet<OriginConfig>();

/** `https://host[:port]`, without a trailing slash (`PUBLIC_URL` has no path: server/config.ts). */
export function publicOrigin(c: Context<AppEnv>, config: OriginConfig): string {
  if (config.publicUrl) return config.publicUrl;
  const url = new URL(c.req.url);
  if (isLoopback(url.hostname)) {
    // Only this machine can be sent there, so a client's word on the scheme is harmless.
    const proto = c.req.header('x-forwarded-proto') === 'https' ? 'https:' : url.protocol;
    return `${proto}//${url.host}`;
  }
  const origin = ownOrigin(c, config, url.protocol);
  if (!warned.has(config)) {
    warned.add(config);
    // The rejected Host is left out: it is the client's text.
    c.get('log').warn('PUBLIC_URL not set: emailed links and avatar URLs use the server address; set PUBLIC_URL', {
      origin,
    });
  }
  return origin;
}

/** Whether a URL hostname (IPv6 in brackets) names the loopback. */
function isLoopback(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  const ip = parseIp(hostname);
  if (!ip) return false;
  if (ip.version === 4) return ip.bytes[0] === 127;
  return ip.bytes.every((b, i) => b === (i === 15 ? 1 : 0));
}

/**
 * The server's own address: `HOST` and `PORT`, with the address and port the connection actually
 * reached when those are a wildcard (`0.0.0.0`, `::`) or 0 (any free port). Neither comes from
 * anything the client wrote. `https` only when a trusted proxy (`TRUST_PROXY=1`) says so.
 */
function ownOrigin(c: Context<AppEnv>, config: OriginConfig, protocol: string): string {
  const socket = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket;
  const proto = config.trustProxy && c.req.header('x-forwarded-proto') === 'https' ? 'https:' : protocol;
  const configured = parseIp(config.host);
  const wildcard = config.host === '' || (configured !== null && configured.bytes.every((b) => b === 0));
  const host = wildcard ? socket?.localAddress : config.host;
  const port = config.port || socket?.localPort;
  // URL drops the scheme's default port and normalizes the name.
  return new URL(`${proto}//${bracketed(host ?? '127.0.0.1')}${port ? `:${port}` : ''}`).origin;
}

/** An address as a URL host: IPv6 in brackets, an IPv4-mapped IPv6 as the IPv4 it carries. */
function bracketed(host: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(host);
  if (mapped) return mapped[1]!;
  if (!host.includes(':') || host.startsWith('[')) return host;
  // A link-local address's zone (`%eth0`) means nothing to anyone else.
  return `[${host.replace(/%.*$/, '')}]`;
}
