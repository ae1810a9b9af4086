import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../server/config';
import { bulkDemoMessages } from '../../server/notifications/demo-messages';
import { Client } from './helpers/client';
import { INBOX, inboxServer } from './helpers/notifications';

const inbox = inboxServer();
const { newUser, give, list, counts } = inbox;

describe('given the demo inbox', () => {
  it('lists a realistic mix newest first, with the shape the element reads', async () => {
    const demo = new Client(inbox.server.url);
    assert.equal((await demo.login('demo', 'Demo@2026')).status, 200);
    const { messages, next_token } = await list(demo);
    assert.equal(next_token, null);
    assert.ok(messages.length >= 10);
    assert.deepEqual(Object.keys(messages[0]!).sort(), [
      'app',
      'content',
      'created_at',
      'id',
      'read',
      'sensitive',
      'title',
      'type',
    ]);
    const times = messages.map((m) => Date.parse(m.created_at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    assert.ok(new Set(messages.map((m) => m.app)).size >= 5, 'several apps');
    assert.ok(messages.some((m) => m.read) && messages.some((m) => !m.read), 'read and unread');
    const sensitive = messages.filter((m) => m.sensitive);
    assert.ok(sensitive.length >= 2);
    assert.ok(sensitive.every((m) => typeof m.type === 'string'));
    assert.ok(messages.filter((m) => !m.sensitive).every((m) => m.type === null));
    // Stored as given: the element sanitises where it renders.
    assert.ok(messages.some((m) => m.content.includes('onerror=alert(1)') && m.content.includes('javascript:')));
  });
});

describe('given a user with many messages', () => {
  it('pages with a cursor without repeats or gaps while new messages arrive', async () => {
    const { id, browser } = await newUser();
    const original = await give(
      id,
      Array.from({ length: 25 }, () => ({})),
    );
    const first = await list(browser, { page_size: 10 });
    assert.equal(first.messages.length, 10);
    assert.ok(first.next_token);
    // Three newer messages arrive between pages.
    inbox.server.clock.advance(60_000);
    const newer = await give(id, [{ minutesAgo: 0 }, { minutesAgo: 0 }, { minutesAgo: 0 }]);
    const second = await list(browser, { page_size: 10, next_token: first.next_token });
    const third = await list(browser, { page_size: 10, next_token: second.next_token });
    assert.equal(third.messages.length, 5);
    assert.equal(third.next_token, null);
    const seen = [...first.messages, ...second.messages, ...third.messages].map((m) => m.id);
    assert.deepEqual(seen, original, 'every original message once, newest first');
    const fresh = await list(browser, { page_size: 3 });
    assert.deepEqual(new Set(fresh.messages.map((m) => m.id)), new Set(newer));
  });

  it('pages through messages of the same instant by id, each exactly once', async () => {
    const { id, browser } = await newUser();
    const ids = await give(
      id,
      Array.from({ length: 7 }, () => ({ minutesAgo: 5 })),
    );
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const page = await list(browser, { page_size: 2, ...(token ? { next_token: token } : {}) });
      seen.push(...page.messages.map((m) => m.id));
      token = page.next_token;
    } while (token);
    assert.equal(seen.length, 7);
    assert.deepEqual(new Set(seen), new Set(ids));
  });

  it('filters the unread tab and one app, alone and together', async () => {
    const { id, browser } = await newUser();
    await give(id, [
      { app: 'codeup', read: false },
      { app: 'codeup', read: true },
      { app: 'flow', read: false },
      { app: 'flow', read: true },
      { app: 'flow', read: false },
    ]);
    assert.equal((await list(browser, { tab: 'unread' })).messages.length, 3);
    assert.ok((await list(browser, { tab: 'unread' })).messages.every((m) => !m.read));
    assert.equal((await list(browser, { app: 'flow' })).messages.length, 3);
    const both = await list(browser, { tab: 'unread', app: 'flow' });
    assert.deepEqual(
      both.messages.map((m) => [m.app, m.read]),
      [
        ['flow', false],
        ['flow', false],
      ],
    );
    assert.deepEqual(await counts(browser), [
      { app: 'codeup', count: 1 },
      { app: 'flow', count: 2 },
    ]);
  });

  it('refuses a malformed next_token with a 400 naming it', async () => {
    const { browser } = await newUser();
    const forged = [
      'not-a-token',
      Buffer.from('["yesterday","m_1"]').toString('base64url'),
      Buffer.from('{"t":1}').toString('base64url'),
      Buffer.from('["2026-01-01T00:00:00.000000Z",""]').toString('base64url'),
    ];
    for (const next_token of forged) {
      const answer = await browser.post(`${INBOX}:list`, { tab: 'all', page_size: 10, next_token });
      assert.equal(answer.status, 400, next_token);
      assert.equal(answer.body.code, 'invalid_request');
      assert.equal(answer.body.field, 'next_token');
    }
  });
});

describe('validation and access', () => {
  it('answers 400 naming the field for bad bodies, and writes nothing', async () => {
    const { id, browser } = await newUser();
    await give(id, [{}]);
    const cases: Array<[string, unknown, string]> = [
      [':list', { tab: 'starred', page_size: 10 }, 'tab'],
      [':list', { tab: 'all', page_size: 0 }, 'page_size'],
      [':list', { tab: 'all', page_size: 101 }, 'page_size'],
      [':list', { tab: 'all', page_size: 'ten' }, 'page_size'],
      [':list', { tab: 'all', app: 42 }, 'app'],
      ['/read', {}, 'all'],
      ['/read', { all: false }, 'all'],
      ['/read', { all: true, ids: ['m_1'] }, 'ids'],
      ['/read', { ids: [] }, 'ids'],
      ['/read', { ids: [1, 2] }, 'ids'],
      ['/read', { ids: Array.from({ length: 501 }, (_, i) => `m_${i}`) }, 'ids'],
      [':batchDelete', {}, 'read'],
      [':batchDelete', { read: true, ids: ['m_1'] }, 'ids'],
      [':batchDelete', { ids: 'm_1' }, 'ids'],
    ];
    for (const [suffix, body, field] of cases) {
      const answer = await browser.post(INBOX + suffix, body);
      assert.equal(answer.status, 400, `${suffix} ${JSON.stringify(body).slice(0, 60)}`);
      assert.equal(answer.body.code, 'invalid_request');
      assert.equal(answer.body.field, field, `${suffix} ${JSON.stringify(body).slice(0, 60)}`);
    }
    const broken = await browser.request('POST', `${INBOX}/read`, {
      body: '{"all":',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(broken.status, 400);
    assert.equal(broken.body.code, 'malformed_json');
    assert.equal((await list(browser, { tab: 'unread' })).messages.length, 1, 'nothing was marked');
    const max = await browser.post(`${INBOX}/read`, { ids: Array.from({ length: 500 }, (_, i) => `m_${i}`) });
    assert.equal(max.status, 200, '500 ids are allowed');
  });

  it('needs a signed-in browser with the page’s CSRF token', async () => {
    const stranger = new Client(inbox.server.url);
    assert.equal((await stranger.post(`${INBOX}:list`, { tab: 'all', page_size: 10 })).status, 401);
    assert.equal((await stranger.post(`${INBOX}/unread:countGroupByApp`, {})).status, 401);
    const { browser } = await newUser();
    const noCsrf = await browser.post(`${INBOX}/read`, { all: true }, { csrf: false });
    assert.equal(noCsrf.status, 403);
    assert.equal(noCsrf.body.code, 'csrf_invalid');
  });
});

describe('the message stream heartbeat (SSE_HEARTBEAT_SECONDS)', () => {
  it('is 15 seconds unless set, in whole seconds from 1 to 300', () => {
    assert.equal(loadConfig({}).sseHeartbeatMs, 15_000);
    assert.equal(loadConfig({ SSE_HEARTBEAT_SECONDS: '25' }).sseHeartbeatMs, 25_000);
    assert.throws(() => loadConfig({ SSE_HEARTBEAT_SECONDS: '0' }), /SSE_HEARTBEAT_SECONDS/);
    assert.throws(() => loadConfig({ SSE_HEARTBEAT_SECONDS: '301' }), /SSE_HEARTBEAT_SECONDS/);
    assert.throws(() => loadConfig({ SSE_HEARTBEAT_SECONDS: '1.5' }), ConfigError);
  });
});

describe('the 10,000-message demo (YX_DEMO_MESSAGES)', () => {
  it('reads the count from the environment, 0 by default', () => {
    assert.equal(loadConfig({}).demoMessages, 0);
    assert.equal(loadConfig({ YX_DEMO_MESSAGES: '10000' }).demoMessages, 10_000);
    assert.throws(() => loadConfig({ YX_DEMO_MESSAGES: 'many' }), ConfigError);
    assert.throws(() => loadConfig({ YX_DEMO_MESSAGES: '-1' }), /YX_DEMO_MESSAGES/);
  });

  it('makes varied rows older than the hand-written demo messages, unread ones in every app', () => {
    const now = Date.now();
    const rows = bulkDemoMessages('u_demo', 420, now, 'en_US');
    assert.equal(rows.length, 420);
    assert.equal(new Set(rows.map((r) => r.id)).size, 420);
    assert.ok(rows.every((r) => r.created_at.getTime() < now - 199 * 3600_000));
    const unreadApps = new Set(rows.filter((r) => !r.read).map((r) => r.app));
    assert.equal(unreadApps.size, 6);
    assert.equal(rows.filter((r) => !r.read).length, 60);
    assert.ok(bulkDemoMessages('u_demo', 1, now, 'zh_CN')[0]!.title.startsWith('指派给您'));
  });
});
