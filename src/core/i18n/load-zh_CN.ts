/**
 * Loads the Simplified Chinese strings one part at a time. The element bundles put each import below in a chunk
 * of its own that holds this language only (rollup.config.mjs, `i18nSplit`); the member read in
 * each `.then` (`zh`, the same name in every feature module) is what lets rollup drop the other
 * language.
 */
import type { Part } from './parts';
import type { Strings } from './index';

export const loadZh: Record<Part, () => Promise<Strings>> = {
  common: async () => ({ ...(await import('./ui')).uiZh, ...(await import('./zh_CN')).commonZh }),
  page: () => import('./page').then(({ zh }) => zh),
  validation: () => import('./validation').then(({ zh }) => zh),
  errors: () => import('./errors').then(({ zh }) => zh),
  tokens: () => import('./tokens').then(({ zh }) => zh),
  'token-forms': () => import('./token-forms').then(({ zh }) => zh),
  ssh: () => import('./ssh').then(({ zh }) => zh),
  packages: () => import('./packages').then(({ zh }) => zh),
  identities: () => import('./identities').then(({ zh }) => zh),
  profile: () => import('./profile').then(({ zh }) => zh),
  email: () => import('./email').then(({ zh }) => zh),
  password: () => import('./password').then(({ zh }) => zh),
  notifications: () => import('./notifications').then(({ zh }) => zh),
  login: () => import('./login').then(({ zh }) => zh),
  'login-steps': () => import('./login-steps').then(({ zh }) => zh),
  settings: () => import('./settings').then(({ zh }) => zh),
  orgs: () => import('./orgs').then(({ zh }) => zh),
};
