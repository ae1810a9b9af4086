/**
 * A small OpenID Connect relying party (Core 1.0, authorization code flow with PKCE, RFC 7636)
 * on plain fetch and node:crypto: discovery, the authorization URL, the code exchange, ID token
 * validation (signature through the provider's JWKS, iss, aud, exp, nonce) and userinfo.
 * Providers come from the environment: `OIDC_<NAME>_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET`.
 */
import { constants, createHash, createPublicKey, verify } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';

/** The third-party account providers §3 names. */
export const OIDC_PROVIDERS = ['dingtalk', 'lark'] as const;
export type OidcProviderId = (typeof OIDC_PROVIDERS)[number];

/** One configured provider. */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The configured providers; an unconfigured one is absent. */
export type OidcConfig = Partial<Record<OidcProviderId, OidcProviderConfig>>;

/**
 * Reads the providers from `env`. All three variables of a provider, or none. Returns the
 * problem as text rather than throwing, so `config.ts` reports it as its own ConfigError.
 */
export function oidcConfigFromEnv(env: NodeJS.ProcessEnv): { config: OidcConfig; problem?: string } {
  const config: OidcConfig = {};
  for (const id of OIDC_PROVIDERS) {
    const read = providerFromEnv(env, `OIDC_${id.toUpperCase()}_`);
    if (read.problem) return { config, problem: read.problem };
    if (read.provider) config[id] = read.provider;
  }
  return { config };
}

/**
 * One provider's `{prefix}ISSUER`, `{prefix}CLIENT_ID` and `{prefix}CLIENT_SECRET`: all three, or
 * none (no provider). The issuer is kept exactly as written: discovery and every ID token must
 * name it character for character (Discovery 1.0 §4.3), so a trailing `/` is part of it.
 */
export function providerFromEnv(
  env: NodeJS.ProcessEnv,
  prefix: string,
): { provider?: OidcProviderConfig; problem?: string } {
  const [issuer, clientId, clientSecret] = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'].map((n) => env[prefix + n]?.trim());
  if (!issuer && !clientId && !clientSecret) return {};
  if (!issuer || !clientId || !clientSecret) {
    return { problem: `${prefix}ISSUER, ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET must be set together` };
  }
  if (!/^https?:\/\/[^\s?#]+$/.test(issuer)) {
    return { problem: `${prefix}ISSUER must be an http(s) URL without query, got "${issuer}"` };
  }
  return { provider: { issuer, clientId, clientSecret } };
}

/** A failure talking to a provider; `code` goes to the settings page as `?error=`. */
export class OidcError extends Error {
  override name = 'OidcError';
  constructor(
    readonly code: 'provider_unreachable' | 'token_exchange_failed' | 'id_token_invalid',
    detail: string,
  ) {
    super(detail);
  }
}

/** The parts of the discovery document this client uses. */
export interface OidcMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
}

const TIMEOUT_MS = 5000;
/** Discovery documents change rarely; refetched after this. Not state that matters: a cache. */
const METADATA_TTL_MS = 10 * 60_000;
/** Allowed clock difference with the provider when judging `exp`. */
const LEEWAY_S = 60;
const metadataCache = new Map<string, { at: number; metadata: OidcMetadata }>();

async function getJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: undefined };
  }
}

/** The provider's discovery document (`/.well-known/openid-configuration`), cached. Its issuer
 * must be exactly the configured one (Discovery 1.0 §4.3), or ID tokens could come from elsewhere. */
