/**
 * How the messages are cut for loading: `common` (the main catalogues' own messages and the
 * shared UI's), the page texts, the form checks, the particular failures and one part per feature
 * module; which parts each element shows first, and which it loads right after. No messages here
 * (a few key names), so every page can afford it.
 */

/** A loadable group of messages: `common` (zh_CN.ts / en_US.ts and ui*.ts), or the module of
 * the same name (page.ts, validation.ts, errors.ts and the features' modules). */
export type Part =
  | 'common'
  | 'page'
  | 'validation'
  | 'errors'
  | 'tokens'
  | 'token-forms'
  | 'ssh'
  | 'packages'
  | 'identities'
  | 'profile'
  | 'email'
  | 'password'
  | 'notifications'
  | 'login'
  | 'login-steps'
  | 'settings'
  | 'orgs';

/** The part holding each key namespace (the text before the first dot); any other namespace is
 * in `common`. */
const PART_OF_NAMESPACE: Readonly<Record<string, Part>> = {
  page: 'page',
  validation: 'validation',
  error: 'errors',
  tokens: 'tokens',
  ssh: 'ssh',
  packages: 'packages',
  identities: 'identities',
  profile: 'profile',
  emailVerify: 'email',
  notifications: 'notifications',
  login: 'login',
  reset: 'login-steps',
  settings: 'settings',
  orgs: 'orgs',
};

/** Keys, or the second level of a namespace, kept apart from their namespace's part: the sign-in
 * form's page texts travel with the `login` part, its later steps' and the reset screens' with
 * `login-steps`, and the failures any element may show stay `common` (the rest of `error.*` is
 * in `errors`). */
const PART_OF_SUBSPACE: Readonly<Record<string, Part>> = {
  'page.login': 'login',
  'page.reset': 'login-steps',
  // The steps after the sign-in form (slider, emailed code, forced change) and their page texts,
  // with the forgot-password wizard's: the form's own messages stay in `login`.
  'login.slider': 'login-steps',
  'login.code': 'login-steps',
  'login.forced': 'login-steps',
  'login.slider.first': 'login',
  'login.code.retryAfter': 'login',
  'login.code.retryAfterTime': 'login',

  'tokens.form': 'token-forms',
  'tokens.scope': 'token-forms',
  'tokens.access': 'token-forms',
  'tokens.create': 'token-forms',
  'tokens.secret': 'token-forms',
  // Also the list's message for a failed delete.
  'tokens.form.failure': 'tokens',
  // The email form, its unbind confirmation and what the email actions report.
  'profile.emailForm': 'email',
  // The password card, code loaded on demand.
  'profile.password': 'password',
  ...Object.fromEntries(
    [
      'system',
      'systemWithRequestId',
      'createFailed',
      'modifyFailed',
      'deleteFailed',
      'systemAbnormal',
      'noPermission',
      'notFound',
      'markReadFailed',
      'clearReadFailed',
      'chunkLoad',
      'chunkTimeout',
      'render',
      'pageExceptionHint',
    ].map((name) => [`error.${name}`, 'common' as const]),
  ),
};

/** The part a message key is in. @example partOfKey('tokens.title') // 'tokens' */
export function partOfKey(key: string): Part {
  const namespace = key.slice(0, key.indexOf('.'));
  const second = key.indexOf('.', namespace.length + 1);
  const subspace = second < 0 ? key : key.slice(0, second);
  if (Object.hasOwn(PART_OF_SUBSPACE, key)) return PART_OF_SUBSPACE[key]!;
  if (Object.hasOwn(PART_OF_SUBSPACE, subspace)) return PART_OF_SUBSPACE[subspace]!;
  return Object.hasOwn(PART_OF_NAMESPACE, namespace) ? PART_OF_NAMESPACE[namespace]! : 'common';
}

/** The feature parts each element needs before its first render, besides `common`. */
const PARTS_OF_TAG: Readonly<Record<string, readonly Part[]>> = {
  'yx-error-page': ['page', 'errors'],
  // Their forms load on demand, with the `validation` part (withParts in src/ui/context.tsx), and
  // the token forms with their own strings too (`token-forms`).
  'yx-token-manager': ['tokens'],
  'yx-ssh-keys': ['ssh'],
  'yx-package-credential': ['packages'],
  'yx-third-party-bindings': ['identities', 'page'],
  // The password card (with its `validation` and `password` parts) loads alongside the user's
  // data (Profile.tsx); the email form with its own strings (`email`).
  'yx-profile': ['profile'],
  'yx-email-verify-result': ['email', 'page', 'errors'],
  'yx-message-centre': ['notifications', 'page'],
  'yx-unread-badge': ['notifications'],
  // Their forms' checks show only once the user acts: see LATER_PARTS_OF_TAG. The sign-in's later
  // steps load their strings with their code; the forgot-password wizard shows its own first.
  'yx-login': ['login'],
  'yx-password-reset': ['login', 'login-steps'],
  'yx-settings': ['settings', 'page'],
  'yx-org-switcher': ['orgs', 'page', 'errors'],
  'yx-app-entry': ['orgs', 'page', 'errors'],
};

/** Parts an element shows only after the user acts (its form's checks), loaded as soon as its
 * first screen is up (elements/define.tsx): in well before anyone can submit, without holding
 * that screen back. A key shown before its part is in loads it (createTranslator). */
const LATER_PARTS_OF_TAG: Readonly<Record<string, readonly Part[]>> = {
  'yx-package-credential': ['validation'],
  // `email` also holds what the email actions report; `password` is the password card's (its
  // code loads alongside the user's data).
  'yx-profile': ['validation', 'errors', 'email', 'password'],
  'yx-login': ['validation', 'errors', 'login-steps'],
  'yx-password-reset': ['validation', 'errors'],
};

/** Every part, for an element this list does not know (a test harness, a renamed tag). */
export const ALL_PARTS: readonly Part[] = [
  'common',
  'page',
  'validation',
  'errors',
  'tokens',
  'token-forms',
  'ssh',
  'packages',
  'identities',
  'profile',
  'email',
  'password',
  'notifications',
  'login',
  'login-steps',
  'settings',
  'orgs',
];

/** The parts an element loads before it renders: `common` and its features' own. */
export function partsOfTag(tag: string): readonly Part[] {
  const own = PARTS_OF_TAG[tag];
  return own ? ['common', ...own] : ALL_PARTS;
}

/** The parts an element loads right after its first screen (none for an unknown element, which
 * has them all before). */
export function laterPartsOfTag(tag: string): readonly Part[] {
  return LATER_PARTS_OF_TAG[tag] ?? [];
}
