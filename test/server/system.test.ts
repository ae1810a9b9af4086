import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';
import { createApp } from '../../server/app';
import { renderMail } from '../../server/mail/templates';

let database: TestDatabase;
let server: TestServer;

before(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database);
});
after(async () => {
  await server.close();
  await database.dispose();
});

describe('health', () => {
  it('answers 200 while the database answers', async () => {
    const answer = await new Client(server.url).get('/healthz');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { status: 'ok' });
  });
});

describe('page settings before sign-in', () => {
  it('hands out a CSRF token and a pre-session cookie, with no organization yet', async () => {
    const browser = new Client(server.url);
    const answer = await browser.get('/users/ajax/v1/page-settings', { headers: { 'accept-language': 'en-GB' } });
    assert.equal(answer.status, 200);
    assert.deepEqual(Object.keys(answer.body).sort(), [
      'appId',
      'csrfToken',
      'env',
      'flavour',
      'host',
      'locale',
      'organizationId',
      'signedIn',
      'trackingEndpoint',
    ]);
    assert.ok(answer.body.csrfToken.length >= 40);
    assert.equal(answer.body.organizationId, '');
    assert.equal(answer.body.flavour, 'standard');
    assert.equal(answer.body.env, 'aliyun');
    assert.equal(answer.body.locale, 'en_US');
    assert.equal(answer.body.signedIn, false);
    assert.ok(browser.cookies.get('yx_sid'));
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    const again = await browser.get('/users/ajax/v1/page-settings');
    assert.equal(again.body.csrfToken, answer.body.csrfToken, 'the same pre-session on the next call');
  });

  it('gives a signed-in user their first organization', async () => {
    const browser = new Client(server.url);
    await browser.login('demo', 'Demo@2026');
    const answer = await browser.get('/users/ajax/v1/page-settings');
    assert.match(answer.body.organizationId, /^org_/);
    assert.equal(answer.body.csrfToken, browser.csrfToken);
    assert.equal(answer.body.signedIn, true);
  });
});

describe('mail', () => {
  it('keeps mail in the outbox, listed newest last', async () => {
    const recipient = { to: 'demo@example.com', name: 'Demo User', locale: 'en_US', flavour: 'standard' } as const;
    await server.deps.mailer.send(renderMail('loginCode', { code: '123456', minutes: 10 }, recipient));
    await server.deps.mailer.send(renderMail('verifyEmail', { link: 'http://x/verify?t=1', hours: 24 }, recipient));
    const answer = await new Client(server.url).get('/users/dev/outbox');
    assert.equal(answer.status, 200);
    const last = answer.body.slice(-2);
    assert.deepEqual(Object.keys(last[0]).sort(), ['created_at', 'html', 'subject', 'text', 'to']);
    assert.equal(last[0].subject, 'Your Yunxiao verification code');
    assert.match(last[0].text, /123456/);
    assert.equal(last[1].subject, 'Verify your email address for Yunxiao');
  });

  it('renders every template in both languages and escapes the HTML', () => {
    const zh = renderMail(
      'passwordReset',
      { code: '654321', minutes: 15 },
      {
        to: 'a@b.c',
        name: '<b>张三</b>',
        locale: 'zh_CN',
        flavour: 'standard',
      },
    );
    assert.equal(zh.subject, '重置您的云效密码');
    assert.match(zh.text, /654321/);
    assert.match(zh.html, /&lt;b&gt;张三&lt;\/b&gt;/);
    assert.doesNotMatch(zh.html, /<b>张三/);
  });

  it('has no outbox page unless the demo seed is on', async () => {
    const app = createApp({ ...server.deps, config: { ...server.deps.config, seed: 'none' } });
    assert.equal((await app.request('/users/dev/outbox')).status, 404);
  });
});

