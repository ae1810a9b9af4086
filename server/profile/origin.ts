/**
 * The address users reach this server at, for links that leave the request: the emailed
 * activation link and the avatar URL (shown by elements embedded in other origins, so it must be
 * absolute). `PUBLIC_URL` wins; otherwise the request's own Host, with `https` when a proxy says
 * `X-Forwarded-Proto: https`. Behind a proxy that rewrites Host, set `PUBLIC_URL`.
 */
import type { Context } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from '../context';

/** `https://host[:port][/prefix]`, without a trailing slash. */
export function publicOrigin(c: Context<AppEnv>, config: Pick<Config, 'publicUrl'>): string {
  if (config.publicUrl) return config.publicUrl;
  const url = new URL(c.req.url);
  const proto = c.req.header('x-forwarded-proto') === 'https' ? 'https:' : url.protocol;
  return `${proto}//${url.host}`;
}
