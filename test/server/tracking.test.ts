import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { createApp } from '../../server/app';

const server = useTestServer();

/** Something no server log line may ever contain. */
const MARKER = 'zz-entry-content-marker';

const user = {
  userId: 'u_demo',
  userName: 'demo',
  appName: 'account',
  pid: 'yx-account',
  user_type: 101,
  organizationId: 'org_1',
};

const common = (kind: string) => ({ ...user, kind, ts: Date.now(), url: `http://localhost/users/#/${MARKER}` });

function performanceEntry(overrides: Record<string, unknown> = {}) {
  return {
    ...common('performance'),
    navigationType: 'navigate',
    loadTime: 812.4,
    dns: 0,
    tcp: 0.3,
    ttfb: 20.1,
    download: 1.2,
    domInteractive: 300,
    domContentLoaded: 310.5,
    fcp: 280,
    transferSize: 1432,
    ...overrides,
  };
}

function apiErrorEntry(overrides: Record<string, unknown> = {}) {
  return {
    ...common('api-error'),
    method: 'GET',
    requestUrl: '/users/dev/fail',
    status: 500,
    errorKind: 'server',
    code: 'internal_error',
    message: `System exception ${MARKER}`.slice(0, 50),
    requestId: 'req-1',
    durationMs: 12,
    response: `{"message":"${MARKER}"}`,
    headers: { 'content-type': 'application/json' },
    ...overrides,
  };
}

function jsErrorEntry(overrides: Record<string, unknown> = {}) {
  return {
    ...common('js-error'),
    source: 'error',
    name: 'TypeError',
    message: `x is undefined ${MARKER}`,
    stack: `TypeError: x is undefined\n    at ${MARKER}`,
    filename: 'http://localhost/users/demo/app.js',
    line: 1,
    column: 2,
    ...overrides,
  };
}

function resourceBatchEntry(resources: number) {
  const resource = {
    name: 'http://localhost/a.js',
    initiatorType: 'script',
    startTime: 1,
    duration: 2,
    transferSize: 3,
  };
  return { ...common('resource-batch'), loadTime: 9_000, resources: Array.from({ length: resources }, () => resource) };
}

/** A browser without a session (its own cookie jar, none yet). */
const visitor = () => new Client(server.url);

/** A browser with an anonymous pre-session, as on the login page. */
async function preSession() {
  const browser = new Client(server.url);
  await browser.pageSettings();
  return browser;
}

const send = (browser: Client, body: unknown) => browser.post('/tracking/logs', body, { csrf: false });

async function listed() {
  const answer = await visitor().get('/users/dev/tracking');
  assert.equal(answer.status, 200);
  return answer.body as { kind: string; entry: Record<string, unknown>; created_at: string }[];
}

