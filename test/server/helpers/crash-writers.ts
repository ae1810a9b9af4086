/**
 * The writes the SIGKILL test (faults.test.ts) keeps in flight against a server child process,
 * and the journal of what each one sent and what the server acknowledged (crash-checks.ts then
 * holds the database to it).
 *
 * Each kind of write has accounts of its own, so that none changes what another one checks: a
 * password change ends its user's other sessions, and an account may ask for one activation mail
 * a minute. Accounts and messages are written straight into the database before the server
 * starts (one shared password hash: no argon2 work per account).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { hashPassword } from '../../../server/auth/password';
import { SESSION_COOKIE } from '../../../server/auth/sessions';
import type { Database } from '../../../server/db/schema';
import { insertMessagesBulk } from '../../../server/repos/notifications';
import type { Answer } from './client';
import { Client } from './client';
import { uploadAvatar } from './avatars';
import { png } from './profile-images';
import { newEd25519PublicKey } from './ssh-key';

/** The message centre's inbox routes. */
export const INBOX = '/users/ajax/v1/notifications/inbox/messages';
/** Every account the fixture adds starts with this password. */
const PASSWORD = 'Crash@2026';

/** The password of a chain of changes after `n` of them. */
export const passwordAfter = (n: number): string => (n === 0 ? PASSWORD : `${PASSWORD}-${n}`);

/** An account the fixture added. */
export interface Account {
  id: string;
  username: string;
}

/** What the database held before the server started. */
export interface CrashFixture {
  /** Taken before the server started: everything it writes is at least this new. */
  since: Date;
  /** The newest message event before the server started. */
  lastEventId: number;
  /** The demo user, who makes the tokens and keys, and their token counter then. */
  demo: Account & { tokensVersion: number };
  /** Whose unread messages are deleted and marked read. */
  inbox: Account & { messageIds: string[] };
  /** Each changes their password again and again. */
  passwordUsers: Account[];
  /** A pool of accounts without an address, each binding one once. */
  mailUsers: Account[];
  /** Each uploads and chooses avatars again and again. */
  avatarUsers: Account[];
}

const INBOX_MESSAGES = 2000;
const MAIL_USERS = 150;

/** Adds the accounts and the inbox the writers need; call before the server starts. */
export async function prepareCrashFixture(db: Kysely<Database>): Promise<CrashFixture> {
  const since = new Date();
  const passwordHash = await hashPassword(PASSWORD);
  const accounts = (kind: string, n: number): Account[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `u_${randomBytes(10).toString('hex')}`,
      username: `crash_${kind}_${i}`,
    }));
  const [inbox] = accounts('inbox', 1) as [Account];
  const passwordUsers = accounts('password', 3);
  const mailUsers = accounts('mail', MAIL_USERS);
  const avatarUsers = accounts('avatar', 2);
  await db
    .insertInto('users')
    .values(
      [inbox, ...passwordUsers, ...mailUsers, ...avatarUsers].map((a) => ({
        id: a.id,
        username: a.username,
        name: a.username,
        email: null,
        password_hash: passwordHash,
        locale: 'en_US' as const,
        avatar: null,
      })),
    )
    .execute();
  const messages = Array.from({ length: INBOX_MESSAGES }, (_, i) => ({
    id: `m_${randomBytes(10).toString('hex')}`,
    user_id: inbox.id,
    app: 'projex',
    title: `message ${i}`,
    body: `<p>body ${i}</p>`,
    read: false,
    sensitive_type: null,
    created_at: new Date(since.getTime() - (i + 1) * 1000),
  }));
  await insertMessagesBulk(db, messages);
  const demo = await db
    .selectFrom('users')
    .select(['id', 'username', 'tokens_version'])
    .where('username', '=', 'demo')
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('message_events')
    .select(sql<string | null>`max(id)::text`.as('id'))
    .executeTakeFirstOrThrow();
  return {
    since,
    lastEventId: Number(last.id ?? 0),
    demo: { id: demo.id, username: demo.username, tokensVersion: demo.tokens_version },
    inbox: { ...inbox, messageIds: messages.map((m) => m.id) },
    passwordUsers,
    mailUsers,
    avatarUsers,
  };
}

