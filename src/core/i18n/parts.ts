/**
 * How the messages are cut for loading: `common` (the main catalogues' own messages and the
 * shared UI's), the page texts, the form checks and one part per feature module; and which parts
 * each element shows. No strings here, so every page can afford it.
 */

/** A loadable group of messages: `common` (zh_CN.ts / en_US.ts and ui*.ts), or the module of
 * the same name (page.ts, validation.ts and the features' modules). */
export type Part =
  | 'common'
  | 'page'
  | 'validation'
  | 'tokens'
  | 'ssh'
  | 'packages'
  | 'identities'
  | 'profile'
  | 'notifications'
  | 'login'
  | 'settings'
  | 'orgs';

/** The part holding each key namespace (the text before the first dot); any other namespace is
 * in `common`. */
const PART_OF_NAMESPACE: Readonly<Record<string, Part>> = {
  page: 'page',
  validation: 'validation',
  tokens: 'tokens',
  ssh: 'ssh',
  packages: 'packages',
  identities: 'identities',
  profile: 'profile',
  emailVerify: 'profile',
  notifications: 'notifications',
  login: 'login',
  reset: 'login',
  settings: 'settings',
  orgs: 'orgs',
};

/** The part a message key is in. @example partOfKey('tokens.title') // 'tokens' */
export function partOfKey(key: string): Part {
  const namespace = key.slice(0, key.indexOf('.'));
  return Object.hasOwn(PART_OF_NAMESPACE, namespace) ? PART_OF_NAMESPACE[namespace]! : 'common';
}

/** The feature parts each element needs before its first render, besides `common`. */
const PARTS_OF_TAG: Readonly<Record<string, readonly Part[]>> = {
  'yx-error-page': ['page'],
  // Their forms load on demand, with the `validation` part (withParts in src/ui/context.tsx).
  'yx-token-manager': ['tokens'],
  'yx-ssh-keys': ['ssh'],
  'yx-package-credential': ['packages', 'validation'],
  'yx-third-party-bindings': ['identities', 'page'],
  'yx-profile': ['profile', 'validation'],
  'yx-email-verify-result': ['profile', 'page'],
  'yx-message-centre': ['notifications', 'page'],
  'yx-unread-badge': ['notifications'],
  'yx-login': ['login', 'page', 'validation'],
  'yx-password-reset': ['login', 'page', 'validation'],
  'yx-settings': ['settings', 'page'],
  'yx-org-switcher': ['orgs', 'page'],
  'yx-app-entry': ['orgs', 'page'],
};

/** Every part, for an element this list does not know (a test harness, a renamed tag). */
export const ALL_PARTS: readonly Part[] = [
  'common',
  'page',
  'validation',
  'tokens',
  'ssh',
  'packages',
  'identities',
  'profile',
  'notifications',
  'login',
  'settings',
  'orgs',
];

/** The parts an element loads before it renders: `common` and its features' own. */
export function partsOfTag(tag: string): readonly Part[] {
  const own = PARTS_OF_TAG[tag];
  return own ? ['common', ...own] : ALL_PARTS;
}
