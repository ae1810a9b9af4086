/**
 * The standalone settings page: a lit-html shell that maps the hash routes of §2 to elements,
 * loading each element's bundle lazily through the module registry.
 */
import { html, render } from 'lit-html';
import { configure, onConfigure, resolveSettings } from '../src/core/settings';
import type { Locale, PageSettings } from '../src/core/settings';
import { readCookie } from '../src/core/cookies';
import { createHttpClient } from '../src/core/http';
import { createRegistry } from '../src/core/registry';
import { LOCALE_COOKIE, createTranslator, loadStrings, normalizeLocale, resolveLocale } from '../src/core/i18n/index';
import type { MessageKey, Translate } from '../src/core/i18n/index';
import { partOfKey } from '../src/core/i18n/parts';
import { SETTINGS_SECTIONS, flavourOf, logoutUrl, reloginTarget } from '../src/core/flavours';
import type { SectionKey } from '../src/core/flavours';
import { getAppId, getNextUrl, safeRedirect } from '../src/core/query';
import { matchRoute, parseHash } from './routes';
import type { RouteMatch } from './routes';
import { startTracking } from './tracking';
import type { CurrentUser } from './tracking';

const root = document.getElementById('root')!;
const base = new URL('.', document.baseURI);

// The server inlines page settings as a JSON data block (no inline script, for strict CSP).
const block = document.getElementById('yx-settings');
/** The server said this page load has no signed-in user (`signedIn: false`); cleared by sign-in. */
let signedOutAtLoad = false;
if (block?.textContent) {
  try {
    const inlined = JSON.parse(block.textContent) as Partial<PageSettings> & { signedIn?: unknown };
    window.__YX_SETTINGS__ = inlined;
    signedOutAtLoad = inlined.signedIn === false;
  } catch {
    /* a broken block leaves the defaults */
  }
}
const settings = resolveSettings();
/** The page's own words; the bundles load strings on demand, so these come first. */
const PAGE_KEYS: readonly MessageKey[] = [
  'page.title.personalSettings',
  'common.loading',
  'error.chunkLoad',
  'action.switchOrganization',
  'page.organization.switch',
  'page.organization.now',
  'page.signOut',
  'page.backToSettings',
];
let locale: Locale;
let t: Translate;
let strings: Promise<void>;
/** Shows the page's own words in `next`: its title, the document's language and its messages. */
function pageLanguage(next: Locale): void {
  locale = next;
  t = createTranslator(next);
  document.documentElement.lang = next === 'zh_CN' ? 'zh-CN' : 'en';
  // A failure leaves the keys on screen, as it would in the elements: the routes still work.
  strings = loadStrings(next, [...new Set(PAGE_KEYS.map(partOfKey))]).then(
    () => {
      document.title = t('page.title.personalSettings');
    },
    () => {},
  );
}
pageLanguage(settings.locale ?? resolveLocale({ deploymentDefault: flavourOf(settings.flavour).defaultLocale }));

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
  'yx-unread-badge',
];
for (const tag of TAGS) registry.register({ name: tag, url: new URL(`elements/${tag}.js`, base).href });

let session: Promise<CurrentUser | null> | undefined;
/** The last answer of `/individual/proxy/me` (null: signed out), which the tracker reports. */
let me: CurrentUser | null | undefined;
/** Whether a user is signed in; asked once per page load, again after a sign-in event or the end
 * of the session (`yx-session-end`). A visitor the server already named as signed out is not
 * asked about: the 401 would be a console error. */