describe('POST /tracking/logs', () => {
  it('keeps a valid batch, lists it newest last and drops unknown fields', async () => {
    const browser = await preSession();
    const entries = [performanceEntry({ newField: 'x' }), apiErrorEntry(), jsErrorEntry(), resourceBatchEntry(200)];
    const answer = await send(browser, { entries, alsoUnknown: true });
    assert.equal(answer.status, 204, answer.text);
    assert.equal(answer.text, '');
    const last = (await listed()).slice(-4);
    assert.deepEqual(
      last.map((l) => l.kind),
      ['performance', 'api-error', 'js-error', 'resource-batch'],
    );
    assert.deepEqual(Object.keys(last[0]!).sort(), ['created_at', 'entry', 'kind']);
    const { newField: _dropped, ...stored } = entries[0] as Record<string, unknown>;
    assert.deepEqual(last[0]!.entry, stored);
    assert.equal(last[0]!.entry.user_type, 101);
    assert.deepEqual(last[1]!.entry, entries[1]);
  });

  it('accepts a charset parameter and an entry bigger than the usual JSON limit', async () => {
    const browser = await preSession();
    const big = jsErrorEntry({ stack: 's'.repeat(100_000) });
    const answer = await browser.post('/tracking/logs', undefined, {
      body: JSON.stringify({ entries: [big] }),
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      csrf: false,
    });
    assert.equal(answer.status, 204, answer.text);
  });

  describe('given a batch that breaks a rule', () => {
    const cases: [string, unknown, string][] = [
      ['no entries field', {}, 'entries'],
      ['an empty batch', { entries: [] }, 'entries'],
      ['more than 200 entries', { entries: Array.from({ length: 201 }, () => performanceEntry()) }, 'entries'],
      ['an unknown kind', { entries: [{ ...performanceEntry(), kind: 'mystery' }] }, 'entries.0.kind'],
      ['a user_type other than 101', { entries: [performanceEntry({ user_type: 102 })] }, 'entries.0.user_type'],
      ['a missing user field', { entries: [performanceEntry({ userId: undefined })] }, 'entries.0.userId'],
      ['a page URL over 30,000', { entries: [performanceEntry({ url: 'u'.repeat(30_001) })] }, 'entries.0.url'],
      [
        'a request URL over 30,000',
        { entries: [apiErrorEntry({ requestUrl: 'u'.repeat(30_001) })] },
        'entries.0.requestUrl',
      ],
      ['an api-error message over 50', { entries: [apiErrorEntry({ message: 'm'.repeat(51) })] }, 'entries.0.message'],
      ['a response over 10,000', { entries: [apiErrorEntry({ response: 'r'.repeat(10_001) })] }, 'entries.0.response'],
      [
        'a request body over 10,000',
        { entries: [apiErrorEntry({ requestBody: 'b'.repeat(10_001) })] },
        'entries.0.requestBody',
      ],
      [
        'a js-error message over 10,000',
        { entries: [jsErrorEntry({ message: 'm'.repeat(10_001) })] },
        'entries.0.message',
      ],
      ['a stack over 100,000', { entries: [jsErrorEntry({ stack: 's'.repeat(100_001) })] }, 'entries.0.stack'],
      ['a load time over 20,000 ms', { entries: [performanceEntry({ loadTime: 20_001 })] }, 'entries.0.loadTime'],
      ['a negative load time', { entries: [performanceEntry({ loadTime: -1 })] }, 'entries.0.loadTime'],
      ['a time that is not a number', { entries: [performanceEntry({ ts: '1' })] }, 'entries.0.ts'],
      ['more than 200 resources', { entries: [resourceBatchEntry(201)] }, 'entries.0.resources'],
      ['a bad second entry', { entries: [performanceEntry(), jsErrorEntry({ source: 'x' })] }, 'entries.1.source'],
      ['not an object', 'entries', 'body'],
    ];
    for (const [name, body, field] of cases) {
      it(`refuses ${name}, naming ${field}`, async () => {
        const answer = await send(await preSession(), body);
        assert.equal(answer.status, 400, answer.text);
        assert.equal(answer.body.code, 'invalid_request');
        assert.equal(answer.body.field, field);
        assert.ok(answer.body.message.includes(field), answer.body.message);
        assert.ok(answer.body.requestId);
      });
    }

    it('refuses a body that is not JSON', async () => {
      const answer = await (
        await preSession()
      ).post('/tracking/logs', undefined, {
        body: '{"entries":',
        headers: { 'content-type': 'application/json' },
        csrf: false,
      });
      assert.equal(answer.status, 400);
      assert.equal(answer.body.code, 'malformed_json');
    });
  });

  it('refuses anything but JSON with 415', async () => {
    const body = JSON.stringify({ entries: [performanceEntry()] });
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'application/jsonp']) {
      const answer = await visitor().post('/tracking/logs', undefined, { body, headers: { 'content-type': type } });
      assert.equal(answer.status, 415, type);
      assert.equal(answer.body.code, 'unsupported_media_type');
    }
  });

  it('refuses a body over 256 KB with 413', async () => {
    const entries = [0, 1, 2].map(() => jsErrorEntry({ stack: 's'.repeat(100_000) }));
    const answer = await send(await preSession(), { entries });
    assert.equal(answer.status, 413);
    assert.equal(answer.body.code, 'payload_too_large');
  });

  it('works without any session, and for a signed-in user without the CSRF token', async () => {
    const anonymous = visitor();
    assert.equal((await send(anonymous, { entries: [performanceEntry({ pid: 'no-session' })] })).status, 204);
    assert.equal(anonymous.cookies.size, 0, 'no session is started for a report');

    const signedIn = visitor();
    assert.equal((await signedIn.login('demo', 'Demo@2026')).status, 200);
    const answer = await send(signedIn, { entries: [performanceEntry({ pid: 'signed-in' })] });
    assert.equal(answer.status, 204, answer.text);
    const pids = (await listed()).map((l) => l.entry.pid);
    assert.ok(pids.includes('no-session') && pids.includes('signed-in'));
  });

  it('keys its rows by a digest of the client address, never the pre-session or its cookie', async () => {
    const browser = await preSession();
    assert.equal((await send(browser, { entries: [performanceEntry({ pid: 'keyed' })] })).status, 204);
    const cookie = browser.cookies.get('yx_sid')!;
    const rows = await server.deps.db
      .selectFrom('tracking_logs')
      .select('rate_key')
      .where(sql<string>`entry->>'pid'`, '=', 'keyed')
      .execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.rate_key, createHash('sha256').update('ip:127.0.0.1').digest('hex'));
    assert.notEqual(rows[0]!.rate_key, createHash('sha256').update(cookie).digest('hex'));
    assert.ok(!rows[0]!.rate_key.includes(cookie));
  });

  it('is exempt from CSRF only for itself: other unsafe calls still need the token', async () => {
    const browser = visitor();
    await browser.login('demo', 'Demo@2026');
    const other = await browser.post('/individual/proxy/my/organizations', {}, { csrf: false });
    assert.equal(other.status, 403);
    assert.equal(other.body.code, 'csrf_invalid');
    const put = await browser.put('/tracking/logs', { entries: [performanceEntry()] }, { csrf: false });
    assert.equal(put.status, 403, 'only POST is exempt');
    const withToken = await browser.post('/individual/proxy/my/organizations', {});
    assert.notEqual(withToken.status, 403);
  });

  describe('given an address that reports too often', () => {
    // Every anonymous report of this file comes from 127.0.0.1: start each test with an empty window.
    beforeEach(() => server.clock.advance(60_000));

    it('refuses the 31st batch of a minute with 429 and retry_after, then accepts again a minute later', async () => {
      const browser = await preSession();
      for (let i = 0; i < 30; i++) {
        assert.equal((await send(browser, { entries: [performanceEntry()] })).status, 204, `batch ${i + 1}`);
      }
      const refused = await send(browser, { entries: [performanceEntry()] });
      assert.equal(refused.status, 429);
      assert.equal(refused.body.code, 'too_many_requests');
      assert.equal(refused.body.retry_after, 60);
      assert.equal(refused.headers.get('retry-after'), '60');
      // a fresh pre-session from the same address is no way around it; a signed-in user is keyed apart
      assert.equal((await send(await preSession(), { entries: [performanceEntry()] })).status, 429);
      const signedIn = visitor();
      assert.equal((await signedIn.login('demo', 'Demo@2026')).status, 200);
      assert.equal((await send(signedIn, { entries: [performanceEntry()] })).status, 204);
      server.clock.advance(59_000);
      assert.equal((await send(browser, { entries: [performanceEntry()] })).body.retry_after, 1);
      server.clock.advance(1_000);
      assert.equal((await send(browser, { entries: [performanceEntry()] })).status, 204);
    });

    it('refuses entries beyond 1,000 a minute, counting only the batches that were kept', async () => {
      const browser = await preSession();
      for (let i = 0; i < 4; i++) {
        assert.equal(
          (await send(browser, { entries: Array.from({ length: 200 }, () => performanceEntry()) })).status,
          204,
        );
        server.clock.advance(10_000);
      }
      // 800 kept in the window: 200 more fit, 201 do not
      const over = await send(browser, { entries: Array.from({ length: 201 }, () => performanceEntry()) });
      assert.equal(over.status, 400, 'a batch holds at most 200');
      assert.equal(
        (await send(browser, { entries: Array.from({ length: 200 }, () => performanceEntry()) })).status,
        204,
      );
      const refused = await send(browser, { entries: [performanceEntry()] });
      assert.equal(refused.status, 429);
      // the first batch (40 s ago) leaves the window in 20 s
      assert.equal(refused.body.retry_after, 20);
      server.clock.advance(20_000);
      assert.equal((await send(browser, { entries: [performanceEntry()] })).status, 204);
    });
  });

  it('writes nothing of the entries into the server log', async () => {
    server.clock.advance(60_000); // past the rate limit tests' window
    const browser = await preSession();
    await send(browser, { entries: [apiErrorEntry(), jsErrorEntry()] });
    await send(browser, { entries: [jsErrorEntry({ message: `${MARKER} `.repeat(1_000) })] });
    await send(browser, { entries: [apiErrorEntry({ message: MARKER.repeat(3) })] });
    const lines = server.logs.filter((line) => line.includes('/tracking/logs'));
    assert.ok(lines.length >= 3, 'the requests themselves are logged');
    assert.ok(!server.logs.some((line) => line.includes(MARKER)));
  });
});

describe('demo mode', () => {
  it('names the collector in the page settings', async () => {
    const answer = await visitor().get('/users/ajax/v1/page-settings');
    assert.equal(answer.body.trackingEndpoint, '/tracking/logs');
  });

  it('answers the failing demo call with a 500 carrying a request id', async () => {
    const answer = await visitor().get('/users/dev/fail');
    assert.equal(answer.status, 500);
    assert.equal(answer.body.code, 'internal_error');
    assert.ok(answer.body.requestId);
  });

  describe('given the seed is none', () => {
    it('has no listing, no failing call and no collector in the page settings', async () => {
      const app = createApp({ ...server.deps, config: { ...server.deps.config, seed: 'none' } });
      assert.equal((await app.request('/users/dev/tracking')).status, 404);
      assert.equal((await app.request('/users/dev/fail')).status, 404);
      const settings = (await (await app.request('/users/ajax/v1/page-settings')).json()) as Record<string, unknown>;
      assert.equal(settings.trackingEndpoint, '');
    });
  });
});
