/**
 * The small synchronous core of the messages: translators, the strings loaded so far, and the
 * language rules of §4.
 *
 * Strings live in parts (./parts): `common` (zh_CN.ts / en_US.ts and the shared UI's ui*.ts), the
 * page texts (page.ts), the form checks (validation.ts), the particular failures (errors.ts) and
 * one part per feature module (tokens.ts, token-forms.ts, ssh.ts, …). Source code, tests and the
 * server get every part of both languages up front (./preload). The element bundles do not:
 * rollup replaces ./preload with nothing and splits each part by language, so a page downloads
 * only its elements' parts in the language it shows; `defineElement` renders once the parts of its
 * first screen are in ({@link loadStrings}), so no key flashes on screen, and loads right after
 * the parts its user's actions may need (laterPartsOfTag in ./parts).
 *
 * Adding strings: put them in the module of their part, in both languages (a feature module's are
 * already spread into zh_CN.ts and en_US.ts). A new module also needs its part in ./parts, in the
 * two loaders (./load-zh_CN.ts, ./load-en_US.ts) and in the spreads of zh_CN.ts and en_US.ts;
 * test/browser/core/i18n-parts.test.ts fails until it has them. A feature module exports its
 * strings as `zh` and `en`: the loaders then repeat the same text, which gzip all but removes.
 */
import type { Locale } from '../settings';
import type { zh_CN } from './zh_CN';
import { readCookie } from '../cookies';
import { preloaded } from './preload';
import { partOfKey } from './parts';
import type { Part } from './parts';
import { loadZh } from './load-zh_CN';
import { loadEn } from './load-en_US';

export type MessageKey = keyof typeof zh_CN;
export type MessageParams = Record<string, string | number>;
/** Translates a key; `{name}` placeholders are filled from params. An unknown key returns itself. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;
/** Some messages of one language. */
export type Strings = Partial<Record<MessageKey, string>>;

/** The strings loaded so far, by language: every message outside the element bundles, the
 * parts loaded by the page's elements inside them. Translators read it at call time. */
export const catalogues: Record<Locale, Strings> = {
  zh_CN: { ...preloaded?.zh_CN },
  en_US: { ...preloaded?.en_US },
};

const LOADERS: Record<Locale, Record<Part, () => Promise<Strings>>> = { zh_CN: loadZh, en_US: loadEn };
const loaded: Record<Locale, Map<Part, Promise<void>>> = { zh_CN: new Map(), en_US: new Map() };
const done: Record<Locale, Set<Part>> = { zh_CN: new Set(), en_US: new Set() };
let version = 0;
const listeners = new Set<() => void>();

/** Whether every part is in for the locale (always, outside the element bundles). */
export function hasStrings(locale: Locale, parts: readonly Part[]): boolean {
  return preloaded !== undefined || parts.every((part) => done[locale].has(part));
}

/** Loads the parts of one language (each once per page; a failed part is tried again on the
 * next call). Resolves when they are in; rejects if one cannot be loaded. */
export function loadStrings(locale: Locale, parts: readonly Part[] = ['common']): Promise<void> {
  if (hasStrings(locale, parts)) return Promise.resolve();
  return Promise.all(
    parts.map((part) => {
      let pending = loaded[locale].get(part);
      if (!pending) {
        pending = LOADERS[locale][part]().then(
          (strings) => {
            Object.assign(catalogues[locale], strings);
            done[locale].add(part);
            version += 1;
            for (const listener of listeners) listener();
          },
          (error: unknown) => {
            loaded[locale].delete(part);
            throw error;
          },
        );
        loaded[locale].set(part, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

const ready = new Map<string, Promise<void>>();

/** One promise per language and set of parts, kept for React's `use` (which needs the same
 * promise on every render): see `useParts` in src/ui/context.tsx. A failed load is forgotten, so
 * the next call tries again. */
export function stringsReady(locale: Locale, parts: readonly Part[]): Promise<void> {
  const key = `${locale}:${parts.join(',')}`;
  let pending = ready.get(key);
  if (!pending) {
    pending = loadStrings(locale, parts);
    pending.catch(() => ready.delete(key));
    ready.set(key, pending);
  }
  return pending;
}

/** Calls `listener` whenever a part of either language has loaded; returns the unsubscribe.
 * With {@link stringsVersion} it fits `useSyncExternalStore`. */
export function onStrings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number that changes whenever a part has loaded. */
export const stringsVersion = (): number => version;

export function createTranslator(locale: Locale): Translate {
  const catalogue = catalogues[locale];
  return (key, params) => {
    // Own properties only: an unknown key such as 'toString' or a placeholder such as
    // '{constructor}' must not pick up Object.prototype members.
    let text: string | undefined = Object.hasOwn(catalogue, key) ? catalogue[key] : undefined;
    if (text === undefined) {
      // A key of a part the element did not ask for: load it (the element renders again when it
      // is in) and show the key meanwhile.
      const part = partOfKey(key);
      if (!done[locale].has(part) && preloaded === undefined) void loadStrings(locale, [part]).catch(() => {});
      text = key;
    }
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
  };
}

/** Name of the cookie that stores the chosen interface language (§4). */
export const LOCALE_COOKIE = 'ak_user_locale';

/** The request header in which an element with a language of its own names it, so the server
 * answers in it (its messages, errors and message texts) whatever the cookie says. */
export const LOCALE_HEADER = 'x-yx-locale';

/** Maps any language tag to a supported locale: every `zh…` (zh, zh-CN, zh_TW, zh-Hant…) is
 * `zh_CN`, anything else non-empty is `en_US`; empty or missing gives `undefined`.
 * @example normalizeLocale('zh-TW') // 'zh_CN' */
export function normalizeLocale(value: string | null | undefined): Locale | undefined {
  const v = (value ?? '').trim();
  if (!v) return undefined;
  return /^zh(?:$|[-_])/i.test(v) ? 'zh_CN' : 'en_US';
}

export interface ResolveLocaleOptions {
  /** A `document.cookie` string. @default document.cookie (or '' outside a browser) */
  cookie?: string;
  /** The initial-language setting (an element's `locale` or the page settings). */
  initial?: string;
  /** The deployment's default: zh_CN in China, en_US for international flavours. @default 'zh_CN' */
  deploymentDefault?: Locale;
}

/** The interface language (§4): the `ak_user_locale` cookie, then the initial-language setting,
 * then the deployment default. */
export function resolveLocale(options: ResolveLocaleOptions = {}): Locale {
  const cookie = options.cookie ?? (typeof document !== 'undefined' ? document.cookie : '');
  return (
    normalizeLocale(readCookie(cookie, LOCALE_COOKIE)) ??
    normalizeLocale(options.initial) ??
    options.deploymentDefault ??
    'zh_CN'
  );
}

export interface SetLocaleOptions {
  /** Reload the page so every element picks the language up. @default true */
  reload?: boolean;
  /** How to reload; injectable for tests. @default () => location.reload() */
  reloader?: () => void;
  /** Where to write the cookie; injectable for tests. @default assigns document.cookie */
  writeCookie?: (cookie: string) => void;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Stores the chosen language in the `ak_user_locale` cookie (path=/, one year, SameSite=Lax)
 * and reloads the page unless `reload: false`. Returns the cookie string written. */
export function setLocale(locale: Locale, options: SetLocaleOptions = {}): string {
  const cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
  const write =
    options.writeCookie ??
    ((value: string) => {
      document.cookie = value;
    });
  write(cookie);
  if (options.reload ?? true) (options.reloader ?? (() => location.reload()))();
  return cookie;
}