describe('the standalone page', () => {
  let dist: string;
  let app: ReturnType<typeof createApp>;
  before(() => {
    dist = mkdtempSync(join(tmpdir(), 'yx-dist-'));
    mkdirSync(join(dist, 'demo/static'), { recursive: true });
    mkdirSync(join(dist, 'chunks'));
    mkdirSync(join(dist, 'elements'));
    writeFileSync(join(dist, 'demo/index.html'), '<html><head><!--YX_SETTINGS--></head><body></body></html>');
    writeFileSync(join(dist, 'demo/app.js'), 'console.log(1)');
    writeFileSync(join(dist, 'demo/static/page.css'), 'body{}');
    writeFileSync(join(dist, 'chunks/react-Bx3kP9qZ.js'), 'export {}');
    writeFileSync(join(dist, 'elements/yx-login.js'), 'export {}');
    writeFileSync(join(dist, 'secret.env'), 'X=1');
    app = createApp({ ...server.deps, config: { ...server.deps.config, distDir: dist } });
  });
  after(() => rmSync(dist, { recursive: true, force: true }));

  it('serves /users/ with the settings inlined as JSON, a strict CSP and no caching', async () => {
    const res = await app.request('/users/', { headers: { 'accept-language': 'en' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-security-policy')!, /script-src 'self'; style-src 'self'/);
    assert.match(res.headers.get('content-security-policy')!, /frame-ancestors 'none'/);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const html = await res.text();
    const json = /<script type="application\/json" id="yx-settings">(.*?)<\/script>/.exec(html)?.[1];
    assert.ok(json, html);
    const settings = JSON.parse(json);
    assert.equal(settings.locale, 'en_US');
    assert.ok(settings.csrfToken);
    assert.match(res.headers.get('set-cookie') ?? '', /yx_sid=/);
  });

  it('caches hashed chunks for a year and other files briefly', async () => {
    const chunk = await app.request('/users/chunks/react-Bx3kP9qZ.js');
    assert.equal(chunk.status, 200);
    assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(chunk.headers.get('content-type')!, /javascript/);
    const element = await app.request('/users/elements/yx-login.js');
    assert.equal(element.headers.get('cache-control'), 'public, max-age=60, must-revalidate');
    const etag = element.headers.get('etag')!;
    assert.equal(
      (await app.request('/users/elements/yx-login.js', { headers: { 'if-none-match': etag } })).status,
      304,
    );
    assert.equal((await app.request('/users/demo/static/page.css')).status, 200);
  });

  it('serves nothing outside dist or of unknown type', async () => {
    for (const path of ['/users/secret.env', '/users/..%2fpackage.json', '/users/%2e%2e/%2e%2e/etc/passwd.txt']) {
      const res = await app.request(path);
      assert.equal(res.status, 404, path);
      assert.equal(((await res.json()) as { code: string }).code, 'not_found');
    }
  });

  it('redirects / to /users/, and says what to run when the page is not built', async () => {
    const root = await app.request('/');
    assert.equal(root.status, 302);
    assert.equal(root.headers.get('location'), '/users/');
    const unbuilt = await new Client(server.url).get('/users/', { headers: { 'accept-language': 'en' } });
    assert.equal(unbuilt.status, 503);
    assert.equal(unbuilt.body.code, 'page_not_built');
    assert.match(unbuilt.body.message, /npm run build/);
  });
});

describe('restarting', () => {
  it('keeps data and sessions across a restart on the same database', async () => {
    const browser = new Client(server.url);
    await browser.login('alice', 'Alice@2026');
    await browser.put('/users/ajax/v1/my/preferences', { language: 'zh_CN' });
    await server.close();
    const started = performance.now();
    server = await startTestServer(database);
    const restartMs = performance.now() - started;
    const again = new Client(server.url);
    for (const [k, v] of browser.cookies) again.cookies.set(k, v);
    const prefs = await again.get('/users/ajax/v1/my/preferences');
    assert.equal(prefs.status, 200, 'the session survived');
    assert.deepEqual(prefs.body, { language: 'zh_CN' });
    assert.ok(restartMs < 5000, `restart took ${Math.round(restartMs)} ms`);
  });

  it(
    'lets two servers share one PostgreSQL database',
    { skip: !process.env.DATABASE_URL && 'PostgreSQL only' },
    async () => {
      const second = await startTestServer(database);
      try {
        const browser = new Client(server.url);
        await browser.login('demo', 'Demo@2026');
        const other = new Client(second.url);
        for (const [k, v] of browser.cookies) other.cookies.set(k, v);
        other.csrfToken = browser.csrfToken;
        assert.equal((await other.put('/users/ajax/v1/my/preferences', { language: 'en_US' })).status, 200);
        assert.deepEqual((await browser.get('/users/ajax/v1/my/preferences')).body, { language: 'en_US' });
      } finally {
        await second.close();
      }
    },
  );
});
