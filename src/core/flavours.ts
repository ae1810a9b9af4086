/**
 * Deployment flavours (§1, §2, §6): system name, branding, default language, settings menu and
 * the few behaviours that differ between them. Data and pure functions only.
 */
import type { Flavour, Locale } from './settings';
import { FLAVOURS } from './settings';
import type { MessageKey } from './i18n/index';

/** Keys of the personal-settings sections, as used in `/users/settings/:sidebarKey`. */
export type SectionKey =
  'profile' | 'personalAccessToken' | 'ssh' | 'packagesCredential' | 'third-party' | 'identity-provider';

/** Who sees a section: everyone, or users whose organization has installed the given app. */
export type SectionPermission = 'always' | { app: 'codeup' | 'packages' };

export interface SettingsSection {
  key: SectionKey;
  labelKey: MessageKey;
  permission: SectionPermission;
}

/** Section metadata (§2). `identity-provider` has a label but is in no default menu. */
export const SETTINGS_SECTIONS: Readonly<Record<SectionKey, SettingsSection>> = {
  profile: { key: 'profile', labelKey: 'page.settings.profile', permission: 'always' },
  personalAccessToken: {
    key: 'personalAccessToken',
    labelKey: 'page.settings.personalAccessToken',
    permission: 'always',
  },
  ssh: { key: 'ssh', labelKey: 'page.settings.ssh', permission: { app: 'codeup' } },
  packagesCredential: {
    key: 'packagesCredential',
    labelKey: 'page.settings.packagesCredential',
    permission: { app: 'packages' },
  },
  'third-party': { key: 'third-party', labelKey: 'page.settings.thirdParty', permission: 'always' },
  'identity-provider': {
    key: 'identity-provider',
    labelKey: 'page.settings.identityProvider',
    permission: 'always',
  },
};

/** Where relogin goes in the global flavour: the cloud provider's home page. */
export const CLOUD_PROVIDER_HOME = 'https://www.alibabacloud.com/';

/** Path of the account host's logout address (the host comes from the caller). */
export const LOGOUT_PATH = '/users/logout';

export interface FlavourConfig {
  id: Flavour;
  /** i18n key of the system name shown in titles and headers. */
  systemNameKey: MessageKey;
  /** Brand colour, fed to `--yx-color-brand` and to the app logos. */
  brandColor: string;
  defaultLocale: Locale;
  /** Settings sections in menu order, before permission filtering. */
  menu: readonly SectionKey[];
  /** SSH keys are shown even without the code-hosting app. */
  sshAlwaysVisible: boolean;
  /** Prefix under which SSH key calls are proxied ('' = straight to the API). */
  sshProxyPrefix: string;
  /** Message and action of the "RAM user without access" error page (§6). */
  ramUserMessageKey: MessageKey;
  ramUserActionKey: MessageKey;
}

const FULL_MENU: readonly SectionKey[] = ['profile', 'personalAccessToken', 'ssh', 'packagesCredential', 'third-party'];
const BRAND = '#006AD4';

function config(id: Flavour, overrides: Partial<FlavourConfig> = {}): FlavourConfig {
  return {
    id,
    systemNameKey: `flavour.${id}`,
    brandColor: BRAND,
    defaultLocale: 'zh_CN',
    menu: FULL_MENU,
    sshAlwaysVisible: false,
    sshProxyPrefix: '/uiless/proxy',
    ramUserMessageKey: 'error.ramUser.default',
    ramUserActionKey: 'action.relogin',
    ...overrides,
  };
}

/** The five flavours. */
export const FLAVOUR_CONFIGS: Readonly<Record<Flavour, FlavourConfig>> = {
  standard: config('standard'),
  dedicated: config('dedicated'),
  'dedicated-intl': config('dedicated-intl', { defaultLocale: 'en_US' }),
  global: config('global', {
    defaultLocale: 'en_US',
    menu: ['profile', 'personalAccessToken', 'ssh'],
    sshAlwaysVisible: true,
    sshProxyPrefix: '',
    ramUserMessageKey: 'error.ramUser.global',
    ramUserActionKey: 'action.switchAccount',
  }),
  'cloud-provider': config('cloud-provider', { ramUserActionKey: 'action.switchAccount' }),
};

/** The configuration of a flavour; anything unknown gets the standard one. */
export function flavourOf(flavour: Flavour | string | undefined): FlavourConfig {
  return (FLAVOURS as readonly string[]).includes(flavour ?? '')
    ? FLAVOUR_CONFIGS[flavour as Flavour]
    : FLAVOUR_CONFIGS.standard;
}

/** Whether one section is visible, given the identities of the apps the user has (§2). */
export function isSectionVisible(key: SectionKey, flavour: Flavour, appIdentities: readonly string[]): boolean {
  if (key === 'ssh' && flavourOf(flavour).sshAlwaysVisible) return true;
  const { permission } = SETTINGS_SECTIONS[key];
  return permission === 'always' || appIdentities.includes(permission.app);
}

/** The flavour's settings menu filtered by permission, in menu order. */
export function visibleSections(flavour: Flavour, appIdentities: readonly string[]): SettingsSection[] {
  return flavourOf(flavour)
    .menu.filter((key) => isSectionVisible(key, flavour, appIdentities))
    .map((key) => SETTINGS_SECTIONS[key]);
}

/** Where "log in again" goes: the login route with the address to come back to, or in the
 * global flavour the cloud provider's home page.
 * @example reloginTarget('standard', '#/users/settings/ssh') // '#/users/login?nextUrl=%23%2Fusers%2Fsettings%2Fssh' */
export function reloginTarget(flavour: Flavour, nextUrl?: string): string {
  if (flavourOf(flavour).id === 'global') return CLOUD_PROVIDER_HOME;
  return '#/users/login' + (nextUrl ? '?nextUrl=' + encodeURIComponent(nextUrl) : '');
}

/** The account host's logout address with `next_url` = where to come back after signing in.
 * @param accountHost - base URL of the account host; '' = same origin. @default '' */
export function logoutUrl(nextUrl: string, accountHost = ''): string {
  return `${accountHost.replace(/\/+$/, '')}${LOGOUT_PATH}?next_url=${encodeURIComponent(nextUrl)}`;
}
