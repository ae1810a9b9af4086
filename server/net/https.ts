/**
 * Whether browsers reach this server over HTTPS, which decides the `Secure` flag of its cookies.
 */
import type { Context } from 'hono';

/**
 * True when the request arrived over TLS, when a proxy says so (`X-Forwarded-Proto: https`), or
 * when the operator declared an https public address (`PUBLIC_URL`): many TLS proxies (nginx's
 * defaults among them) do not send `X-Forwarded-Proto`, and a cookie meant for an https site must
 * never travel over a plain-http hop such as a redirect to https.
 */
export function isHttps(c: Context, publicUrl: string | undefined): boolean {
  return (
    publicUrl?.startsWith('https:') === true ||
    new URL(c.req.url).protocol === 'https:' ||
    c.req.header('x-forwarded-proto') === 'https'
  );
}
