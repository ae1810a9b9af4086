/**
 * Signing in through an OpenID Connect provider (DingTalk, Lark, Enterprise WeChat, Alibaba
 * Cloud), with the bindings' client (server/oidc/client.ts: discovery, PKCE, ID token checks).
 * `authorize` keeps state, nonce, PKCE verifier and the (same-origin) `next_url` in a row tied to
 * the browser session; `callback` takes that row once, validates the ID token and signs in the
 * user the provider account is bound to. Every failure is a redirect to the login failure page
 * (`#/login/errors?reason=…`), never a JSON body: these are top-level navigations.
 *
 * `authorize` needs nothing but a click, and each call stores a state (for {@link STATE_TTL_MS})
 * and may open a pre-session that the per-address cap of pre-sessions never evicts while it holds
 * one (auth/sessions.ts). So calls are counted per client address group (`addressGroup`, as the
 * other per-address limits are): past {@link AUTHORIZE_LIMIT} a minute the browser lands on the
 * failure page (`too-many-requests`) and nothing is stored, which bounds the rows one client can
 * leave behind. A group is an IPv6 /64, and whoever holds a /56 or /48 has hundreds of them to
 * hop across, so the calls are counted per network too (`addressNetwork`: an IPv6 /48), under
 * the higher {@link AUTHORIZE_NETWORK_LIMIT}, with the same outcome.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { startSession } from '../auth/sessions';
import type { AppDeps, AppEnv } from '../context';
import { addressGroup, addressNetwork, clientAddress } from '../net/client-ip';
import * as oidc from '../oidc/client';
import { OidcError } from '../oidc/client';
import { publicOrigin } from '../profile/origin';
import { findUserById } from '../repos/users';
import { hit, sweepLimits } from '../repos/login-limits';
import * as repo from '../repos/sso';
import { sameOriginTarget } from '../routes/auth';
import { completeLogin } from './complete';
import { deviceOf } from './device';
import { loginProvider } from './providers';
import type { LoginProviderId } from './providers';

/** How long a sign-in may take at the provider. */
export const STATE_TTL_MS = 10 * 60_000;
/** Where a signed-in browser goes when no (safe) `next_url` was given. */
export const DEFAULT_AFTER_LOGIN = '/users/#/users/settings/profile';
/** `authorize` calls one client address group may make in {@link AUTHORIZE_WINDOW_MS}: a person
 * clicks a few times; the rest is room for an office behind one NAT address, as the account
 * check's limit per address (CHECK_LIMITS in ./recovery.ts). */
export const AUTHORIZE_LIMIT = 30;
/** `authorize` calls one client network (an IPv6 /48) may make in {@link AUTHORIZE_WINDOW_MS},
 * from all its /64s together. A /48 is one site or subscriber, whose few busy subnets (offices,
 * a guest network) each still get their own {@link AUTHORIZE_LIMIT}: four times that is room for
 * four of them at full use at once, far more than people clicking ever need, while a holder of
 * the whole /48 leaves 120 states a minute instead of 30 for each of its 65,536 /64s. An IPv4
 * network is its one address, already held to {@link AUTHORIZE_LIMIT}, so it is not counted
 * twice. */
export const AUTHORIZE_NETWORK_LIMIT = 4 * AUTHORIZE_LIMIT;
export const AUTHORIZE_WINDOW_MS = 60_000;
/** Counters untouched this long are swept when a sign-in starts. */
const KEEP_COUNTERS_MS = 24 * 3600_000;

/** The variants of the login failure page: §8's login failed variants, and `too-many-requests`
 * for an address past {@link AUTHORIZE_LIMIT} or a network past {@link AUTHORIZE_NETWORK_LIMIT}
 * (the page shows its generic text for a reason it does not know). */
export type FailureReason =
  'type-not-supported' | 'bound-account-not-found' | 'account-info-missing' | 'too-many-requests';

/** The login failure page for one variant (§2 `/login/errors`). */
export const failurePage = (reason: FailureReason) => `/users/#/login/errors?reason=${reason}`;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * A `next_url` reduced to a same-origin target this server can redirect to, or undefined. Hash
 * routes (`#/users/settings`) belong to the standalone page, so they are anchored at `/users/`:
 * a bare `#…` Location would resolve against the callback's own path.
 */
export function safeNextUrl(next: string | undefined, origin: string): string | undefined {
  const target = sameOriginTarget(next, origin);
  if (!target) return undefined;
  return target.startsWith('#') ? `/users/${target}` : target;
}

/** The next URL under any of its three names (§9: `nextUrl`, `next_url`, `nexturl`). */
const nextParam = (c: Context<AppEnv>) => c.req.query('next_url') ?? c.req.query('nextUrl') ?? c.req.query('nexturl');

const callbackUri = (deps: AppDeps, c: Context<AppEnv>, id: LoginProviderId) =>
  `${publicOrigin(c, deps.config)}/users/ajax/v1/login/${id}/callback`;

