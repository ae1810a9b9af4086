/**
 * The page that asks before a sign-out another website started. `GET /users/logout` is a link
 * (§2: apps send the browser there with a `next_url`), and a SameSite=Lax cookie rides along on a
 * top-level navigation from anywhere, so any site could end a session with a link or a redirect.
 * When the browser says the navigation came from another site (`Sec-Fetch-Site: cross-site`), the
 * session stays and this page asks; its Sign Out link is a same-origin navigation, which signs out.
 * Suite apps on sibling hosts of the same site (`same-site`) sign out at once, as before.
 */
import { createHash } from 'node:crypto';
import type { Locale } from '../../src/core/settings';
import { serverTranslator } from '../i18n';
import { escapeHtml } from '../notifications/notify';

const STYLE =
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2329;background:#f5f6f7;' +
  'display:grid;place-items:center;min-height:100vh}' +
  'main{box-sizing:border-box;max-width:28rem;width:calc(100% - 2rem);padding:2rem;background:#fff;' +
  'border-radius:8px;box-shadow:0 1px 4px rgb(0 0 0/.12)}' +
  'h1{margin:0 0 .75rem;font-size:1.25rem}p{margin:0 0 1.5rem;overflow-wrap:anywhere}' +
  'nav{display:flex;flex-wrap:wrap;gap:.75rem}' +
  'a{display:inline-block;padding:.5rem 1rem;border-radius:6px;text-decoration:none;border:1px solid #c9cdd4;color:#1f2329}' +
  'a.primary{background:#1245b8;border-color:#1245b8;color:#fff}a:focus-visible{outline:3px solid #5b8def;outline-offset:2px}' +
  '@media (prefers-color-scheme:dark){body{background:#17181a;color:#e6e8eb}main{background:#232427}' +
  'a{color:#e6e8eb;border-color:#4a4d52}a.primary{background:#3b6fe0;border-color:#3b6fe0;color:#fff}}';

/** The page's Content-Security-Policy: its one inline style by hash, nothing else, never framed. */
export const LOGOUT_PAGE_CSP =
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; ` +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The confirmation page: Sign Out goes to `signOutUrl` (the same logout address, now from this
 * origin), Stay Signed In to `stayUrl`.
 */
export function logoutPage(locale: Locale, host: string, signOutUrl: string, stayUrl: string): string {
  const t = serverTranslator(locale);
  const text = (key: Parameters<typeof t>[0], params?: Parameters<typeof t>[1]) => escapeHtml(t(key, params));
  return `<!doctype html>
<html lang="${locale === 'zh_CN' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${text('server.logout.title')}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${text('server.logout.title')}</h1>
<p>${text('server.logout.text', { host })}</p>
<nav><a class="primary" href="${escapeHtml(signOutUrl)}">${text('server.logout.confirm')}</a><a href="${escapeHtml(stayUrl)}">${text('server.logout.stay')}</a></nav>
</main>
</body>
</html>
`;
}
