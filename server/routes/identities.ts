/**
 * Third-party bindings (§3, §7): the bound accounts, the providers, which login attributes are
 * bound, and binding through OpenID Connect: `authorize` sends the browser to the provider with
 * state, nonce and a PKCE challenge kept in a row tied to the session; `callback` checks them,
 * validates the ID token, binds `{ provider, open_id: sub, name }` and returns to the settings
 * page with `?bound=<provider>` or `?error=<code>`.
 *
 * Each `authorize` stores a state for {@link STATE_TTL_MS}, so a user's calls are counted: past
 * {@link BIND_AUTHORIZE_LIMIT} in that time the page gets `?error=too_many_requests` and nothing is
 * stored. Per user, since only a signed-in user can start a binding (the sign-in's `authorize`
 * counts per client address instead: login/sso.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { currentUser, principalOf, requireUser } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../context';
import { AppError } from '../errors';
import * as oidc from '../oidc/client';
import { OIDC_PROVIDERS, OidcError } from '../oidc/client';
import type { OidcProviderId } from '../oidc/client';
import { publicOrigin } from '../profile/origin';
import * as repo from '../repos/identities';
import { hit } from '../repos/login-limits';
import { requireScope, requireSessionUser } from '../tokens/bearer';

/** How long a binding may take at the provider. */
export const STATE_TTL_MS = 10 * 60_000;
/** Bindings one user may start in {@link STATE_TTL_MS}: retrying a few times, on each provider,
 * never comes near it, and the states one user can leave stay a few dozen at most. */
export const BIND_AUTHORIZE_LIMIT = 20;
/** The settings section the callback returns to (a hash route of the standalone page, §2). */
export const SETTINGS_PAGE = '/users/#/users/settings/third-party';
const AJAX = '/users/ajax/v1/my/identities';

const unavailable = () => new AppError('provider_unavailable', 404, 'server.identities.unavailable');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * Which login attributes the user has bound: `password` (always: every account has one),
 * `email` (a verified address, which can sign in), `dingtalk`, `lark`.
 */
export interface BoundAttributes {
  password: true;
  email: boolean;
  dingtalk: boolean;
  lark: boolean;
}

