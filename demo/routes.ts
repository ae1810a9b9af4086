/**
 * The hash routes of §2, as data: which element a path shows, with which attributes, and
 * whether it needs a signed-in user. Pure, so it is tested without a browser page.
 */
import { isAppId } from '../src/core/app-id';

export interface RouteMatch {
  /** Custom element tag to show, or a redirect target. */
  tag?: string;
  attrs?: Record<string, string>;
  redirect?: string;
  /** False for the pages a signed-out visitor may see. */
  auth: boolean;
  /** The personal-settings section key, on settings routes. */
  section?: string;
  /** The document title key's English text is 'Personal Settings' on every page. */
}

const PUBLIC = new Set(['/users/login', '/users/resetpassword', '/users/emails', '/login/errors']);

/** Splits `#/users/x?y=1` into its path and query. */
export function parseHash(hash: string): { path: string; query: URLSearchParams } {
  const raw = hash.replace(/^#/, '') || '/users/settings';
  const [path = '/', query = ''] = raw.split('?');
  return { path: path.replace(/\/+$/, '') || '/', query: new URLSearchParams(query) };
}

export function matchRoute(path: string, query: URLSearchParams): RouteMatch {
  const auth = !PUBLIC.has(path);
  const seg = path.split('/').filter(Boolean);
  if (path === '/' || path === '/users') return { redirect: '/users/settings/profile', auth };
  if (seg[0] === 'login' && seg[1] === 'errors' && seg.length === 2) {
    const attrs: Record<string, string> = { type: 'login-failure' };
    const reason = query.get('reason') ?? query.get('type');
    if (reason) attrs.reason = reason;
    return { tag: 'yx-error-page', attrs, auth };
  }
  if (seg[0] !== 'users') return notFound();
  switch (seg[1]) {
    case 'login':
      return seg.length === 2 ? { tag: 'yx-login', attrs: variant(query), auth } : notFound();
    case 'resetpassword':
      return seg.length === 2 ? { tag: 'yx-password-reset', auth } : notFound();
    case 'settings': {
      if (seg.length === 2) return { redirect: '/users/settings/profile', auth };
      // The shell reads the section, filters its menu and redirects an unknown key itself.
      const section = seg[2]!;
      if (seg.length === 3) {
        const attrs: Record<string, string> = { section };
        if (section === 'personalAccessToken' && query.get('version')) attrs.version = query.get('version')!;
        return { tag: 'yx-settings', attrs, auth, section };
      }
      if (seg.length === 4 && section === 'personalAccessToken' && seg[3] === 'create') {
        return { tag: 'yx-settings', attrs: { section, view: 'create' }, auth, section };
      }
      return notFound();
    }
    case 'switch':
      if (seg.length === 2) return { redirect: '/users/switch/organization', auth };
      if (seg.length === 3 && seg[2] === 'organization') return { tag: 'yx-org-switcher', auth };
      if (seg.length === 4 && seg[3] === 'app-entry') {
        const organizationId = decoded(seg[2]!);
        return organizationId === null
          ? notFound()
          : { tag: 'yx-app-entry', attrs: { 'organization-id': organizationId }, auth };
      }
      return notFound();
    case 'notifications':
      return seg.length === 2 ? { tag: 'yx-message-centre', attrs: messagesView(query), auth } : notFound();
    case 'emails':
      return seg.length === 2 ? { tag: 'yx-email-verify-result', attrs: pick(query, ['token']), auth } : notFound();
    case 'errors':
      return seg.length === 2
        ? { tag: 'yx-error-page', attrs: { type: query.get('type') ?? 'generic', ...checks(query) }, auth }
        : notFound();
    default:
      return notFound();
  }
}

/** A path segment decoded, or null when its percent-encoding is broken (`%E0%A4%A`): a typed or
 * cut-off address is a page that does not exist, not an exception that leaves the page blank. */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function notFound(): RouteMatch {
  return { tag: 'yx-error-page', attrs: { type: 'not-found' }, auth: false };
}

function variant(query: URLSearchParams): Record<string, string> {
  return query.get('variant') === 'lingma' ? { variant: 'lingma' } : {};
}

/** The message centre's view in the address (`?tab=unread&app=codeup`, kept there by the page):
 * the tab when it is one, an app id as the element takes it. */
function messagesView(query: URLSearchParams): Record<string, string> {
  const attrs: Record<string, string> = {};
  const tab = query.get('tab');
  const app = query.get('app');
  if (tab === 'all' || tab === 'unread') attrs.tab = tab;
  if (app && isAppId(app)) attrs.app = app;
  return attrs;
}

function pick(query: URLSearchParams, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = query.get(n);
    if (v) out[n] = v;
  }
  return out;
}

/** /users/errors runs its two checks when the organization and app are known (§2). */
function checks(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  const org = query.get('orgId') || query.get('organizationId') || query.get('org_id');
  const app = query.get('appId') || query.get('appid') || query.get('app_id');
  if (org) out['org-id'] = org;
  if (app) out['app-id'] = app;
  if (org && app) out['verify-access'] = '';
  return out;
}
