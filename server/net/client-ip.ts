/**
 * The address a request came from: the TCP peer, or — only when the operator says a reverse
 * proxy sits in front (`TRUST_PROXY=1`) — the address that proxy put in `X-Forwarded-For`.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { parseIp } from './ip';

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
