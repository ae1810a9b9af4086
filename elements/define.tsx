/**
 * The element kit: turns a feature component into a custom element with an open shadow root.
 * Common attributes (`host`, `org-id`, `app-id`, `csrf-token`, `locale`, `flavour`, `env`) become
 * page settings; the feature's own attributes become typed props. The component gets its shadow
 * root (for portals), the settings, the translator and HTTP clients through context.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { configure, devWarn, isDev, onConfigure, resolveSettings } from '../src/core/settings';
import type { Locale, PageSettings } from '../src/core/settings';
import {
  createTranslator,
  hasStrings,
  loadStrings,
  onStrings,
  resolveLocale,
  stringsVersion,
} from '../src/core/i18n/index';
import { laterPartsOfTag, partsOfTag } from '../src/core/i18n/parts';
import { flavourOf } from '../src/core/flavours';
import { createHttpClient, createUilessClient } from '../src/core/http';
import { emit } from '../src/core/events';
import { ElementContext } from '../src/ui/context';
import type { ElementApi } from '../src/ui/context';
import { ErrorBoundary } from '../src/ui/ErrorBoundary';
import { ToastProvider } from '../src/ui/Toast';
import { afterFirstScreen } from '../src/ui/lazy';
import { featureSheet } from '../src/ui/css/sheet';
import { sharedSheets } from '../src/ui/css/index';

export { configure };

/** How an attribute's text becomes a prop. Booleans follow HTML: present (and not "false") is true. */
export type PropKind =
  | 'string'
  | 'number'
  | 'boolean'
  | { enum: readonly string[]; default: string }
  | { number: { min?: number; max?: number; default: number } };

export interface DefineOptions<P> {
  /** The feature's own attributes (camelCase prop → kind); the attribute is the kebab-case name. */
  props?: { [K in keyof P & string]?: PropKind };
  /** The feature's CSS texts, adopted after the shared sheets. */
  styles?: readonly string[];
  /** Code the first screen shows as soon as its data is in (a list loaded on demand): fetched
   * when an element is created, alongside its strings, so it is there before the data. */
  load?: () => Promise<unknown>;
}

/** The attributes every element takes, mapped to page settings. */
const COMMON = {
  host: 'host',
  orgId: 'organizationId',
  appId: 'appId',
  csrfToken: 'csrfToken',
  locale: 'locale',
  flavour: 'flavour',
  env: 'env',
} as const satisfies Record<string, keyof PageSettings>;

type CommonProp = keyof typeof COMMON;

/** The instance API every element shares: each attribute is also a string property
 * (`el.orgId = 'o1'` sets `org-id`). */
export type YxElementInstance<P = object> = HTMLElement & { [K in CommonProp]?: string } & {
  [K in keyof P & string]?: string;
};
type RawProps = Partial<Record<string, string>> & { container: ShadowRoot };

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

/** Turns one attribute's text into its prop value; a wrong value falls back with a dev warning. */
export function parseProp(tag: string, name: string, kind: PropKind, raw: string | undefined): unknown {
  if (kind === 'string') return raw;
  if (kind === 'boolean') return raw !== undefined && raw !== 'false';
  if (kind === 'number') {
    if (raw === undefined || raw.trim() === '') return undefined;
    const n = Number(raw);
    if (Number.isFinite(n)) return n;
    devWarn(`[yx] <${tag}> ${kebab(name)}="${raw}" is not a number; ignoring it.`);
    return undefined;
  }
  if ('enum' in kind) {
    if (raw === undefined || raw === '') return kind.default;
    if (kind.enum.includes(raw)) return raw;
    devWarn(`[yx] <${tag}> ${kebab(name)}="${raw}" is not one of ${kind.enum.join(', ')}; using "${kind.default}".`);
    return kind.default;
  }
  const { min = -Infinity, max = Infinity, default: fallback } = kind.number;
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (Number.isFinite(n) && n >= min && n <= max) return n;
  devWarn(`[yx] <${tag}> ${kebab(name)}="${raw}" must be a number from ${min} to ${max}; using ${fallback}.`);
  return fallback;
}

let configVersion = 0;
onConfigure(() => {
  configVersion += 1;
});
const readConfigVersion = () => configVersion;

let hostWarned = false;
function warnMissingHost(tag: string, settings: PageSettings) {
  if (hostWarned || settings.host || !isDev() || typeof window === 'undefined') return;
  if (window.__YX_SETTINGS__ || configVersion > 0) return;
  hostWarned = true;
  devWarn(
    `[yx] <${tag}> has no "host": API calls go to this page's own origin (${location.origin}). ` +
      'If the API lives elsewhere, set host="https://…" on the element or call configure({ host }).',
  );
}

/** Wraps a feature component as a custom element class (not yet defined: see {@link define}).
 * @example
 * export class YxTokenManager extends defineElement(TokenManager, { props: { version: 'string' } }) {}
 * define('yx-token-manager', YxTokenManager); */
