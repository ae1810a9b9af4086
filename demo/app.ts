/**
 * The standalone settings page: a lit-html shell that maps the hash routes of §2 to elements,
 * loading each element's bundle lazily through the module registry.
 */
import { html, render } from 'lit-html';
import { configure, resolveSettings } from '../src/core/settings';
import type { PageSettings } from '../src/core/settings';
import { createRegistry } from '../src/core/registry';
import { createTranslator } from '../src/core/i18n/index';
import { resolveLocale } from '../src/core/i18n/index';
import { flavourOf } from '../src/core/flavours';
import { matchRoute, parseHash } from './routes';
import { startTracking } from './tracking';
import type { CurrentUser } from './tracking';

const root = document.getElementById('root')!;
const base = new URL('.', document.baseURI);

// The server inlines page settings as a JSON data block (no inline script, for strict CSP).
const block = document.getElementById('yx-settings');
if (block?.textContent) {
  try {
    window.__YX_SETTINGS__ = JSON.parse(block.textContent) as Partial<PageSettings>;
  } catch {
    /* a broken block leaves the defaults */
  }
}
const settings = resolveSettings();
const locale = settings.locale ?? resolveLocale({ deploymentDefault: flavourOf(settings.flavour).defaultLocale });
const t = createTranslator(locale);
document.documentElement.lang = locale === 'zh_CN' ? 'zh-CN' : 'en';
document.title = t('page.title.personalSettings');

const registry = createRegistry();
const TAGS = [
  'yx-login',
  'yx-password-reset',
  'yx-email-verify-result',
  'yx-settings',
  'yx-profile',
  'yx-token-manager',
  'yx-ssh-keys',
  'yx-package-credential',
  'yx-third-party-bindings',
  'yx-message-centre',
  'yx-org-switcher',
  'yx-app-entry',
  'yx-error-page',
];
for (const tag of TAGS) registry.register({ name: tag, url: new URL(`elements/${tag}.js`, base).href });

let session: Promise<CurrentUser | null> | undefined;
/** The last answer of `/individual/proxy/me` (null: signed out), which the tracker reports. */
let me: CurrentUser | null | undefined;
/** Whether a user is signed in; asked once per page load, again after a sign-in event. */
function signedIn(): Promise<boolean> {
  session ??= fetch(new URL('individual/proxy/me', location.origin + '/'), {
    credentials: 'include',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  })
    .then(async (r) => (r.ok ? ((await r.json().catch(() => ({}))) as CurrentUser) : null))
    .catch(() => null)
    .then((user) => (me = user));
  return session.then((user) => user !== null);
}
window.addEventListener('yx-login', (event) => {
  session = undefined;
  // Sign-in rotates the CSRF token: every element on the page must send the new one.
  if (event.detail?.csrfToken) configure({ csrfToken: event.detail.csrfToken });
});

startTracking(() => me);

function show(content: unknown, narrow = false) {
  render(html`<main class="yx-page ${narrow ? 'yx-page--narrow' : ''}">${content}</main>`, root);
}

async function route() {
  const { path, query } = parseHash(location.hash);
  const match = matchRoute(path, query);
  if (match.redirect) {
    location.replace('#' + match.redirect);
    return;
  }
  if (match.auth && !(await signedIn())) {
    const next = location.hash.replace(/^#/, '') || '/users/settings/profile';
    location.replace('#/users/login?nextUrl=' + encodeURIComponent('#' + next));
    return;
  }
  const tag = match.tag!;
  // Moving between sections of the settings shell keeps the shell: only its attributes change.
  if (shown?.localName === tag && shown.isConnected && tag === 'yx-settings') {
    syncAttributes(shown, match.attrs ?? {});
    return;
  }
  show(html`<p class="yx-page__status" role="status">${t('common.loading')}</p>`);
  try {
    await registry.load(tag);
  } catch {
    // The error page has its own bundle; if even that fails, a plain message stays on screen.
    try {
      await registry.load('yx-error-page');
      show(element('yx-error-page', { type: 'chunk-load' }));
    } catch {
      show(html`<p class="yx-page__status" role="alert">${t('error.chunkLoad')}</p>`);
    }
    return;
  }
  const narrow = tag === 'yx-login' || tag === 'yx-password-reset';
  show(element(tag, match.attrs ?? {}), narrow);
}

/** Creates the element with its attributes (lit-html cannot template a dynamic tag name). */
function element(tag: string, attrs: Record<string, string>) {
  const el = document.createElement(tag);
  syncAttributes(el, attrs);
  shown = el;
  return el;
}

let shown: HTMLElement | undefined;

/** Sets exactly these attributes on the element (removing the route attributes it no longer has). */
function syncAttributes(el: HTMLElement, attrs: Record<string, string>) {
  for (const name of ['section', 'version', 'view']) if (!(name in attrs)) el.removeAttribute(name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
}

window.addEventListener('hashchange', () => void route());
void route();
