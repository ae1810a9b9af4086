/**
 * Loads the English (US) strings one part at a time. The element bundles put each import below in a chunk
 * of its own that holds this language only (rollup.config.mjs, `i18nSplit`); the member read in
 * each `.then` (`en`, the same name in every feature module) is what lets rollup drop the other
 * language.
 */
import type { Part } from './parts';
import type { Strings } from './index';

export const loadEn: Record<Part, () => Promise<Strings>> = {
  common: async () => ({ ...(await import('./ui')).uiEn, ...(await import('./en_US')).commonEn }),
  page: () => import('./page').then(({ en }) => en),
  validation: () => import('./validation').then(({ en }) => en),
  errors: () => import('./errors').then(({ en }) => en),
  tokens: () => import('./tokens').then(({ en }) => en),
  'token-forms': () => import('./token-forms').then(({ en }) => en),
  ssh: () => import('./ssh').then(({ en }) => en),
  packages: () => import('./packages').then(({ en }) => en),
  identities: () => import('./identities').then(({ en }) => en),
  profile: () => import('./profile').then(({ en }) => en),
  email: () => import('./email').then(({ en }) => en),
  password: () => import('./password').then(({ en }) => en),
  notifications: () => import('./notifications').then(({ en }) => en),
  login: () => import('./login').then(({ en }) => en),
  'login-steps': () => import('./login-steps').then(({ en }) => en),
  settings: () => import('./settings').then(({ en }) => en),
  orgs: () => import('./orgs').then(({ en }) => en),
};