export function defineElement<P extends object>(
  Component: ComponentType<P>,
  options: DefineOptions<P> = {},
): { new (): YxElementInstance<P> } {
  const own = (options.props ?? {}) as Record<string, PropKind>;
  const names = [...Object.keys(COMMON), ...Object.keys(own)];
  const byAttribute = new Map(names.map((n) => [kebab(n), n]));
  const featureSheets = (options.styles ?? []).map((text) => text);

  function Host(raw: RawProps) {
    const root = raw.container;
    const host = root.host as HTMLElement;
    const tag = host.localName;
    const version = useSyncExternalStore(onConfigure, readConfigVersion, readConfigVersion);
    const settings = useMemo(() => {
      const attrs: Partial<Record<keyof PageSettings, string>> = {};
      for (const prop of Object.keys(COMMON) as CommonProp[]) {
        const value = raw[prop];
        if (value !== undefined && value !== '') attrs[COMMON[prop]] = value;
      }
      return resolveSettings(attrs as Partial<PageSettings>, (m) => devWarn(`${m} (on <${tag}>)`));
      // `version` re-reads configure() calls; the attribute values are the other inputs.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [version, raw.host, raw.orgId, raw.appId, raw.csrfToken, raw.locale, raw.flavour, raw.env, tag]);
    const flavour = flavourOf(settings.flavour);
    const locale = settings.locale ?? resolveLocale({ deploymentDefault: flavour.defaultLocale });
    // The element renders once its messages are in (loaded per language and part in the bundles,
    // there from the start elsewhere), so no key flashes on screen; a part that fails to load
    // leaves keys in its place rather than an empty element. The subscription renders it again
    // when messages arrive: its own, and any part it did not list (see createTranslator).
    useSyncExternalStore(onStrings, stringsVersion, stringsVersion);
    const parts = useMemo(() => partsOfTag(tag), [tag]);
    const [stringsFailed, setStringsFailed] = useState(false);
    const ready = stringsFailed || hasStrings(locale, parts);
    // A language switch keeps the tree (and what the user typed) on screen in the language shown
    // so far until the new one's messages are in; only the first render waits with nothing.
    const [shown, setShown] = useState<Locale>();
    if (ready && shown !== locale) setShown(locale);
    // The language on screen: the new one once ready, else the last one shown (none at first).
    const lang = ready ? locale : shown;
    const shownLang = lang ?? locale;
    useEffect(() => {
      if (ready) return;
      loadStrings(locale, parts).catch((error: unknown) => {
        console.error(`[yx] <${tag}> could not load its ${locale} messages`, error);
        setStringsFailed(true);
      });
    }, [ready, locale, parts, tag]);
    useEffect(() => {
      if (!ready) return;
      afterFirstScreen();
      // Failures are left to the translator, which loads a missing part when a key asks for it.
      loadStrings(locale, laterPartsOfTag(tag)).catch(() => {});
    }, [ready, locale, tag]);
    // Reads the messages loaded so far at each call; one identity per language, so effects that
    // depend on it do not run again when another element on the page loads its messages.
    const t = useMemo(() => createTranslator(shownLang), [shownLang]);

    const current = useRef({ settings, t });
    current.current = { settings, t };
    const [controller] = useState(() => new AbortController());
    useEffect(() => () => controller.abort(), [controller]);
    useEffect(() => {
      host.setAttribute('lang', shownLang === 'zh_CN' ? 'zh-CN' : 'en');
    }, [host, shownLang]);

    const clients = useMemo(() => {
      const clientOptions = {
        // Warn at the first call, not at render: elements that never call the API need no host.
        settings: () => {
          warnMissingHost(tag, current.current.settings);
          return current.current.settings;
        },
        signal: controller.signal,
        // `yx-session-end` bubbles out of the element whose call found the session gone.
        target: host,
      };
      return { http: createHttpClient(clientOptions), uiless: createUilessClient(clientOptions) };
    }, [controller, tag, host]);

    const api = useMemo<ElementApi>(
      () => ({
        host,
        root,
        settings,
        locale: shownLang,
        t,
        flavour,
        http: clients.http,
        uiless: clients.uiless,
        signal: controller.signal,
        emit: (type, detail, opts) => emit(host, type, detail, opts),
      }),
      [host, root, settings, shownLang, t, flavour, clients, controller],
    );

    const props = {} as Record<string, unknown>;
    for (const [name, kind] of Object.entries(own)) props[name] = parseProp(tag, name, kind, raw[name]);
    if (!lang) return null;

    return (
      <ElementContext.Provider value={api}>
        <ToastProvider>
          <ErrorBoundary>
            <Component {...(props as P)} />
          </ErrorBoundary>
        </ToastProvider>
      </ElementContext.Provider>
    );
  }

  const PROPS = Symbol.for('r2wc.props');
  const RENDER = Symbol.for('r2wc.render');
  const Base = r2wc(Host as unknown as ComponentType<object>, {
    shadow: 'open',
    props: Object.fromEntries(names.map((n) => [n, 'string'])) as never,
  }) as unknown as { new (): HTMLElement & Record<symbol, unknown> };

  class YxElement extends Base {
    constructor() {
      super();
      this.shadowRoot!.adoptedStyleSheets = [...sharedSheets(), ...featureSheets.map(featureSheet)];
      // A failed fetch is tried again when the feature renders that code (lazyView).
      options.load?.().catch(() => {});
    }

    /** r2wc ignores removed and empty attributes; we pass both on (`undefined` and `''`), so a
     * removed attribute falls back to its default and a bare boolean attribute counts. */
    attributeChangedCallback(attribute: string, _old: string | null, value: string | null): void {
      const prop = byAttribute.get(attribute);
      if (!prop) return;
      (this[PROPS] as Record<string, unknown>)[prop] = value ?? undefined;
      (this[RENDER] as () => void).call(this);
    }
  }
  // r2wc defines the string accessors on the prototype at run time; the type says so.
  return YxElement as unknown as { new (): YxElementInstance<P> };
}

/** Defines the element unless the tag already exists (two bundles on one page are fine). */
export function define(tag: string, element: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, element);
}
