/**
 * The standalone page and the element bundles from the build (`dist/`): `/users/` is the page
 * in the request's language with the page settings inlined, `/users/<path>` is `dist/<path>`.
 * Hashed chunks are cached for a year; other files briefly, with an ETag. If the build is
 * missing, the page answers 503 with what to run.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { Locale } from '../../src/core/settings';
import type { AppDeps, AppEnv } from '../context';
import { AppError } from '../errors';
import { serverTranslator } from '../i18n';
import { escapeHtml } from '../notifications/notify';
import { pageSettingsFor } from '../page-settings';

/** The page's Content-Security-Policy: no inline script or style anywhere (elements use
 * adoptedStyleSheets; settings travel in a JSON data block). */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

const MARKER = '<!--YX_SETTINGS-->';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=60, must-revalidate';
/** `chunks/name-<hash>.js`: rollup's content hash makes these safe to cache forever. */
const HASHED = /^chunks\/[^/]+-[A-Za-z0-9_-]{8,}\.js$/;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The settings as a JSON data block; `<` is escaped so no value can close the script element. */
export function settingsBlock(settings: object): string {
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return `<script type="application/json" id="yx-settings">${json}</script>`;
}

/**
 * The page's HTML in `locale`: what a reader sees before the script runs (or without one) and
 * what a screen reader announces: the document language, the title and the no-script line. The
 * script sets the first two again when the language changes.
 */
export function localizePage(html: string, locale: Locale): string {
  const t = serverTranslator(locale);
  // The replacements are functions: the texts must not be read as replacement patterns ("$&").
  return html
    .replace(/<html lang="[^"]*"/, () => `<html lang="${locale === 'zh_CN' ? 'zh-CN' : 'en'}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(t('page.title.personalSettings'))}</title>`)
    .replace(/<noscript>[^<]*<\/noscript>/, () => `<noscript>${escapeHtml(t('server.page.noscript'))}</noscript>`);
}

/** Routes of the pages domain. Register last: `/users/*` catches what the API did not. */
export function pageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const dist = resolve(deps.config.distDir);

  app.get('/', (c) => c.redirect('/users/', 302));
  app.get('/users', (c) => c.redirect('/users/', 301));

  app.get('/users/', async (c) => {
    const html = await readFile(resolve(dist, 'demo/index.html'), 'utf8').catch(() => null);
    if (html === null) throw new AppError('page_not_built', 503, 'server.pageNotBuilt');
    const settings = await pageSettingsFor(deps, c);
    c.header('Content-Security-Policy', PAGE_CSP);
    c.header('Cache-Control', 'no-store');
    return c.html(localizePage(html, c.get('locale')).replace(MARKER, () => settingsBlock(settings)));
  });

  app.get('/users/*', async (c, next) => {
    const file = await resolveAsset(dist, c.req.path.slice('/users/'.length));
    if (!file) return next();
    return sendFile(c, file.path, file.rel, file.size, file.mtimeMs);
  });

  return app;
}

/** The file for a request path inside `dist`, or null (outside dist, unknown type, missing). */
async function resolveAsset(dist: string, encoded: string) {
  let rel: string;
  try {
    rel = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  if (!rel || rel.includes('\0') || !TYPES[extname(rel).toLowerCase()]) return null;
  const path = resolve(dist, rel);
  if (!path.startsWith(dist + sep)) return null;
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null;
  return {
    path,
    rel: path
      .slice(dist.length + 1)
      .split(sep)
      .join('/'),
    size: info.size,
    mtimeMs: info.mtimeMs,
  };
}

async function sendFile(c: Context<AppEnv>, path: string, rel: string, size: number, mtimeMs: number) {
  const etag = `W/"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}"`;
  c.header('Cache-Control', HASHED.test(rel) ? IMMUTABLE : SHORT);
  c.header('ETag', etag);
  c.header('Content-Type', TYPES[extname(path).toLowerCase()]!);
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  return c.body(await readFile(path));
}