/** Names of writes of one kind: those sent, and those the server acknowledged. */
export class Outcomes {
  readonly sent = new Set<string>();
  readonly acked = new Set<string>();
}

/** One delete or mark-read of some of the inbox user's messages, all unread and untouched before. */
export interface InboxOp {
  kind: 'read' | 'delete';
  ids: string[];
  acked: boolean;
}

/** One round of a password chain: two sign-ins (known once answered), then change number `round`. */
export interface PasswordRound {
  /** SHA-256 of the session cookies: the session row's `id_hash`. */
  other?: string;
  actor?: string;
  changeSent: boolean;
  changeAcked: boolean;
}

/** One email bind: its account and address. */
export interface Bind {
  userId: string;
  address: string;
  acked: boolean;
}

/** One avatar choice: the uploaded URL and its size in bytes. */
export interface AvatarChoice {
  url: string;
  size: number;
  acked: boolean;
}

/** What the writers did, kept by them as they go. */
export class CrashJournal {
  readonly tokens = new Outcomes();
  readonly keys = new Outcomes();
  readonly inbox: InboxOp[] = [];
  /** By user id. */
  readonly passwords = new Map<string, PasswordRound[]>();
  readonly binds: Bind[] = [];
  /** By user id. */
  readonly avatars = new Map<string, AvatarChoice[]>();
  /** Answers a writer did not expect (the server was still up): each one is a failure. */
  readonly unexpected: string[] = [];

  /** How many writes of each kind the server acknowledged. */
  progress() {
    const count = <T>(items: Iterable<T>, acked: (item: T) => boolean) => [...items].filter(acked).length;
    return {
      tokensAndKeys: this.tokens.acked.size + this.keys.acked.size,
      inbox: count(this.inbox, (op) => op.acked),
      passwords: count([...this.passwords.values()].flat(), (r) => r.changeAcked),
      binds: count(this.binds, (b) => b.acked),
      avatars: count([...this.avatars.values()].flat(), (c) => c.acked),
    };
  }

  /** Whether every kind of write has been acknowledged a few times, so a kill now lands among them. */
  enough(): boolean {
    const p = this.progress();
    return p.tokensAndKeys >= 10 && p.inbox >= 10 && p.passwords >= 2 && p.binds >= 3 && p.avatars >= 2;
  }
}

/** Thrown by a writer on an answer it did not expect: it stops, and the journal says why. */
class Unexpected extends Error {}

const sessionHash = (browser: Client): string =>
  createHash('sha256')
    .update(browser.cookies.get(SESSION_COOKIE) ?? '')
    .digest('hex');

/**
 * Starts the writers against the server at `url`. Each loops until a request fails (the server
 * was killed) or it runs out of work; `done` settles when all have stopped.
 */