function signedIn(): Promise<boolean> {
  if (signedOutAtLoad) return Promise.resolve(false);
  session ??= fetch(new URL('individual/proxy/me', location.origin + '/'), {
    credentials: 'include',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  })
    .then(async (r) => (r.ok ? ((await r.json().catch(() => ({}))) as CurrentUser) : null))
    .catch(() => null)
    .then((user) => (me = user));
  return session.then((user) => user !== null);
}
/** The page's own calls to the server (an element's settings: host, CSRF token, organization). */
const http = createHttpClient({ settings: () => resolveSettings() });
/** The signed-in user's organization being learnt after an in-page sign-in (yx-login). */
let learningOrganization: Promise<void> | undefined;
window.addEventListener('yx-login', (event) => {
  signedOutAtLoad = false;
  session = undefined;
  // Sign-in rotates the CSRF token: every element on the page must send the new one.
  if (event.detail?.csrfToken) configure({ csrfToken: event.detail.csrfToken });
  // The page was served to a visitor (in no organization), or to another user whose session has
  // ended: from now on, this user's current organization (what a reload would inline), for the
  // elements' calls and the top bar's name.
  // The next view waits for it (route()), so it does not first ask in the old organization.
  const before = resolveSettings().organizationId;
  learningOrganization = http.get<{ organizationId?: unknown }>('/users/ajax/v1/page-settings').then(([, fresh]) => {
    const id = fresh?.organizationId;
    if (
      typeof id === 'string' &&
      id !== resolveSettings().organizationId &&
      resolveSettings().organizationId === before
    ) {
      configure({ organizationId: id });
    }
  });
  // The page was served before the sign-in, in the visitor's language. From now on the server
  // answers in the user's own language, and serves the page in it too (§4: only a language
  // chosen on this browser, the cookie, comes first): the page and its elements follow at once,
  // rather than at the next reload, so server texts (the permission tree) match the screen.
  const own = event.detail?.user?.language;
  const language = readCookie(document.cookie, LOCALE_COOKIE)
    ? undefined
    : normalizeLocale(typeof own === 'string' ? own : undefined);
  if (language && language !== locale) {
    configure({ locale: language });
    pageLanguage(language);
  }
});

// A call of an element found the session gone (signed out in another tab, or expired): the cached
// answer is stale, so the guard asks the server again from now on, and the user goes to sign in,
// coming back to this page (§2). The page routes it itself: the element's own target is the
// account host's full sign-in address, made for host apps.
window.addEventListener('yx-session-end', (event) => {
  event.preventDefault();
  session = undefined;
  me = null;
  const { path, query } = parseHash(location.hash);
  // On a page for signed-out visitors (the sign-in page itself) there is nowhere to send them.
  if (!matchRoute(path, query).auth) return;
  location.assign(reloginTarget(resolveSettings().flavour, location.hash || '#/users/settings/profile'));
});

// Switching organization moves to another hash of this same document, which keeps the settings
// inlined at load: every element shown from then on must work in the new organization.
window.addEventListener('yx-org-change', (event) => {
  const id = event.detail?.organizationId;
  if (typeof id !== 'string' || !id) return;
  configure({ organizationId: id });
  switched = true;
  try {
    sessionStorage.setItem(SWITCHED, id);
  } catch {
    /* without storage, a switch that reloads the page goes unannounced */
  }
});

// The message centre's tab and app filter live in its address, so a reload or a shared link
// opens the same view: the hash is replaced (no history entry per click) without routing (the
// view stays as it is, and the focus with it); the rest of the query (`nextUrl`) stays.
window.addEventListener('yx-messages-view', (event) => {
  const { path, query } = parseHash(location.hash);
  if (matchRoute(path, query).tag !== 'yx-message-centre') return;
  const { tab, app } = event.detail;
  if (tab === 'unread') query.set('tab', tab);
  else query.delete('tab');
  if (app) query.set('app', app);
  else query.delete('app');
  const search = query.toString();
  history.replaceState(history.state, '', '#' + path + (search ? '?' + search : ''));
  // Sign Out comes back to this address: the view as it is now.
  root.querySelector<HTMLAnchorElement>('.yx-page__sign-out')?.setAttribute('href', signOutHref());
});