/** Routes of the identities domain. */
export function identityRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const configured = (name: string | undefined) => {
    const id = OIDC_PROVIDERS.find((p) => p === name);
    const provider = id && deps.config.oidc[id];
    if (!id || !provider) throw unavailable();
    return { id, provider };
  };
  const redirectUri = (c: Context<AppEnv>, id: OidcProviderId) =>
    `${publicOrigin(c, deps.config)}${AJAX}/${id}/callback`;
  const back = (c: Context<AppEnv>, outcome: { bound: string } | { error: string }) =>
    c.redirect(`${SETTINGS_PAGE}?${new URLSearchParams(outcome)}`, 302);

  // A token may read the bindings with the personal profile scope; changing them needs a browser.
  const readProfile = requireScope('user:profile', 'read');

  app.get('/individual/proxy/my/identities', readProfile, async (c) => {
    const rows = await repo.listIdentities(deps.db, principalOf(c).user.id);
    return c.json(
      rows.map((r) => ({ provider: r.provider, open_id: r.open_id, name: r.name, bound_at: r.bound_at.toISOString() })),
    );
  });

  app.get(`${AJAX}/providers`, requireUser, (c) => {
    const t = c.get('t');
    return c.json(
      OIDC_PROVIDERS.map((p) => ({
        provider: p,
        name: t(`server.identities.${p}`),
        available: Boolean(deps.config.oidc[p]),
      })),
    );
  });

  const attributes = async (c: Context<AppEnv>) => {
    const user = await currentUser(deps, c);
    const bound = new Set((await repo.listIdentities(deps.db, user.id)).map((r) => r.provider));
    const json: BoundAttributes = {
      password: true,
      email: Boolean(user.email && user.email_verified),
      dingtalk: bound.has('dingtalk'),
      lark: bound.has('lark'),
    };
    return c.json(json);
  };
  app.get('/users/ajax/v1/my/attributes:bind', readProfile, attributes);
  app.get('/users/ajax/v1/credentials/default', readProfile, attributes);

  // A top-level navigation from the settings page, so a failure at the provider comes back as a
  // redirect the page can show; only an unknown or unconfigured provider is a plain 404.
  app.get(`${AJAX}/:provider/authorize`, requireSessionUser, async (c) => {
    const { id, provider } = configured(c.req.param('provider'));
    const principal = principalOf(c);
    if (principal.via !== 'session') throw unavailable();
    // Before anything is stored, so a refused call leaves no state (see the file comment).
    const { hits } = await hit(deps.db, `bind:authorize:${principal.user.id}`, deps.clock.now(), STATE_TTL_MS);
    if (hits > BIND_AUTHORIZE_LIMIT) {
      c.get('log').warn('binding authorize limit reached', { provider: id });
      return back(c, { error: 'too_many_requests' });
    }
    let metadata: oidc.OidcMetadata;
    try {
      metadata = await oidc.discover(provider);
    } catch (error) {
      c.get('log').warn('oidc discovery failed', { provider: id, error });
      return back(c, { error: error instanceof OidcError ? error.code : 'provider_unreachable' });
    }
    const [state, nonce, codeVerifier] = [random(32), random(16), random(32)];
    const now = deps.clock.now();
    await repo.saveOidcState(
      deps.db,
      {
        state_hash: sha256(state),
        session_hash: principal.session.id_hash,
        user_id: principal.user.id,
        provider: id,
        code_verifier: codeVerifier,
        nonce,
        expires_at: new Date(now.getTime() + STATE_TTL_MS),
      },
      now,
    );
    return c.redirect(
      oidc.authorizationUrl(metadata, provider, { redirectUri: redirectUri(c, id), state, nonce, codeVerifier }),
      302,
    );
  });

  // Not requireSessionUser: a browser whose session ended meanwhile gets the settings page (which
  // asks it to sign in) rather than a JSON error.
  app.get(`${AJAX}/:provider/callback`, async (c) => {
    const { id, provider } = configured(c.req.param('provider'));
    const principal = c.get('principal');
    if (principal?.via !== 'session') return back(c, { error: 'state_mismatch' });
    const state = c.req.query('state') ?? '';
    const flow = state
      ? await repo.takeOidcState(deps.db, {
          stateHash: sha256(state),
          sessionHash: principal.session.id_hash,
          provider: id,
          now: deps.clock.now(),
        })
      : undefined;
    // Another browser's state, a replay or an expired one: the code may be an attacker's.
    if (!flow || flow.user_id !== principal.user.id) return back(c, { error: 'state_mismatch' });
    const code = c.req.query('code');
    if (c.req.query('error') || !code) return back(c, { error: 'provider_denied' });
    try {
      const metadata = await oidc.discover(provider);
      const uri = redirectUri(c, id);
      const tokens = await oidc.exchangeCode(metadata, provider, {
        code,
        redirectUri: uri,
        codeVerifier: flow.code_verifier,
      });
      const claims = await oidc.validateIdToken(metadata, provider, tokens.idToken, {
        nonce: flow.nonce,
        now: deps.clock.now(),
      });
      const name =
        claims.name ??
        (tokens.accessToken ? await oidc.userinfoName(metadata, tokens.accessToken, claims.sub) : undefined) ??
        claims.sub;
      const outcome = await repo.bindIdentity(deps.db, {
        provider: id,
        open_id: claims.sub,
        user_id: principal.user.id,
        name: name.slice(0, 255),
        bound_at: deps.clock.now(),
      });
      if (outcome === 'bound_elsewhere') return back(c, { error: 'identity_bound_elsewhere' });
      if (outcome === 'already_bound') return back(c, { error: 'identity_already_bound' });
      return back(c, { bound: id });
    } catch (error) {
      if (!(error instanceof OidcError)) throw error;
      c.get('log').warn('oidc binding failed', { provider: id, code: error.code, detail: error.message });
      return back(c, { error: error.code });
    }
  });

  app.delete(`${AJAX}/:provider`, requireSessionUser, async (c) => {
    const id = OIDC_PROVIDERS.find((p) => p === c.req.param('provider'));
    if (!id || !(await repo.unbindIdentity(deps.db, principalOf(c).user.id, id))) {
      throw new AppError('identity_not_found', 404, 'server.identities.notBound');
    }
    return c.json({ provider: id });
  });

  return app;
}
