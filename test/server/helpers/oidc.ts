/**
 * A real OpenID provider for binding tests: `oidc-provider` on 127.0.0.1 (ephemeral port), one
 * confidential client whose redirect URIs are the test server's callbacks, RS256 keys made at
 * start, and an interaction policy that signs the current test account in and consents at once
 * (no login page to script). The account is whatever `provider.account` says at that moment.
 *
 * The listener is opened before the Provider exists: its address is the issuer, which the API
 * server's configuration needs, while the client registration needs the API server's address.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** The few oidc-provider APIs used here (the package ships no type declarations). */
interface OidcProviderLike {
  callback(): Listener;
  interactionDetails(
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<{
    prompt: { name: string };
    params: Record<string, unknown>;
    session?: { accountId?: string };
  }>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: object,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => {
    addOIDCScope(s: string): void;
    save(): Promise<string>;
  };
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the provider next. */
  account: { sub: string; name: string };
  /** Registers the client for `redirectUris`; call once the API server listens. */
  configure(redirectUris: string[]): Promise<void>;
  close(): Promise<void>;
}

/** Opens the listener; {@link TestOidcProvider.configure} then makes the provider behind it. */
export async function startOidcProvider(): Promise<TestOidcProvider> {
  let handler: Listener = (_req, res) => {
    res.statusCode = 503;
    res.end('not configured yet');
  };
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const self: TestOidcProvider = {
    issuer,
    clientId: 'yx-account-test',
    clientSecret: 'test-secret-with-enough-entropy-0123456789',
    account: { sub: 'open-id-1', name: 'Test User' },
    async configure(redirectUris) {
      // A variable specifier: the package is ESM without types, and this keeps tsc from asking for them.
      const specifier = 'oidc-provider';
      const { default: Provider } = (await import(specifier)) as {
        default: new (issuer: string, config: object) => OidcProviderLike;
      };
      const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: self.clientId,
            client_secret: self.clientSecret,
            redirect_uris: redirectUris,
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        jwks: { keys: [{ ...signingKey, kid: 'test-rs256', alg: 'RS256', use: 'sig' }] },
        cookies: { keys: ['test-cookie-key'] },
        claims: { openid: ['sub'], profile: ['name'] },
        features: { devInteractions: { enabled: false } },
        pkce: { required: () => true },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        findAccount: (_ctx: unknown, id: string) => ({
          accountId: id,
          claims: () => ({ sub: id, name: id === self.account.sub ? self.account.name : id }),
        }),
      });
      const app = provider.callback();
      handler = (req, res) => {
        if (!req.url?.startsWith('/interaction/')) return app(req, res);
        void interact(provider, self.account.sub, req, res).catch((error: unknown) => {
          res.statusCode = 500;
          res.end(String(error));
        });
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return self;
}

/** Signs the account in, then grants what the client asked for: no page, no form. */
async function interact(provider: OidcProviderLike, sub: string, req: IncomingMessage, res: ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
    return;
  }
  const grant = new provider.Grant({
    accountId: details.session?.accountId ?? sub,
    clientId: String(details.params.client_id),
  });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

/**
 * Walks the browser's redirects through the provider (with the provider's cookies) until it is
 * sent back to `apiOrigin`; returns that URL (the callback, with `code` and `state`).
 */
export async function followProvider(start: string, apiOrigin: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(apiOrigin)) return url;
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      // A cleared cookie comes back empty (and expired): forget it. Paths are ignored: names differ.
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url} with ${res.status}: ${await res.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects at the provider');
}
