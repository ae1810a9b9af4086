/**
 * An open `…/messages/stream` ends with its session (sign-out, a password change signing the
 * other sessions out, expiry) instead of reading the inbox on for whoever holds the connection.
 *
 * Two servers, one after the other, over one database: one whose heartbeat never comes during a
 * test (so only a delivery can notice), one that beats every 300 ms (so a sign-out that writes no
 * event is noticed at the beat).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { messageHub, sessionsEnded } from '../../server/notifications/hub';
import { SESSION_COOKIE, SESSION_IDLE_MS } from '../../server/auth/sessions';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';
import { addUser, inDays } from './helpers/tokens';

let database: TestDatabase;
let server: TestServer;

before(async () => {
  database = await createTestDatabase();
});
after(async () => {
  await database.dispose();
});

const INBOX = '/users/ajax/v1/notifications/inbox/messages';
const PASSWORD = 'Start@2026';
const NEW_PASSWORD = 'Changed@2027';

interface SseEvent {
  event?: string;
  data?: string;
  comment?: string;
}

/** An open stream response, read event by event (as in notifications-stream.test.ts). */
class Stream {
  readonly events: SseEvent[] = [];
  ended = false;
  readonly #done: Promise<void>;

  constructor(
    readonly response: Response,
    readonly controller: AbortController,
  ) {
    this.#done = this.#pump();
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
          const event: SseEvent = {};
          for (const line of buffer.slice(0, end).split('\n')) {
            if (line.startsWith(':')) event.comment = line.slice(1).trim();
            const m = /^(event|data): ?(.*)$/.exec(line);
            if (m) event[m[1] as 'event' | 'data'] = m[2];
          }
          buffer = buffer.slice(end + 2);
          this.events.push(event);
        }
      }
    } catch {
      // aborted by the test
    }
    this.ended = true;
  }

  /** Resolves when the server ends the response; fails after `ms` (it never does without the fix). */
  async end(ms = 8000): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`still open after ${ms} ms: ${JSON.stringify(this.events)}`)), ms);
    });
    try {
      await Promise.race([this.#done, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The first event named `name` after the first `from` events, waiting up to `ms`. */
  async find(name: string, from = 0, ms = 8000): Promise<SseEvent> {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = this.events.slice(from).find((e) => e.event === name);
      if (hit) return hit;
      if (this.ended) throw new Error(`the stream ended without "${name}": ${JSON.stringify(this.events)}`);
      if (Date.now() > deadline) throw new Error(`no "${name}" within ${ms} ms: ${JSON.stringify(this.events)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Named events (not heartbeats) after the first `from`. */
  namedAfter(from: number): SseEvent[] {
    return this.events.slice(from).filter((e) => e.event !== undefined);
  }

  close() {
    this.controller.abort();
  }
}

async function openStream(browser: Client, on: TestServer = server): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(on.url + `${INBOX}/stream`, {
    headers: { cookie: browser.cookieHeader, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  assert.equal(response.status, 200);
  const stream = new Stream(response, controller);
  await stream.find('unread');
  return stream;
}

/** A new user signed in twice on one device: `s1` and `s2` are two sessions of one account. */
async function userWithTwoSessions(on: TestServer = server) {
  const username = `se_${randomBytes(4).toString('hex')}`;
  const id = await addUser(on, username, PASSWORD);
  const s1 = new Client(on.url);
  s1.cookies.set('ak_user_locale', 'en_US');
  assert.equal((await s1.login(username, PASSWORD)).status, 200);
  const s2 = new Client(on.url);
  s2.cookies.set('ak_user_locale', 'en_US');
  // The same device: no new-device notice arrives in the middle of a test.
  s2.cookies.set('yx_did', s1.cookies.get('yx_did')!);
  assert.equal((await s2.login(username, PASSWORD)).status, 200);
  return { id, username, s1, s2 };
}

function createToken(browser: Client, name: string, on: TestServer = server) {
  return browser.post('/users/ajax/v1/my/tokens', {
    name,
    expires_at: inDays(on, 30),
    token_scopes: ['user:profile:read'],
  });
}

async function changePassword(browser: Client) {
  const answer = await browser.put('/users/ajax/v1/my/password', {
    old_password: PASSWORD,
    new_password: NEW_PASSWORD,
  });
  assert.equal(answer.status, 200, answer.text);
  return answer.body as { signed_out_sessions: number };
}

/** The stored hash of a client's session cookie. */
function sessionHashOf(browser: Client): string {
  return createHash('sha256').update(browser.cookies.get(SESSION_COOKIE)!).digest('hex');
}

async function signOut(browser: Client) {
  assert.equal((await browser.get('/users/logout')).status, 302);
  assert.equal((await browser.get('/individual/proxy/me')).status, 401);
}

describe('when something is delivered (no heartbeat during the test)', () => {
  before(async () => {
    server = await startTestServer(database, { config: { sseHeartbeatMs: 600_000 } });
  });
  after(async () => {
    await server.close();
  });

  it('a password change ends the other sessions’ streams before its notice reaches them', async () => {
    const { s1, s2 } = await userWithTwoSessions();
    const kept = await openStream(s1);
    const other = await openStream(s2);
    const seen = other.events.length;
    try {
      assert.deepEqual(await changePassword(s1), { signed_out_sessions: 1 });
      assert.equal((await s2.get('/individual/proxy/me')).status, 401);
      // The session that changed it hears of the change…
      const notice = await kept.find('message');
      assert.equal(JSON.parse(notice.data!).type, 'password_changed');
      // …the signed-out one is closed without a word.
      await other.end();
      assert.deepEqual(other.namedAfter(seen), []);

      assert.equal((await createToken(s1, 'secret-deploy-token')).status, 201);
      const token = await kept.find('message', kept.events.indexOf(notice) + 1);
      assert.match(JSON.parse(token.data!).content, /secret-deploy-token/);
      assert.ok(!other.events.some((e) => e.data?.includes('secret-deploy-token')));
    } finally {
      kept.close();
      other.close();
    }
  });

  it('a signed-out session’s stream ends at the next event instead of delivering it', async () => {
    const { s1, s2 } = await userWithTwoSessions();
    const kept = await openStream(s1);
    const gone = await openStream(s2);
    const seen = gone.events.length;
    try {
      await signOut(s2);
      assert.equal((await createToken(s1, 'after-sign-out')).status, 201);
      assert.match(JSON.parse((await kept.find('message')).data!).content, /after-sign-out/);
      await gone.end();
      assert.deepEqual(gone.namedAfter(seen), []);
    } finally {
      kept.close();
      gone.close();
    }
  });

  it('ends at once when told the user’s sessions ended, with nothing to deliver', async () => {
    const { id, s1, s2 } = await userWithTwoSessions();
    const kept = await openStream(s1);
    const gone = await openStream(s2);
    try {
      await signOut(s2);
      sessionsEnded(id);
      await gone.end();
      // The session still signed in keeps its stream.
      assert.equal((await createToken(s1, 'still-live')).status, 201);
      assert.match(JSON.parse((await kept.find('message')).data!).content, /still-live/);
      assert.equal(kept.ended, false);
    } finally {
      kept.close();
      gone.close();
    }
    const hub = messageHub(server.deps);
    const deadline = Date.now() + 5000;
    while (hub.stats.listeners > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.equal(hub.stats.listeners, 0, 'the ended stream released its subscription');
  });

  describe(
    'given two server processes on one PostgreSQL',
    { skip: process.env.DATABASE_URL ? false : 'PGlite serves one process' },
    () => {
      it('a password change made on the other server ends the stream here', async () => {
        const other = await startTestServer(database, { clock: server.clock });
        try {
          const { s1, s2 } = await userWithTwoSessions(other);
          // s2's session, read by this server: the rows are shared.
          const here = new Client(server.url);
          for (const [k, v] of s2.cookies) here.cookies.set(k, v);
          const stream = await openStream(here);
          const seen = stream.events.length;
          try {
            await changePassword(s1);
            await stream.end();
            assert.deepEqual(stream.namedAfter(seen), []);
          } finally {
            stream.close();
          }
        } finally {
          await other.close();
        }
      });
    },
  );
});

describe('at the heartbeat (every 300 ms)', () => {
  before(async () => {
    server = await startTestServer(database, { config: { sseHeartbeatMs: 300 } });
  });
  after(async () => {
    await server.close();
  });

  it('a signed-out session’s stream ends although nothing is written for it', async () => {
    const { s2 } = await userWithTwoSessions();
    const stream = await openStream(s2);
    const seen = stream.events.length;
    try {
      await signOut(s2);
      await stream.end();
      assert.deepEqual(stream.namedAfter(seen), []);
    } finally {
      stream.close();
    }
  });

  it('a password change ends the other sessions’ streams, whichever check comes first', async () => {
    const { s1, s2 } = await userWithTwoSessions();
    const stream = await openStream(s2);
    const seen = stream.events.length;
    try {
      await changePassword(s1);
      await stream.end();
      assert.equal((await createToken(s1, 'not-for-the-old-session')).status, 201);
      assert.deepEqual(stream.namedAfter(seen), []);
    } finally {
      stream.close();
    }
  });

  it('a session deleted by another process, with no event and no signal, ends its stream', async () => {
    const { id, s1, s2 } = await userWithTwoSessions();
    const stream = await openStream(s2);
    try {
      // As another server's sign-out does it: the shared row goes, nothing reaches this process.
      await server.deps.db
        .deleteFrom('sessions')
        .where('user_id', '=', id)
        .where('id_hash', '!=', sessionHashOf(s1))
        .execute();
      await stream.end();
      assert.equal((await s1.get('/individual/proxy/me')).status, 200);
    } finally {
      stream.close();
    }
  });

  describe(
    'given two server processes on one PostgreSQL',
    { skip: process.env.DATABASE_URL ? false : 'PGlite serves one process' },
    () => {
      it('a sign-out on the other server ends the stream here', async () => {
        const other = await startTestServer(database, { clock: server.clock });
        try {
          const { s2 } = await userWithTwoSessions();
          const stream = await openStream(s2);
          const seen = stream.events.length;
          try {
            const elsewhere = new Client(other.url);
            for (const [k, v] of s2.cookies) elsewhere.cookies.set(k, v);
            await signOut(elsewhere);
            await stream.end();
            assert.deepEqual(stream.namedAfter(seen), []);
          } finally {
            stream.close();
          }
        } finally {
          await other.close();
        }
      });
    },
  );

  it('an expired session’s stream ends (the fake clock past the idle limit)', async () => {
    const { s2 } = await userWithTwoSessions();
    const stream = await openStream(s2);
    const seen = stream.events.length;
    try {
      server.clock.advance(SESSION_IDLE_MS + 60_000);
      await stream.end();
      assert.deepEqual(stream.namedAfter(seen), []);
      assert.equal((await s2.get('/individual/proxy/me')).status, 401);
    } finally {
      stream.close();
    }
  });
});
