import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from '../../server/config';
import { discover } from '../../server/oidc/client';
import { createLogger, redact } from '../../server/log';
import { requestLocale, serverCatalogues } from '../../server/i18n';
import { sameOriginTarget } from '../../server/routes/auth';
import { settingsBlock } from '../../server/routes/pages';
import { hashPassword, verifyPassword } from '../../server/auth/password';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.dataDir, '.data');
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.seed, 'demo');
    assert.equal(config.demoOrgs, 0);
    assert.equal(config.flavour, 'standard');
    assert.equal(config.smtpUrl, undefined);
    assert.equal(config.sshPort, 2222);
  });

  it('refuses bad values with a message naming the variable', () => {
    assert.throws(
      () => loadConfig({ PORT: 'eighty' }),
      (e: Error) => e instanceof ConfigError && /PORT/.test(e.message),
    );
    assert.throws(() => loadConfig({ FLAVOUR: 'vanilla' }), /FLAVOUR must be one of standard/);
    assert.throws(() => loadConfig({ YX_SEED: 'all' }), /YX_SEED/);
  });

  it('keeps an OpenID Connect issuer exactly as written, and finds its discovery without the "/"', async () => {
    const requested: string[] = [];
    const provider = createServer((req, res) => {
      requested.push(req.url ?? '');
      const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          issuer: `${base}/tenant/`,
          authorization_endpoint: `${base}/auth`,
          token_endpoint: `${base}/token`,
          jwks_uri: `${base}/jwks`,
        }),
      );
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    try {
      const issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/tenant/`;
      const env = { OIDC_LARK_ISSUER: issuer, OIDC_LARK_CLIENT_ID: 'id', OIDC_LARK_CLIENT_SECRET: 'secret' };
      const lark = loadConfig(env).oidc.lark!;
      assert.equal(lark.issuer, issuer, 'the trailing "/" is part of the issuer');
      const metadata = await discover(lark);
      assert.equal(metadata.issuer, issuer);
      assert.deepEqual(requested, ['/tenant/.well-known/openid-configuration']);
    } finally {
      provider.close();
    }
    // The sign-in-only providers are read the same way: all three variables, or none.
    assert.throws(
      () => loadConfig({ OIDC_ALIYUN_ISSUER: 'https://id.example/', OIDC_ALIYUN_CLIENT_ID: 'a' }),
      /OIDC_ALIYUN_ISSUER, OIDC_ALIYUN_CLIENT_ID and OIDC_ALIYUN_CLIENT_SECRET must be set together/,
    );
    assert.equal(
      loadConfig({
        OIDC_ALIYUN_ISSUER: 'https://id.example/',
        OIDC_ALIYUN_CLIENT_ID: 'a',
        OIDC_ALIYUN_CLIENT_SECRET: 'b',
      }).sso.aliyun?.issuer,
      'https://id.example/',
    );
  });
});

describe('logs', () => {
  it('redact secret-looking fields at any depth but keep error codes and request ids', () => {
    const out = redact({
      password: 'p',
      body: { new_password: 'n', old_password: 'o', code: '123456', list: [{ token: 't' }] },
      headers: { cookie: 'c', authorization: 'Bearer x', 'x-csrf-token': 'y', 'umid-token': 'u' },
      csrfToken: 'z',
      errorCode: 'csrf_invalid',
      requestId: 'r1',
    }) as any;
    assert.equal(out.password, '[redacted]');
    assert.equal(out.body.new_password, '[redacted]');
    assert.equal(out.body.code, '[redacted]');
    assert.equal(out.body.list[0].token, '[redacted]');
    assert.equal(out.headers.cookie, '[redacted]');
    assert.equal(out.headers.authorization, '[redacted]');
    assert.equal(out.headers['x-csrf-token'], '[redacted]');
    assert.equal(out.headers['umid-token'], '[redacted]');
    assert.equal(out.csrfToken, '[redacted]');
    assert.equal(out.errorCode, 'csrf_invalid');
    assert.equal(out.requestId, 'r1');
  });

  it('write one JSON object per line with the error stack', () => {
    const lines: string[] = [];
    createLogger({ sink: (l) => lines.push(l) })
      .child({ requestId: 'abc' })
      .error('boom', { error: new Error('kaput') });
    const entry = JSON.parse(lines[0]!);
    assert.equal(entry.level, 'error');
    assert.equal(entry.requestId, 'abc');
    assert.match(entry.error.stack, /kaput/);
  });
});

describe('server messages', () => {
  it('exist in both languages with the same keys', () => {
    assert.deepEqual(Object.keys(serverCatalogues.zh_CN).sort(), Object.keys(serverCatalogues.en_US).sort());
    for (const text of Object.values(serverCatalogues.zh_CN)) assert.ok(text.length > 0);
  });

  it('pick the locale from the cookie, then the saved language, then Accept-Language, then the flavour', () => {
    const base = { flavour: 'standard' } as const;
    assert.equal(requestLocale({ ...base, cookie: 'ak_user_locale=en_US', userLocale: 'zh_CN' }), 'en_US');
    assert.equal(requestLocale({ ...base, userLocale: 'en_US', acceptLanguage: 'zh-CN' }), 'en_US');
    assert.equal(requestLocale({ ...base, acceptLanguage: 'fr;q=0.5, zh-TW;q=0.9' }), 'zh_CN');
    assert.equal(requestLocale(base), 'zh_CN');
    assert.equal(requestLocale({ flavour: 'global' }), 'en_US');
    // The global flavour starts in English even for a Chinese browser; a saved choice still wins.
    assert.equal(requestLocale({ flavour: 'global', acceptLanguage: 'zh-CN' }), 'en_US');
    assert.equal(requestLocale({ flavour: 'global', acceptLanguage: 'zh-CN', userLocale: 'zh_CN' }), 'zh_CN');
  });
});

describe('helpers', () => {
  it('keep next_url on this origin only', () => {
    const origin = 'http://127.0.0.1:8080';
    assert.equal(sameOriginTarget('/users/#/x', origin), '/users/#/x');
    assert.equal(sameOriginTarget('http://127.0.0.1:8080/a?b=1', origin), '/a?b=1');
    assert.equal(sameOriginTarget('#/users/settings', origin), '#/users/settings');
    assert.equal(sameOriginTarget('http://127.0.0.1:9999/', origin), undefined);
    assert.equal(sameOriginTarget('//evil.example', origin), undefined);
  });

  it('escape < in the inlined settings so no value can end the script element', () => {
    const block = settingsBlock({ organizationId: '</script><script>alert(1)</script>' });
    assert.equal(block.match(/<\/script>/g)?.length, 1);
    assert.match(block, /\\u003c\/script>/);
  });

  it('hash passwords with argon2id', async () => {
    const phc = await hashPassword('Demo@2026');
    assert.match(phc, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    assert.equal(await verifyPassword(phc, 'Demo@2026'), true);
    assert.equal(await verifyPassword(phc, 'demo@2026'), false);
    assert.equal(await verifyPassword('not-a-hash', 'x'), false);
  });
});
