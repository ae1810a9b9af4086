import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { messageHub, wakeStreams } from '../../server/notifications/hub';
import { insertMessageWithEvent } from '../../server/repos/notifications';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';
import { addUser, inDays } from './helpers/tokens';

let database: TestDatabase;
let server: TestServer;
const HEARTBEAT_MS = 400;

before(async () => {
  database = await createTestDatabase();
  // Heartbeats as often as the test can time them (15 s in production, tested in loadConfig's).
  server = await startTestServer(database, { config: { sseHeartbeatMs: HEARTBEAT_MS } });
});
after(async () => {
  await server.close();
  await database.dispose();
});

const INBOX = '/users/ajax/v1/notifications/inbox/messages';
const PASSWORD = 'Start@2026';

interface SseEvent {
  event?: string;
  id?: string;
  data?: string;
  comment?: string;
}

/** An open `…/messages/stream` response, read as EventSource would, event by event. */
class Stream {
  readonly events: SseEvent[] = [];
  #read = 0;
  #wake: (() => void) | undefined;
  ended = false;

  constructor(
    readonly response: Response,
    readonly controller: AbortController,
  ) {
    void this.#pump();
  }

  async #pump() {
    const reader = this.response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) event.comment = line.slice(1).trim();
            const m = /^(event|id|data): ?(.*)$/.exec(line);
            if (m) event[m[1] as 'event' | 'id' | 'data'] = m[2];
          }
          this.events.push(event);
        }
        this.#wake?.();
      }
    } catch {
      // aborted by the test
    }
    this.ended = true;
    this.#wake?.();
  }

  /** The next event (after those already taken) that matches, within `ms`. */
  async next(match: (e: SseEvent) => boolean = (e) => Boolean(e.event), ms = 8000): Promise<SseEvent> {
    const deadline = Date.now() + ms;
    for (;;) {
      while (this.#read < this.events.length) {
        const event = this.events[this.#read++]!;
        if (match(event)) return event;
      }
      if (this.ended) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** The next event named `name`, with its data parsed. */
  async nextOf(name: string, ms?: number): Promise<{ id: string | undefined; data: any }> {
    const event = await this.next((e) => e.event === name, ms);
    return { id: event.id, data: JSON.parse(event.data ?? 'null') };
  }

  close() {
    this.controller.abort();
  }
}

async function openStream(browser: Client, headers: Record<string, string> = {}): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(server.url + `${INBOX}/stream`, {
    headers: { cookie: browser.cookieHeader, accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
  return new Stream(response, controller);
}

async function newUser() {
  const username = `ns_${randomBytes(4).toString('hex')}`;
  const id = await addUser(server, username, PASSWORD);
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, PASSWORD)).status, 200);
  browser.cookies.set('ak_user_locale', 'en_US');
  return { id, browser };
}

function createToken(browser: Client, name: string) {
  return browser.post('/users/ajax/v1/my/tokens', {
    name,
    expires_at: inDays(server, 30),
    token_scopes: ['user:profile:read'],
  });
}

async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('given a signed-in user with the stream open', () => {
  it('sends the current unread counts on connect', async () => {
    const { id, browser } = await newUser();
    await insertMessageWithEvent(server.deps.db, {
      id: `m_${randomBytes(10).toString('hex')}`,
      user_id: id,
      app: 'flow',
      title: 'Pipeline failed',
      body: 'x',
      created_at: server.clock.now(),
    });
    const stream = await openStream(browser);
    try {
      const first = await stream.nextOf('unread');
      assert.deepEqual(first.data, { total: 1, by_app: [{ app: 'flow', count: 1 }] });
      assert.match(first.id ?? '', /^\d+$/);
    } finally {
      stream.close();
    }
  });

  it('pushes a new message and the new counts after an action, and nothing of other users', async () => {
    const me = await newUser();
    const other = await newUser();
    const stream = await openStream(me.browser);
    try {
      await stream.nextOf('unread');
      assert.equal((await createToken(other.browser, 'not yours')).status, 201);
      assert.equal((await createToken(me.browser, 'deploy <b>bot</b>')).status, 201);
      const message = await stream.nextOf('message');
      assert.equal(message.data.type, 'token_created');
      assert.equal(message.data.sensitive, true);
      assert.ok(message.data.content.includes('deploy &lt;b&gt;bot&lt;/b&gt;'));
      const unread = await stream.nextOf('unread');
      assert.deepEqual(unread.data, { total: 1, by_app: [{ app: 'yunxiao', count: 1 }] });
      assert.ok(Number(unread.id) >= Number(message.id));

      const read = await me.browser.post(`${INBOX}/${message.data.id}/read`, {});
      assert.equal(read.status, 200);
      assert.deepEqual((await stream.nextOf('unread')).data, { total: 0, by_app: [] });
      assert.ok(!stream.events.some((e) => e.data?.includes('not yours')));
    } finally {
      stream.close();
    }
  });

  it('picks up events another server process wrote, by polling', async () => {
    const { id, browser } = await newUser();
    const stream = await openStream(browser);
    try {
      await stream.nextOf('unread');
      // Written straight to the database: no wake-up in this process, as from another server.
      await insertMessageWithEvent(server.deps.db, {
        id: 'm_from_elsewhere',
        user_id: id,
        app: 'codeup',
        title: 'From another process',
        body: 'hello',
        created_at: server.clock.now(),
      });
      const message = await stream.nextOf('message', 5000);
      assert.equal(message.data.id, 'm_from_elsewhere');
      assert.deepEqual((await stream.nextOf('unread')).data, { total: 1, by_app: [{ app: 'codeup', count: 1 }] });
    } finally {
      stream.close();
    }
  });

  it('replays what was missed after a reconnect with Last-Event-ID, then the counts', async () => {
    const { browser } = await newUser();
    assert.equal((await createToken(browser, 'before')).status, 201);
    const first = await openStream(browser);
    const { id: lastSeen } = await first.nextOf('unread');
    first.close();
    assert.equal((await createToken(browser, 'missed one')).status, 201);
    assert.equal((await createToken(browser, 'missed two')).status, 201);

    const again = await openStream(browser, { 'last-event-id': lastSeen! });
    try {
      const one = await again.nextOf('message');
      const two = await again.nextOf('message');
      assert.ok(one.data.content.includes('missed one'));
      assert.ok(two.data.content.includes('missed two'));
      assert.ok(Number(two.id) > Number(one.id) && Number(one.id) > Number(lastSeen));
      const unread = await again.nextOf('unread');
      assert.deepEqual(unread.data, { total: 3, by_app: [{ app: 'yunxiao', count: 3 }] });
      assert.equal(unread.id, two.id);
      assert.ok(!again.events.some((e) => e.data?.includes('before')), 'nothing seen before is replayed');
    } finally {
      again.close();
    }
  });

  it('ignores a Last-Event-ID from the future instead of hiding new events', async () => {
    const { browser } = await newUser();
    const stream = await openStream(browser, { 'last-event-id': '999999999999' });
    try {
      await stream.nextOf('unread');
      assert.equal((await createToken(browser, 'still shown')).status, 201);
      assert.ok((await stream.nextOf('message')).data.content.includes('still shown'));
    } finally {
      stream.close();
    }
  });

  it('sends a heartbeat comment at the configured interval, and nothing else while idle', async () => {
    const { browser } = await newUser();
    // Before the request: the server's interval starts after it arrives.
    const opened = Date.now();
    const stream = await openStream(browser);
    try {
      await stream.nextOf('unread');
      const first = await stream.next((e) => e.comment === 'heartbeat', 5000);
      const firstAt = Date.now();
      const second = await stream.next((e) => e.comment === 'heartbeat', 5000);
      const secondAt = Date.now();
      assert.equal(first.event, undefined);
      assert.equal(second.data, undefined);
      // Timers fire no sooner than asked (from when the request arrived, after `opened`); 50 ms
      // of slack for the clock reads. A beat seen late must not make the next look early, so both
      // are counted from the start.
      assert.ok(firstAt - opened >= HEARTBEAT_MS - 50, `first beat after ${firstAt - opened} ms`);
      assert.ok(secondAt - opened >= 2 * HEARTBEAT_MS - 50, `second beat after ${secondAt - opened} ms`);
      assert.deepEqual(
        stream.events.filter((e) => e.event !== undefined && e.event !== 'unread'),
        [],
        'an idle stream sends no event but the counts',
      );
    } finally {
      stream.close();
    }
  });

  it('releases its subscription and the poll timer when the client goes away', async () => {
    const hub = messageHub(server.deps);
    await until(() => hub.stats.listeners === 0);
    const { browser } = await newUser();
    const a = await openStream(browser);
    const b = await openStream(browser);
    await a.nextOf('unread');
    await b.nextOf('unread');
    assert.equal(hub.stats.listeners, 2);
    assert.equal(hub.stats.polling, true);
    a.close();
    await until(() => hub.stats.listeners === 1);
    b.close();
    await until(() => hub.stats.listeners === 0 && !hub.stats.polling);
  });
});

describe('given many writers at once', () => {
  it('delivers every message written by concurrent transactions exactly once', async () => {
    const { id, browser } = await newUser();
    const stream = await openStream(browser);
    try {
      await stream.nextOf('unread');
      const ids = Array.from({ length: 30 }, (_, i) => `m_parallel_${i}_${randomBytes(4).toString('hex')}`);
      // On PostgreSQL these run in parallel transactions of the pool; each holds its commit back
      // a little while the hub polls non-stop, so a poller that trusted ids without the
      // commit-order lock would step over a late commit.
      const waker = setInterval(wakeStreams, 2);
      try {
        await Promise.all(
          ids.map((mid) =>
            server.deps.db.transaction().execute(async (tx) => {
              const row = { id: mid, user_id: id, app: 'flow', title: mid, body: 'x', created_at: server.clock.now() };
              await insertMessageWithEvent(tx, row);
              await sql`select pg_sleep(${Math.random() * 0.03})`.execute(tx);
            }),
          ),
        );
      } finally {
        clearInterval(waker);
      }
      const got: string[] = [];
      while (got.length < ids.length) got.push((await stream.nextOf('message')).data.id);
      assert.deepEqual(new Set(got), new Set(ids));
      await stream.next((e) => e.event === 'unread' && JSON.parse(e.data!).total === 30);
      assert.equal(stream.events.filter((e) => e.event === 'message').length, 30, 'none twice');
    } finally {
      stream.close();
    }
  });
});

describe(
  'given two server processes on one PostgreSQL',
  { skip: process.env.DATABASE_URL ? false : 'PGlite serves one process' },
  () => {
    it('a stream on one server hears of a token created through the other', async () => {
      const other = await startTestServer(database, { clock: server.clock });
      const { browser } = await newUser();
      const stream = await openStream(browser);
      try {
        await stream.nextOf('unread');
        const elsewhere = new Client(other.url);
        elsewhere.cookies.set('ak_user_locale', 'en_US');
        // The same browser (its device cookie), on the other server: no new-device notice comes
        // before the token's message.
        elsewhere.cookies.set('yx_did', browser.cookies.get('yx_did')!);
        const me = await browser.get('/individual/proxy/me');
        assert.equal((await elsewhere.login(me.body.username, PASSWORD)).status, 200);
        assert.equal((await createToken(elsewhere, 'made on the other server')).status, 201);
        const message = await stream.nextOf('message', 5000);
        assert.ok(message.data.content.includes('made on the other server'));
        assert.equal((await stream.nextOf('unread')).data.total, 1);
      } finally {
        stream.close();
        await other.close();
      }
    });
  },
);

describe('access', () => {
  it('needs a signed-in browser', async () => {
    const answer = await fetch(server.url + `${INBOX}/stream`);
    assert.equal(answer.status, 401);
    assert.equal((await answer.json()).code, 'unauthenticated');
  });
});

describe('when the server shuts down', () => {
  it('ends open streams at once and leaves nothing running', async () => {
    const { browser } = await newUser();
    const stream = await openStream(browser);
    await stream.nextOf('unread');
    const started = Date.now();
    await server.close();
    // Without ending the streams, closing would wait for the 5 s connection cut-off.
    assert.ok(Date.now() - started < 4000, `closed in ${Date.now() - started} ms`);
    await until(() => stream.ended);
    const hub = messageHub(server.deps);
    assert.deepEqual(hub.stats, { listeners: 0, polling: false, closed: true });
  });
});
