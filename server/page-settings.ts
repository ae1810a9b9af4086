/**
 * Global page settings (§3) for one request: answered by `GET /users/ajax/v1/page-settings` and
 * inlined into the standalone page. Opening them gives a visitor without a session an anonymous
 * pre-session, so the login form has a CSRF token to send.
 */
import type { Context } from 'hono';
import type { Env, Flavour, Locale } from '../src/core/settings';
import { startSession } from './auth/sessions';
import type { AppDeps, AppEnv } from './context';
import { currentOrganizationId } from './repos/organizations';
import { TRACKING_LOGS_PATH, trackingEnabled } from './routes/tracking';

/** The settings object, as `window.__YX_SETTINGS__` expects it. */
export interface PageSettingsJson {
  organizationId: string;
  host: string;
  appId: string;
  env: Env;
  csrfToken: string;
  flavour: Flavour;
  locale: Locale;
  /** Where the standalone page sends usage tracking (§7): the built-in collector in demo mode,
   * '' (tracking off) otherwise, where a real logging service would be configured instead. */
  trackingEndpoint: string;
  /** Whether the request came with a signed-in user, so the standalone page knows without asking
   * `/individual/proxy/me` (whose 401 for a visitor every browser logs as a console error). */
  signedIn: boolean;
}

const ENV_OF: Record<Flavour, Env> = {
  standard: 'aliyun',
  global: 'aliyun',
  'cloud-provider': 'aliyun',
  dedicated: 'dedicated',
  'dedicated-intl': 'dedicated',
};

/** Settings for the caller; starts a pre-session (and sets its cookie) when there is none. */
export async function pageSettingsFor(deps: AppDeps, c: Context<AppEnv>): Promise<PageSettingsJson> {
  let session = c.get('session');
  // A bearer caller has no cookie session; it needs no CSRF token either.
  const bearer = c.get('principal')?.via === 'bearer';
  if (!session && !bearer) {
    session = await startSession(deps, c, null, null);
    c.set('session', session);
  }
  const user = c.get('principal')?.user;
  return {
    organizationId: user ? ((await currentOrganizationId(deps.db, user.id)) ?? '') : '',
    host: '',
    appId: '',
    env: ENV_OF[deps.config.flavour],
    csrfToken: session?.csrf_token ?? '',
    flavour: deps.config.flavour,
    locale: c.get('locale'),
    trackingEndpoint: trackingEnabled(deps.config) ? TRACKING_LOGS_PATH : '',
    signedIn: Boolean(user),
  };
}
