/**
 * Loads the English (US) strings one part at a time. The element bundles put each import below in a chunk
 * of its own that holds this language only (rollup.config.mjs, `i18nSplit`); the member read in
 * each `.then` is what lets rollup drop the other language.
 */
import type { Part } from './parts';
import type { Strings } from './index';

export const loadEn: Record<Part, () => Promise<Strings>> = {
  common: async () => ({ ...(await import('./ui')).uiEn, ...(await import('./en_US')).commonEn }),
  page: () => import('./page').then(({ pageEn }) => pageEn),
  validation: () => import('./validation').then(({ validationEn }) => validationEn),
  errors: () => import('./errors').then(({ errorsEn }) => errorsEn),
  tokens: () => import('./tokens').then(({ tokensEn }) => tokensEn),
  'token-forms': () => import('./token-forms').then(({ tokenFormsEn }) => tokenFormsEn),
  ssh: () => import('./ssh').then(({ sshKeysEn }) => sshKeysEn),
  packages: () => import('./packages').then(({ packagesEn }) => packagesEn),
  identities: () => import('./identities').then(({ identitiesEn }) => identitiesEn),
  profile: () => import('./profile').then(({ profileEn }) => profileEn),
  notifications: () => import('./notifications').then(({ notificationsEn }) => notificationsEn),
  login: () => import('./login').then(({ loginEn }) => loginEn),
  settings: () => import('./settings').then(({ settingsEn }) => settingsEn),
  orgs: () => import('./orgs').then(({ orgsEn }) => orgsEn),
};