/**
 * Counts one `authorize` call of the client's address group and, when wider, of its network
 * (both hashed, so the table holds no addresses); whether either is past its cap in this window
 * ({@link AUTHORIZE_LIMIT}, {@link AUTHORIZE_NETWORK_LIMIT}). Counted in the database, so every
 * server process sharing it agrees.
 */
async function overAuthorizeLimit(deps: AppDeps, c: Context<AppEnv>): Promise<boolean> {
  const now = deps.clock.now();
  await sweepLimits(deps.db, new Date(now.getTime() - KEEP_COUNTERS_MS), now);
  const address = clientAddress(c, deps.config.trustProxy);
  const group = addressGroup(address) ?? 'unknown';
  const { hits } = await hit(deps.db, `sso:authorize:${sha256(`ip:${group}`)}`, now, AUTHORIZE_WINDOW_MS);
  if (hits > AUTHORIZE_LIMIT) return true;
  // Only calls its group lets through use up the network's room: a /64 hammering on past its own
  // cap must not also lock out the other /64s of its site.
  const network = addressNetwork(address) ?? 'unknown';
  if (network === group) return false;
  const net = await hit(deps.db, `sso:authorize:net:${sha256(`net:${network}`)}`, now, AUTHORIZE_WINDOW_MS);
  return net.hits > AUTHORIZE_NETWORK_LIMIT;
}

/** `GET …/login/{provider}/authorize`: where to send the browser. */
export async function authorizeRedirect(deps: AppDeps, c: Context<AppEnv>, name: string): Promise<string> {
  const found = loginProvider(deps.config, name);
  if (!found) return failurePage('type-not-supported');
  // Before anything is stored: a refused call leaves no state and no pre-session.
  if (await overAuthorizeLimit(deps, c)) {
    c.get('log').warn('sso authorize limit reached', { provider: found.id });
    return failurePage('too-many-requests');
  }
  let session = c.get('session');
  // A top-level navigation may arrive before any page opened a pre-session: open one.
  if (!session || c.get('principal')?.via === 'bearer') {
    session = await startSession(deps, c, null, null);
    c.set('session', session);
  }
  let metadata: oidc.OidcMetadata;
  try {
    metadata = await oidc.discover(found.provider);
  } catch (error) {
    c.get('log').warn('sso discovery failed', { provider: found.id, error });
    return failurePage('account-info-missing');
  }
  const [state, nonce, codeVerifier] = [random(32), random(16), random(32)];
  const now = deps.clock.now();
  await repo.saveLoginState(
    deps.db,
    {
      state_hash: sha256(state),
      session_hash: session.id_hash,
      provider: found.id,
      code_verifier: codeVerifier,
      nonce,
      next_url: safeNextUrl(nextParam(c), publicOrigin(c, deps.config)) ?? null,
      expires_at: new Date(now.getTime() + STATE_TTL_MS),
    },
    now,
  );
  return oidc.authorizationUrl(metadata, found.provider, {
    redirectUri: callbackUri(deps, c, found.id),
    state,
    nonce,
    codeVerifier,
  });
}

/** `GET …/login/{provider}/callback`: signs the bound user in; where to send the browser. */
export async function callbackRedirect(deps: AppDeps, c: Context<AppEnv>, name: string): Promise<string> {
  const found = loginProvider(deps.config, name);
  if (!found) return failurePage('type-not-supported');
  const session = c.get('session');
  const state = c.req.query('state') ?? '';
  const flow =
    session && state
      ? await repo.takeLoginState(deps.db, {
          stateHash: sha256(state),
          sessionHash: session.id_hash,
          provider: found.id,
          now: deps.clock.now(),
        })
      : undefined;
  const code = c.req.query('code');
  // Another browser's state, a replay, an expired one or a refusal at the provider.
  if (!flow || !code || c.req.query('error')) return failurePage('account-info-missing');
  let sub: string;
  try {
    const metadata = await oidc.discover(found.provider);
    const tokens = await oidc.exchangeCode(metadata, found.provider, {
      code,
      redirectUri: callbackUri(deps, c, found.id),
      codeVerifier: flow.code_verifier,
    });
    ({ sub } = await oidc.validateIdToken(metadata, found.provider, tokens.idToken, {
      nonce: flow.nonce,
      now: deps.clock.now(),
    }));
  } catch (error) {
    if (!(error instanceof OidcError)) throw error;
    c.get('log').warn('sso sign-in failed', { provider: found.id, code: error.code, detail: error.message });
    return failurePage('account-info-missing');
  }
  const userId = await repo.boundUserId(deps.db, found.id, sub);
  const user = userId ? await findUserById(deps.db, userId) : undefined;
  if (!user) return failurePage('bound-account-not-found');
  // An SSO sign-in has no step for the emailed code the risk check may ask for: such accounts sign
  // in with password and code instead.
  if (user.risk_check) return failurePage('type-not-supported');
  await completeLogin(deps, c, user, deviceOf(deps, c), `sso:${found.id}`);
  // Checked again on the way out: a row saved by an older, laxer check must not become a Location.
  return safeNextUrl(flow.next_url ?? undefined, publicOrigin(c, deps.config)) ?? DEFAULT_AFTER_LOGIN;
}