export function startCrashWriters(url: string, fixture: CrashFixture, journal: CrashJournal): Promise<unknown> {
  const expect = (answer: Answer, status: number, what: string) => {
    if (answer.status === status) return;
    journal.unexpected.push(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
    throw new Unexpected(what);
  };
  const signIn = async (username: string, password: string) => {
    const browser = new Client(url);
    expect(await browser.login(username, password), 200, `sign-in of ${username}`);
    return browser;
  };

  // A token or a key (each with its security notice), alternately.
  let n = 0;
  const tokensAndKeys = async () => {
    const browser = await signIn('demo', 'Demo@2026');
    for (;;) {
      const name = `kill-${n++}`;
      const token = n % 2 === 1;
      const outcomes = token ? journal.tokens : journal.keys;
      outcomes.sent.add(name);
      const answer = token
        ? await browser.post('/users/ajax/v1/tokens', {
            name,
            token_scopes: ['codeup:repository:read'],
            expires_at: new Date(Date.now() + 86_400_000 * 30).toISOString(),
          })
        : await browser.post('/codeup/api/v3/user/keys', { title: name, key: newEd25519PublicKey(), scope: 'read' });
      expect(answer, 201, `create ${name}`);
      outcomes.acked.add(name);
    }
  };

  // Single and batch deletes and mark-reads, each of messages nothing touched before.
  const shapes: Array<[InboxOp['kind'], number]> = [
    ['delete', 1],
    ['read', 1],
    ['read', 3],
    ['delete', 3],
  ];
  let taken = 0;
  const inbox = async () => {
    const browser = await signIn(fixture.inbox.username, PASSWORD);
    for (;;) {
      const [kind, size] = shapes[journal.inbox.length % shapes.length]!;
      const ids = fixture.inbox.messageIds.slice(taken, (taken += size));
      if (ids.length < size) return;
      const op: InboxOp = { kind, ids, acked: false };
      journal.inbox.push(op);
      const [id] = ids as [string];
      let answer: Answer;
      if (size === 1)
        answer =
          kind === 'delete'
            ? await browser.request('DELETE', `${INBOX}/${id}`)
            : await browser.post(`${INBOX}/${id}/read`);
      else answer = await browser.post(kind === 'delete' ? `${INBOX}:batchDelete` : `${INBOX}/read`, { ids });
      expect(answer, 200, `${kind} ${ids.length}`);
      op.acked = true;
    }
  };

  // Round i: two sign-ins with the current password, then change i from the second one.
  const passwords = async (account: Account) => {
    const rounds: PasswordRound[] = [];
    journal.passwords.set(account.id, rounds);
    for (let i = 0; ; i++) {
      const round: PasswordRound = { changeSent: false, changeAcked: false };
      rounds.push(round);
      round.other = sessionHash(await signIn(account.username, passwordAfter(i)));
      const actor = await signIn(account.username, passwordAfter(i));
      round.actor = sessionHash(actor);
      round.changeSent = true;
      const answer = await actor.put('/users/ajax/v1/my/password', {
        old_password: passwordAfter(i),
        new_password: passwordAfter(i + 1),
      });
      expect(answer, 200, `password change ${i} of ${account.username}`);
      round.changeAcked = true;
    }
  };

  // One bind per account of the pool (an account may ask for one activation mail a minute).
  let nextMail = 0;
  const binds = async () => {
    for (let account = fixture.mailUsers[nextMail++]; account; account = fixture.mailUsers[nextMail++]) {
      const browser = await signIn(account.username, PASSWORD);
      const bind: Bind = { userId: account.id, address: `${account.username}@example.com`, acked: false };
      journal.binds.push(bind);
      expect(await browser.post('/users/ajax/v1/my/emails:bind', { email: bind.address }), 200, `bind ${bind.address}`);
      bind.acked = true;
    }
  };

  const avatars = async (account: Account) => {
    const choices: AvatarChoice[] = [];
    journal.avatars.set(account.id, choices);
    const browser = await signIn(account.username, PASSWORD);
    for (let i = 0; ; i++) {
      const bytes = png(1 + (i % 5), 1 + (i % 3));
      const upload = await uploadAvatar(browser, bytes);
      expect(upload, 201, `avatar upload of ${account.username}`);
      const choice: AvatarChoice = { url: upload.body.url, size: bytes.byteLength, acked: false };
      choices.push(choice);
      expect(await browser.put('/individual/proxy/my/avatar', { avatar: choice.url }), 200, 'avatar choice');
      choice.acked = true;
    }
  };

  return Promise.allSettled([
    tokensAndKeys(),
    tokensAndKeys(),
    inbox(),
    inbox(),
    ...fixture.passwordUsers.map(passwords),
    binds(),
    binds(),
    ...fixture.avatarUsers.map(avatars),
  ]);
}
