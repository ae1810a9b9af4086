import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { startE2E } from './support';
import type { E2E } from './support';

/**
 * A local OpenID provider standing in for DingTalk, with the pages a person goes through: a
 * sign-in form and a consent screen. (test/server/helpers/oidc.ts signs in and consents without
 * pages, which suits API tests; here Chromium must fill in and submit real forms.)
 */
interface PagedProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  configure(redirectUris: string[]): Promise<void>;
  close(): Promise<void>;
}

/** The provider's one account. */
const DINGTALK_USER = { login: 'zhang.san', password: 'Ding@2026', sub: 'ding-open-id-8848', name: 'Zhang San' };

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
interface InteractionDetails {
  uid: string;
  prompt: { name: string };
  params: Record<string, unknown>;
  session?: { accountId?: string };
}
/** The few oidc-provider APIs used here (the package ships no type declarations). */
interface OidcProviderLike {
  callback(): Listener;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
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

function page(res: ServerResponse, title: string, body: string) {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
      // No icon request: the provider serves no /favicon.ico, and its 404 would count as a page error.
      '<link rel="icon" href="data:,"></head>' +
      `<body><main><h1>${title}</h1>${body}</main></body></html>`,
  );
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function interact(provider: OidcProviderLike, req: IncomingMessage, res: ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  const action = `/interaction/${encodeURIComponent(details.uid)}`;
  if (req.method === 'GET' && details.prompt.name === 'login') {
    const error = new URL(req.url!, 'http://x').searchParams.has('wrong') ? '<p role="alert">Wrong password</p>' : '';
    return page(
      res,
      'Sign in to DingTalk',
      `${error}<form method="post" action="${action}/login">` +
        '<label>Account <input name="login" autocomplete="username"></label>' +
        '<label>Password <input name="password" type="password" autocomplete="current-password"></label>' +
        '<button type="submit">Sign in</button></form>',
    );
  }
  if (req.method === 'GET') {
    return page(
      res,
      'Authorize yx account',
      `<p>yx account wants your DingTalk name and openId.</p><form method="post" action="${action}/confirm">` +
        '<button type="submit">Allow</button></form>',
    );
  }
  if (req.url!.endsWith('/login')) {
    const form = await formOf(req);
    if (form.get('login') !== DINGTALK_USER.login || form.get('password') !== DINGTALK_USER.password) {
      res.statusCode = 303;
      res.setHeader('location', `${action}?wrong`);
      return res.end();
    }
    const result = { login: { accountId: DINGTALK_USER.sub } };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }
  const grant = new provider.Grant({
    accountId: details.session!.accountId!,
    clientId: String(details.params.client_id),
  });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

/** Opens the listener first: its address is the issuer, which the API server's configuration needs. */
async function startPagedProvider(): Promise<PagedProvider> {
  let handler: Listener = (_req, res) => {
    res.statusCode = 503;
    res.end('not configured yet');
  };
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const clientId = 'yx-account-e2e';
  const clientSecret = 'e2e-secret-with-enough-entropy-0123456789';
  return {
    issuer,
    clientId,
    clientSecret,
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
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: redirectUris,
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        jwks: { keys: [{ ...signingKey, kid: 'e2e-rs256', alg: 'RS256', use: 'sig' }] },
        cookies: { keys: ['e2e-cookie-key'] },
        claims: { openid: ['sub'], profile: ['name'] },
        features: { devInteractions: { enabled: false } },
        pkce: { required: () => true },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        findAccount: (_ctx: unknown, id: string) =>
          id === DINGTALK_USER.sub
            ? { accountId: id, claims: () => ({ sub: id, name: DINGTALK_USER.name }) }
            : undefined,
      });
      const app = provider.callback();
      handler = (req, res) => {
        if (!req.url?.startsWith('/interaction/')) return app(req, res);
        interact(provider, req, res).catch((error: unknown) => {
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
}

describe('third-party bindings, end to end', () => {
  let e2e: E2E;
  let provider: PagedProvider;
  before(async () => {
    provider = await startPagedProvider();
    const { issuer, clientId, clientSecret } = provider;
    e2e = await startE2E({ config: { oidc: { dingtalk: { issuer, clientId, clientSecret } } } });
    await provider.configure([`${e2e.server.url}/users/ajax/v1/my/identities/dingtalk/callback`]);
  });
  after(async () => {
    await e2e?.close();
    await provider?.close();
  });

  it('binds a DingTalk account through the provider’s sign-in and consent pages, shows it, and unbinds it', async () => {
    const { context, page, errors } = await e2e.newPage();
    await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
    await e2e.login(page, 'demo', 'Demo@2026');
    await page.goto(`${e2e.pageUrl}#/users/settings/third-party`);

    const bindings = page.locator('yx-third-party-bindings');
    const dingtalk = bindings.locator('[part="provider-card"][data-provider="dingtalk"]');
    await dingtalk.locator('[part~="bind-button"]').waitFor({ timeout: 30_000 });
    assert.equal(await dingtalk.getAttribute('data-state'), 'unbound');
    assert.equal(
      await bindings.locator('[part="provider-card"][data-provider="lark"]').getAttribute('data-state'),
      'unavailable',
      'Lark is not configured on this server',
    );

    // A full-page trip to the provider: its sign-in form (a wrong password first), then consent.
    await dingtalk.locator('[part~="bind-button"]').click();
    await page.waitForURL((url) => url.href.startsWith(`${provider.issuer}/interaction/`));
    assert.equal(await page.title(), 'Sign in to DingTalk');
    await page.getByLabel('Account').fill(DINGTALK_USER.login);
    await page.getByLabel('Password').fill('Wrong@2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong password' }).waitFor();
    await page.getByLabel('Account').fill(DINGTALK_USER.login);
    await page.getByLabel('Password').fill(DINGTALK_USER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Authorize yx account' }).waitFor();
    await page.getByRole('button', { name: 'Allow' }).click();

    // Back on the settings page, which says so once and shows the bound account.
    await page.waitForURL((url) => url.href.startsWith(e2e.pageUrl));
    await bindings.locator('[part="toast"]', { hasText: 'DingTalk account bound' }).waitFor({ timeout: 30_000 });
    assert.equal(new URL(page.url()).hash, '#/users/settings/third-party', 'the outcome is taken out of the address');
    await dingtalk.locator('[part="account"]').waitFor();
    assert.equal(await dingtalk.getAttribute('data-state'), 'bound');
    assert.equal((await dingtalk.locator('[part="account-name"]').textContent())?.trim(), DINGTALK_USER.name);
    assert.equal((await dingtalk.locator('[part="open-id"]').textContent())?.trim(), DINGTALK_USER.sub);
    const stored = await page.request.get(`${e2e.server.url}/individual/proxy/my/identities`);
    assert.deepEqual(
      ((await stored.json()) as Array<{ provider: string; open_id: string; name: string }>).map(
        ({ provider, open_id, name }) => ({ provider, open_id, name }),
      ),
      [{ provider: 'dingtalk', open_id: DINGTALK_USER.sub, name: DINGTALK_USER.name }],
    );

    // Unbind asks first; cancelling keeps the binding, confirming removes it.
    await dingtalk.locator('[part~="unbind-button"]').click();
    const confirm = bindings.locator('[part~="confirm"]');
    await confirm.waitFor();
    assert.match((await confirm.textContent()) ?? '', /Unbind DingTalk account “Zhang San”\?/);
    await confirm.locator('[part~="cancel-button"]').click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal(await dingtalk.getAttribute('data-state'), 'bound');

    await dingtalk.locator('[part~="unbind-button"]').click();
    await confirm.locator('[part~="confirm-button"]').click();
    await bindings.locator('[part="toast"]', { hasText: 'DingTalk account unbound' }).waitFor();
    await dingtalk.locator('[part~="bind-button"]').waitFor();
    assert.equal(await dingtalk.getAttribute('data-state'), 'unbound');
    assert.equal(await dingtalk.locator('[part="account"]').count(), 0);
    const after = await page.request.get(`${e2e.server.url}/individual/proxy/my/identities`);
    assert.deepEqual(await after.json(), []);

    assert.deepEqual(errors, []);
    await context.close();
  });
});