/** An organization as `GET /uiless/api/organizations/{id}` (§7) names it. */
interface Organization {
  name: string;
  logo?: string | null;
}
/** The answer for each organization, asked once (after a failure, again at the next view). */
const organizations = new Map<string, Promise<Organization | null>>();
function organization(id: string): Promise<Organization | null> {
  let answer = organizations.get(id);
  if (!answer) {
    answer = http
      .get<{ result?: Organization }>(`/uiless/api/organizations/${encodeURIComponent(id)}`)
      .then(([, body]) => {
        const org = body?.result;
        if (typeof org?.name === 'string' && org.name) return org;
        organizations.delete(id);
        return null;
      });
    organizations.set(id, answer);
  }
  return answer;
}

/** Where the page tells what happened out of sight (a switch of organization), politely. */
const live = document.createElement('div');
live.className = 'yx-page__live';
live.setAttribute('role', 'status');
document.body.append(live);
/** The session key of a switch not yet announced: the switch's next address may be another
 * document (the picker opened on its own goes to `/`), which announces it when it shows a view. */
const SWITCHED = 'yx-page-switched';
let switched = false;
try {
  switched = sessionStorage.getItem(SWITCHED) !== null;
  sessionStorage.removeItem(SWITCHED);
} catch {
  /* no storage: nothing carried over */
}
/** After a switch, once the next view is on screen: "Now in Acme Cloud" (nothing when the
 * organization's name cannot be had). */
function announceSwitch() {
  if (!switched) return;
  switched = false;
  try {
    sessionStorage.removeItem(SWITCHED);
  } catch {
    /* nothing stored */
  }
  const id = resolveSettings().organizationId;
  if (!id) return;
  void organization(id).then((org) => {
    if (org && resolveSettings().organizationId === id)
      live.textContent = t('page.organization.now', { name: org.name });
  });
}

/** Shows `content` as the view named `name`. The container is focusable, for route changes. */
function show(content: unknown, name: string, narrow = false) {
  render(
    html`<main class="yx-page ${narrow ? 'yx-page--narrow' : ''}" tabindex="-1" aria-label=${name}>${content}</main>`,
    root,
  );
}

/** The names of the views, for their container. §2 keeps the document title at "Personal
 * Settings" on every route, so this is what a screen reader says when a route change focuses it. */
const VIEW_NAMES: Readonly<Record<string, MessageKey>> = {
  'yx-login': 'page.login.title',
  'yx-password-reset': 'page.reset.title',
  'yx-email-verify-result': 'page.emailVerify.title',
  'yx-message-centre': 'page.notifications.title',
  'yx-org-switcher': 'page.switchOrganization',
  'yx-app-entry': 'orgs.appEntry.intro',
};
const viewName = (match: RouteMatch): MessageKey =>
  SETTINGS_SECTIONS[match.section as SectionKey]?.labelKey ?? VIEW_NAMES[match.tag!] ?? 'page.title.personalSettings';

/** Whether a view has been shown: the first one keeps focus where the browser put it. */
let viewShown = false;
/** Counts the route changes, so a focus watch of an earlier one stops. */
let routes = 0;
/** Focuses the view's container: a screen reader names the view, and Tab goes on inside it. */
const focusView = () => root.querySelector<HTMLElement>(':scope > main')?.focus();

