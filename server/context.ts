/**
 * The per-request values every middleware and route can read (`c.get('…')`), and the services
 * the app is built from.
 */
import type { Kysely } from 'kysely';
import type { Locale } from '../src/core/settings';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, SessionRow } from './db/schema';
import type { SessionUser } from './repos/sessions';
import type { ServerTranslate } from './i18n';
import type { Logger } from './log';
import type { Mailer } from './mail/mailer';

/** Who is calling. `session` for the cookie; `bearer` for a personal access token. `user` holds
 * the columns every request needs; `currentUser` (auth/middleware) reads the whole row. */
export type Principal =
  | { via: 'session'; user: SessionUser; session: SessionRow }
  | { via: 'bearer'; user: SessionUser; scopes: readonly string[]; tokenId: string };

/**
 * Resolves an `Authorization: Bearer` value to a principal, or null when the token is unknown or
 * expired. The Tokens issue plugs its implementation in through {@link AppDeps.bearer}.
 */
export type BearerAuthenticator = (token: string) => Promise<Extract<Principal, { via: 'bearer' }> | null>;

/** Everything the app needs from outside; tests build these themselves. */
export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  log: Logger;
  /** @default none: Bearer requests are unauthenticated until the Tokens issue lands. */
  bearer?: BearerAuthenticator;
}

/** Hono environment of the app. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    locale: Locale;
    t: ServerTranslate;
    /** The cookie's session (user or anonymous pre-session), when valid. */
    session: SessionRow | null;
    /** The authenticated caller, when there is one. */
    principal: Principal | null;
  };
}
