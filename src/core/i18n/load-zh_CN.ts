/**
 * Loads the Simplified Chinese strings one part at a time. The element bundles put each import below in a chunk
 * of its own that holds this language only (rollup.config.mjs, `i18nSplit`); the member read in
 * each `.then` is what lets rollup drop the other language.
 */
import type { Part } from './parts';
import type { Strings } from './index';

export const loadZh: Record<Part, () => Promise<Strings>> = {
  common: async () => ({ ...(await import('./ui')).uiZh, ...(await import('./zh_CN')).commonZh }),
  page: () => import('./page').then(({ pageZh }) => pageZh),
  validation: () => import('./validation').then(({ validationZh }) => validationZh),
  errors: () => import('./errors').then(({ errorsZh }) => errorsZh),
  tokens: () => import('./tokens').then(({ tokensZh }) => tokensZh),
  'token-forms': () => import('./token-forms').then(({ tokenFormsZh }) => tokenFormsZh),
  ssh: () => import('./ssh').then(({ sshKeysZh }) => sshKeysZh),
  packages: () => import('./packages').then(({ packagesZh }) => packagesZh),
  identities: () => import('./identities').then(({ identitiesZh }) => identitiesZh),
  profile: () => import('./profile').then(({ profileZh }) => profileZh),
  notifications: () => import('./notifications').then(({ notificationsZh }) => notificationsZh),
  login: () => import('./login').then(({ loginZh }) => loginZh),
  settings: () => import('./settings').then(({ settingsZh }) => settingsZh),
  orgs: () => import('./orgs').then(({ orgsZh }) => orgsZh),
};