async function route() {
  const count = ++routes;
  await strings;
  const { path, query } = parseHash(location.hash);
  const match = matchRoute(path, query);
  // §9: a suite app may name itself in the address (also in the hash route's query) when the
  // inlined settings name no app; it then stays for the rest of the visit.
  const appId = !settings.appId && getAppId();
  if (appId) configure({ appId });
  if (match.redirect) {
    location.replace('#' + match.redirect);
    return;
  }
  if (match.auth && !(await signedIn())) {
    const next = location.hash.replace(/^#/, '') || '/users/settings/profile';
    location.replace('#/users/login?nextUrl=' + encodeURIComponent('#' + next));
    return;
  }
  if (match.auth && learningOrganization) await learningOrganization;
  const tag = match.tag!;
  const name = viewName(match);
  // Moving between sections of the settings shell keeps the shell: only its attributes change.
  if (shown?.localName === tag && shown.isConnected && tag === 'yx-settings') {
    const hadFocus = document.activeElement === shown;
    syncAttributes(shown, match.attrs ?? {});
    switchLink(shown);
    show(shown, t(name));
    // The sidebar keeps focus on its link. A control that goes with its screen (Cancel on the
    // token create screen) leaves focus on <body> once the shell has rendered the next one, which
    // may wait for that screen's code: then the view takes it.
    const until = Date.now() + 5000;
    const watch = () => {
      if (count !== routes) return;
      if (document.activeElement === document.body) focusView();
      else if (Date.now() < until) requestAnimationFrame(watch);
    };
    if (hadFocus) requestAnimationFrame(watch);
    announceSwitch();
    return;
  }
  // The view's name may be in strings the element loads with it (sign-in's): the page's title meanwhile.
  show(html`<p class="yx-page__status" role="status">${t('common.loading')}</p>`, t('page.title.personalSettings'));
  try {
    await Promise.all([registry.load(tag), loadStrings(locale, [partOfKey(name)]).catch(() => {})]);
  } catch {
    // The error page has its own bundle; if even that fails, a plain message stays on screen.
    try {
      await registry.load('yx-error-page');
      show(element('yx-error-page', { type: 'chunk-load' }), t('page.title.personalSettings'));
    } catch {
      show(html`<p class="yx-page__status" role="alert">${t('error.chunkLoad')}</p>`, t('page.title.personalSettings'));
    }
    return;
  }
  const narrow = tag === 'yx-login' || tag === 'yx-password-reset';
  const el = element(tag, match.attrs ?? {});
  show(PAGE_TITLED.has(tag) ? [wayBack(query), el] : el, t(name), narrow);
  // A route change replaced the view the user was in, and the focus with it.
  if (viewShown) focusView();
  viewShown = true;
  announceSwitch();
}

/** Elements whose title is an h2 for a host page's own h1: alone on this page, their title is
 * the page's h1. (Sign-in, the error pages, email verification and the settings shell have theirs.)
 * They have no way out of their own either: the page gives them one (wayBack). */
const PAGE_TITLED = new Set(['yx-message-centre', 'yx-org-switcher', 'yx-app-entry']);

/** Creates the element with its attributes (lit-html cannot template a dynamic tag name). */
function element(tag: string, attrs: Record<string, string>) {
  const el = document.createElement(tag);
  syncAttributes(el, attrs);
  if (PAGE_TITLED.has(tag)) el.setAttribute('heading-level', '1');
  if (tag === 'yx-settings') switchLink(el);
  shown = el;
  return el;
}

const SETTINGS_HOME = '#/users/settings/profile';

/** The account host's sign-out address, coming back to this one (§2). The address without its
 * origin: the server may be reached at another one (behind a proxy). */
const signOutHref = () => logoutUrl(location.pathname + location.search + location.hash, settings.host);

/** The bar above a signed-in view outside the settings shell (the message centre, the organization
 * switcher, an organization's apps), which has no way out of its own: back to the settings section
 * it was opened from (a safe `nextUrl` that is a settings route of this page, so the link's text
 * stays true), else to the first one, and Sign Out, as in the shell's top bar. First in the view,
 * so the first Tab stop. */
function wayBack(query: URLSearchParams) {
  const next = safeRedirect(getNextUrl('?' + query.toString()));
  const target = next?.startsWith('#') ? parseHash(next) : undefined;
  const back = target && matchRoute(target.path, target.query).tag === 'yx-settings' ? next! : SETTINGS_HOME;
  return html`<header class="yx-page__bar">
    <a class="yx-page__back" href=${back} aria-label=${t('page.backToSettings')}
      >←&nbsp;${t('page.title.personalSettings')}</a
    ><a class="yx-page__sign-out" href=${signOutHref()}>${t('page.signOut')}</a>
  </header>`;
}

/** A link of this page in the settings shell's top bar (made once, then found again). */
function topBarLink(shell: HTMLElement, className: string, text: string): HTMLAnchorElement {
  let link = shell.querySelector<HTMLAnchorElement>(`:scope > a.${className}`);
  if (!link) {
    link = document.createElement('a');
    link.slot = 'top-bar';
    link.className = className;
    link.textContent = text;
    shell.append(link);
  }
  return link;
}

/** The settings shell's ways out, in its top bar: Switch Organization, which names the current
 * organization, and Sign Out (§2: the account host's logout address), both coming back to this
 * address. */
function switchLink(shell: HTMLElement) {
  const link = topBarLink(shell, 'yx-page__switch', '');
  nameOrganization(link);
  const back = 'nextUrl=' + encodeURIComponent(location.hash || SETTINGS_HOME);
  link.href = '#/users/switch/organization?' + back;
  topBarLink(shell, 'yx-page__sign-out', t('page.signOut')).href = signOutHref();
  // The live unread count beside it, as a suite app's navigation bar would show it, opening the
  // message centre with its way back to this section.
  let badge = shell.querySelector(':scope > yx-unread-badge');
  if (!badge) {
    badge = document.createElement('yx-unread-badge');
    badge.slot = 'top-bar';
    shell.insertBefore(badge, link);
    void registry.load('yx-unread-badge').catch(() => badge!.remove());
  }
  badge.setAttribute('href', '#/users/notifications?' + back);
}

/** A logo address the page may show: http(s) only. */
function logoSrc(logo: unknown): string | null {
  if (typeof logo !== 'string' || !logo.trim()) return null;
  try {
    const url = new URL(logo, location.href);
    return /^https?:$/.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** Names the page's organization in the Switch Organization link once its answer is in: its logo
 * and name (cut short on screen, whole in the title), read "Acme Cloud (current organization).
 * Switch Organization", the visible name first. Without an organization, or its name, the plain
 * link. */
function nameOrganization(link: HTMLAnchorElement) {
  const id = resolveSettings().organizationId;
  const name = (org: Organization | null) => {
    if (!org) {
      link.replaceChildren(t('action.switchOrganization'));
      link.removeAttribute('title');
      link.removeAttribute('aria-label');
      return;
    }
    const text = document.createElement('span');
    text.className = 'yx-page__org';
    text.textContent = org.name;
    const parts: Array<Node | string> = [text, '▾'];
    const src = logoSrc(org.logo);
    if (src) {
      const img = new Image();
      img.className = 'yx-page__org-logo';
      img.alt = '';
      img.onerror = () => img.remove();
      img.src = src;
      parts.unshift(img);
    }
    link.replaceChildren(...parts);
    link.title = org.name;
    link.setAttribute('aria-label', t('page.organization.switch', { name: org.name }));
  };
  if (!link.firstChild || !id) name(null);
  if (id) void organization(id).then((org) => resolveSettings().organizationId === id && name(org));
}

let shown: HTMLElement | undefined;

// The link follows the organization the page's settings name (configure()) while the shell is on screen.
onConfigure(() => {
  const link =
    shown?.localName === 'yx-settings' ? shown.querySelector<HTMLAnchorElement>(':scope > a.yx-page__switch') : null;
  if (link) nameOrganization(link);
});

/** Sets exactly these attributes on the element (removing the route attributes it no longer has). */
function syncAttributes(el: HTMLElement, attrs: Record<string, string>) {
  for (const name of ['section', 'version', 'view']) if (!(name in attrs)) el.removeAttribute(name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
}

window.addEventListener('hashchange', () => void route());
// The page-load report names the user: start tracking once the first route knows who is signed in.
void route().finally(() => startTracking(() => me));