export async function discover(provider: OidcProviderConfig): Promise<OidcMetadata> {
  const cached = metadataCache.get(provider.issuer);
  if (cached && Date.now() - cached.at < METADATA_TTL_MS) return cached.metadata;
  let answer: { status: number; body: unknown };
  try {
    // Any terminating "/" of the issuer goes before the well-known path is appended (§4).
    answer = await getJson(`${provider.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  } catch (error) {
    throw new OidcError('provider_unreachable', `discovery failed: ${(error as Error).message}`);
  }
  const m = answer.body as Partial<OidcMetadata> | undefined;
  const ok = (s: unknown) => typeof s === 'string' && /^https?:\/\//.test(s);
  if (answer.status !== 200 || !m || !ok(m.authorization_endpoint) || !ok(m.token_endpoint) || !ok(m.jwks_uri)) {
    throw new OidcError('provider_unreachable', `bad discovery document (HTTP ${answer.status})`);
  }
  if (m.issuer !== provider.issuer) throw new OidcError('provider_unreachable', `issuer mismatch: ${m.issuer}`);
  const metadata = m as OidcMetadata;
  metadataCache.set(provider.issuer, { at: Date.now(), metadata });
  return metadata;
}

/** The PKCE S256 challenge of a verifier. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Where to send the browser (response_type=code, scope `openid profile`, PKCE S256, nonce). */
export function authorizationUrl(
  metadata: OidcMetadata,
  provider: OidcProviderConfig,
  p: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
): string {
  const url = new URL(metadata.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', p.redirectUri);
  url.searchParams.set('scope', 'openid profile');
  url.searchParams.set('state', p.state);
  url.searchParams.set('nonce', p.nonce);
  url.searchParams.set('code_challenge', pkceChallenge(p.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/** Exchanges the code (with the PKCE verifier) at the token endpoint. Client authentication is
 * `client_secret_basic` (the default, RFC 6749 §2.3.1) unless the provider only lists `_post`. */
export async function exchangeCode(
  metadata: OidcMetadata,
  provider: OidcProviderConfig,
  p: { code: string; redirectUri: string; codeVerifier: string },
): Promise<{ idToken: string; accessToken: string | undefined }> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: p.code,
    redirect_uri: p.redirectUri,
    code_verifier: p.codeVerifier,
  });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const methods = metadata.token_endpoint_auth_methods_supported;
  if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
    form.set('client_id', provider.clientId);
    form.set('client_secret', provider.clientSecret);
  } else {
    const enc = (s: string) => encodeURIComponent(s);
    const basic = Buffer.from(`${enc(provider.clientId)}:${enc(provider.clientSecret)}`).toString('base64');
    headers.authorization = `Basic ${basic}`;
  }
  let answer: { status: number; body: unknown };
  try {
    answer = await getJson(metadata.token_endpoint, { method: 'POST', headers, body: form });
  } catch (error) {
    throw new OidcError('token_exchange_failed', (error as Error).message);
  }
  const body = answer.body as { id_token?: unknown; access_token?: unknown; error?: unknown } | undefined;
  if (answer.status !== 200 || typeof body?.id_token !== 'string') {
    throw new OidcError('token_exchange_failed', `HTTP ${answer.status} ${String(body?.error ?? '')}`);
  }
  return { idToken: body.id_token, accessToken: typeof body.access_token === 'string' ? body.access_token : undefined };
}

/** How each JWS algorithm is checked with node:crypto. */
const ALGORITHMS: Record<string, { hash: string | null; kty: string; options?: object }> = {
  RS256: { hash: 'sha256', kty: 'RSA' },
  RS384: { hash: 'sha384', kty: 'RSA' },
  RS512: { hash: 'sha512', kty: 'RSA' },
  PS256: { hash: 'sha256', kty: 'RSA', options: { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 } },
  ES256: { hash: 'sha256', kty: 'EC', options: { dsaEncoding: 'ieee-p1363' } },
  ES384: { hash: 'sha384', kty: 'EC', options: { dsaEncoding: 'ieee-p1363' } },
  EdDSA: { hash: null, kty: 'OKP' },
};

const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Verifies the JWS signature of `token` with the provider's keys; returns its claims. */
async function verifiedClaims(metadata: OidcMetadata, token: string): Promise<Record<string, unknown>> {
  const [h = '', p = '', s = '', ...extra] = token.split('.');
  if (extra.length || !h || !p || !s) throw new OidcError('id_token_invalid', 'not a JWS');
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    [header, claims] = [json(h), json(p)];
  } catch {
    throw new OidcError('id_token_invalid', 'undecodable');
  }
  const alg = ALGORITHMS[String(header.alg)];
  if (!alg) throw new OidcError('id_token_invalid', `algorithm ${String(header.alg)} not accepted`);
  let keys: JsonWebKey[];
  try {
    const answer = await getJson(metadata.jwks_uri);
    keys = ((answer.body as { keys?: JsonWebKey[] } | undefined)?.keys ?? []).filter(
      (k) =>
        k.kty === alg.kty &&
        (header.kid === undefined || k.kid === header.kid) &&
        (k.use === undefined || k.use === 'sig') &&
        (k.alg === undefined || k.alg === header.alg),
    );
  } catch (error) {
    throw new OidcError('provider_unreachable', `JWKS: ${(error as Error).message}`);
  }
  const data = Buffer.from(`${h}.${p}`);
  const signature = Buffer.from(s, 'base64url');
  const good = keys.some((jwk) => {
    try {
      const key = createPublicKey({ key: jwk, format: 'jwk' });
      return verify(alg.hash, data, alg.options ? { key, ...alg.options } : key, signature);
    } catch {
      return false;
    }
  });
  if (!good) throw new OidcError('id_token_invalid', 'signature does not verify');
  return claims;
}

/** The checked claims of an ID token (Core 1.0 §3.1.3.7). `now` is the server's clock. */
export async function validateIdToken(
  metadata: OidcMetadata,
  provider: OidcProviderConfig,
  idToken: string,
  expected: { nonce: string; now: Date },
): Promise<{ sub: string; name?: string }> {
  const claims = await verifiedClaims(metadata, idToken);
  const fail = (why: string) => new OidcError('id_token_invalid', why);
  if (claims.iss !== provider.issuer) throw fail('iss');
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!aud.includes(provider.clientId)) throw fail('aud');
  if (aud.length > 1 && claims.azp !== provider.clientId) throw fail('azp');
  const nowS = expected.now.getTime() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp + LEEWAY_S < nowS) throw fail('exp');
  if (typeof claims.iat !== 'number') throw fail('iat');
  if (claims.nonce !== expected.nonce) throw fail('nonce');
  if (typeof claims.sub !== 'string' || !claims.sub || claims.sub.length > 255) throw fail('sub');
  return typeof claims.name === 'string' ? { sub: claims.sub, name: claims.name } : { sub: claims.sub };
}

/** The display name from the userinfo endpoint, when there is one and it is about `sub`.
 * A failure here is not fatal: the binding then shows the subject. */
export async function userinfoName(
  metadata: OidcMetadata,
  accessToken: string,
  sub: string,
): Promise<string | undefined> {
  if (!metadata.userinfo_endpoint) return undefined;
  try {
    const answer = await getJson(metadata.userinfo_endpoint, { headers: { authorization: `Bearer ${accessToken}` } });
    const body = answer.body as { sub?: unknown; name?: unknown; nickname?: unknown } | undefined;
    if (answer.status !== 200 || body?.sub !== sub) return undefined;
    const name = body.name ?? body.nickname;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}
