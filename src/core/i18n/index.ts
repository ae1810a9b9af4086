import type { Locale } from '../settings';
import { zh_CN } from './zh_CN';
import { en_US } from './en_US';
import { readCookie } from '../cookies';

export type MessageKey = keyof typeof zh_CN;
export type MessageParams = Record<string, string | number>;
/** Translates a key; `{name}` placeholders are filled from params. An unknown key returns itself. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

export const catalogues: Record<Locale, Record<MessageKey, string>> = { zh_CN, en_US };

export function createTranslator(locale: Locale): Translate {
  const catalogue = catalogues[locale];
  return (key, params) => {
    // Own properties only: an unknown key such as 'toString' or a placeholder such as
    // '{constructor}' must not pick up Object.prototype members.
    const text: string = Object.hasOwn(catalogue, key) ? catalogue[key] : key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
  };
}

/** Name of the cookie that stores the chosen interface language (§4). */
export const LOCALE_COOKIE = 'ak_user_locale';

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
