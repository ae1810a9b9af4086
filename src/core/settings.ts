/**
 * Global page settings (§3): where the API lives and which organization / app the page is in.
 *
 * Three sources, later ones winning: `window.__YX_SETTINGS__` (the standalone page inlines it),
 * `configure({...})` (a host sets it once), and each element's own attributes.
 */
import { normalizeLocale } from './i18n/index';

export type Env = 'aliyun' | 'vpc' | 'dedicated';
export const ENVS: readonly Env[] = ['aliyun', 'vpc', 'dedicated'];

export type Flavour = 'standard' | 'dedicated' | 'dedicated-intl' | 'global' | 'cloud-provider';
export const FLAVOURS: readonly Flavour[] = ['standard', 'dedicated', 'dedicated-intl', 'global', 'cloud-provider'];

export type Locale = 'zh_CN' | 'en_US';
export const LOCALES: readonly Locale[] = ['zh_CN', 'en_US'];

export interface PageSettings {
  /** Current organization id. @default '' */
  organizationId: string;
  /** API base URL; '' means same origin. @default '' */
  host: string;
  /** The suite app the page belongs to. @default '' */
  appId: string;
  /** Deployment environment. @default 'aliyun' */
  env: Env;
  /** CSRF token sent as X-CSRF-Token on every request when known. @default '' */
  csrfToken: string;
  /** Deployment flavour (system name, branding, menus). @default 'standard' */
  flavour: Flavour;
  /** Interface language; when absent it is resolved by the rules of §4. */
  locale?: Locale;
  /** Bearer access token for the UI-less client (never stored). */
  accessToken?: string;
}

export const DEFAULT_SETTINGS: PageSettings = {
  organizationId: '',
  host: '',
  appId: '',
  env: 'aliyun',
  csrfToken: '',
  flavour: 'standard',
};

declare global {
  interface Window {
    __YX_SETTINGS__?: Partial<PageSettings>;
  }
}

let configured: Partial<PageSettings> = {};
const listeners = new Set<() => void>();

/** Sets page settings once for every element on the page. Later calls merge into earlier ones.
 * @example configure({ host: 'https://devops.example.com', organizationId: 'org-1' }) */
export function configure(settings: Partial<PageSettings>): void {
  configured = { ...configured, ...stripUndefined(settings) };
  for (const listener of listeners) listener();
}

/** Subscribes to `configure()` calls; returns the unsubscribe function. */
export function onConfigure(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Only for tests: forgets what `configure()` set. */
export function resetConfiguration(): void {
  configured = {};
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}

/** A warning sink, so tests can see dev warnings. */
export type Warn = (message: string) => void;

/** Normalises one candidate value: an unknown enum value falls back with a warning. */
function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T, name: string, warn: Warn): T {
  if (value === undefined || value === null || value === '') return fallback;
  if ((allowed as readonly unknown[]).includes(value)) return value as T;
  warn(`[yx] Unknown ${name} "${String(value)}": use one of ${allowed.join(', ')}. Falling back to "${fallback}".`);
  return fallback;
}

/** The settings in force for one element: defaults < window.__YX_SETTINGS__ < configure() < attributes. */
export function resolveSettings(attributes: Partial<PageSettings> = {}, warn: Warn = devWarn): PageSettings {
  const fromWindow = typeof window !== 'undefined' ? (window.__YX_SETTINGS__ ?? {}) : {};
  const merged = { ...DEFAULT_SETTINGS, ...stripUndefined(fromWindow), ...configured, ...stripUndefined(attributes) };
  let host = String(merged.host ?? '').replace(/\/+$/, '');
  // Without a scheme ("devops.example.com") the browser would read it as a path under the page's
  // own; a path from the root ("/api", behind a proxy) is meant.
  if (host && !/^((https?:)?\/\/[^/]|\/(?!\/))/i.test(host)) {
    warn(
      `[yx] Invalid host "${host}": use an http(s) URL such as "https://devops.example.com". Falling back to the page's origin.`,
    );
    host = '';
  }
  const settings: PageSettings = {
    organizationId: String(merged.organizationId ?? ''),
    host,
    appId: String(merged.appId ?? ''),
    env: pick(merged.env, ENVS, 'aliyun', 'env', warn),
    csrfToken: String(merged.csrfToken ?? ''),
    flavour: pick(merged.flavour, FLAVOURS, 'standard', 'flavour', warn),
  };
  if (merged.locale !== undefined && (merged.locale as unknown) !== '') {
    // A tag such as "en" or "zh-TW" is read by the §4 rules rather than forced to Chinese.
    const fallback = normalizeLocale(String(merged.locale)) ?? 'zh_CN';
    settings.locale = pick(merged.locale, LOCALES, fallback, 'locale', warn);
  }
  if (merged.accessToken) settings.accessToken = merged.accessToken;
  return settings;
}

const warned = new Set<string>();
/** A console warning for the host page's developer (a misconfigured attribute, a missing CSP
 * entry), printed once per message, in production builds too: hosts use the built elements, so a
 * warning kept to development builds would never reach them. */
export function devWarn(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}

/** True unless the bundle was built for production (rollup replaces process.env.NODE_ENV). */
export function isDev(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true;
  }
}
