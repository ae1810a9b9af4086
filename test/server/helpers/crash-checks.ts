/**
 * What the database must hold after the server was killed among the writes of crash-writers.ts,
 * read straight from the tables (every row, no API page in between): each write either whole or
 * absent, every acknowledged one whole, and the invariants the schema leaves to the code (a
 * message and its stream event, a password and the sessions it ended, an address and its link,
 * an avatar and its stored bytes).
 */
import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { verifyPassword } from '../../../server/auth/password';
import type { Database } from '../../../server/db/schema';
import { EMAIL_NOTICE_TYPES } from '../../../server/profile/email';
import { PASSWORD_CHANGED } from '../../../server/profile/password';
import type { CrashFixture, CrashJournal } from './crash-writers';
import { passwordAfter } from './crash-writers';

type Db = Kysely<Database>;

/**
 * Checks every invariant; throws on the first broken one. Returns remarks on states that are
 * allowed but worth a line in the test's output.
 */
export async function checkCrashConsistency(db: Db, fixture: CrashFixture, journal: CrashJournal): Promise<string[]> {
  await checkMessageEvents(db, fixture);
  await checkTokensAndKeys(db, fixture, journal);
  await checkInbox(db, fixture, journal);
  await checkPasswords(db, fixture, journal);
  await checkBinds(db, fixture, journal);
  return checkAvatars(db, journal);
}

/** A message the server wrote has exactly one `message` event, and such an event its message
 * (no write of this run deletes a message the server wrote). */
async function checkMessageEvents(db: Db, fixture: CrashFixture) {
  const lonely = await db
    .selectFrom('messages as m')
    .leftJoin('message_events as e', (join) => join.onRef('e.message_id', '=', 'm.id').on('e.kind', '=', 'message'))
    .select(['m.id', 'm.sensitive_type', sql<number>`count(e.id)::int`.as('events')])
    .where('m.created_at', '>=', fixture.since)
    .groupBy(['m.id', 'm.sensitive_type'])
    .having(sql`count(e.id)`, '!=', 1)
    .execute();
  assert.deepEqual(lonely, [], 'messages without exactly one stream event');
  const orphans = await db
    .selectFrom('message_events as e')
    .leftJoin('messages as m', 'm.id', 'e.message_id')
    .select(['e.id', 'e.message_id'])
    .where('e.id', '>', fixture.lastEventId)
    .where('e.kind', '=', 'message')
    .where('m.id', 'is', null)
    .execute();
  assert.deepEqual(orphans, [], 'message events without their message');
}

/** Every token and key of the run is whole (hash, scopes; fingerprint, key) with exactly one
 * notice, every notice names one of them, and every acknowledged one is there. */
async function checkTokensAndKeys(db: Db, fixture: CrashFixture, journal: CrashJournal) {
  const userId = fixture.demo.id;
  const tokens = await db
    .selectFrom('access_tokens')
    .select(['name', 'token_hash', sql<number>`coalesce(cardinality(scopes), 0)`.as('scopes')])
    .where('user_id', '=', userId)
    .where('name', 'like', 'kill-%')
    .execute();
  for (const t of tokens) {
    assert.match(t.token_hash, /^[0-9a-f]{64}$/, `${t.name} has no hash`);
    assert.ok(t.scopes > 0, `${t.name} has no scopes`);
  }
  const keys = await db
    .selectFrom('ssh_keys')
    .select(['title', 'key', 'key_type', 'fingerprint'])
    .where('user_id', '=', userId)
    .where('title', 'like', 'kill-%')
    .execute();
  for (const k of keys) {
    assert.ok(k.fingerprint.length > 0 && k.key.startsWith(`${k.key_type} `), `${k.title} is half written`);
  }
  const stored = [...tokens.map((t) => t.name), ...keys.map((k) => k.title)].sort();
  assert.equal(new Set(stored).size, stored.length, 'a token or key stored twice');
  for (const name of [...journal.tokens.acked, ...journal.keys.acked])
    assert.ok(stored.includes(name), `${name} was lost`);
  for (const name of stored) {
    assert.ok(journal.tokens.sent.has(name) || journal.keys.sent.has(name), `${name} was never asked for`);
  }

  const notices = await db
    .selectFrom('messages')
    .select(['title', 'body', 'sensitive_type'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', fixture.since)
    .execute();
  const noticed = notices.flatMap((m) => {
    const name = /kill-\d+/.exec(`${m.title} ${m.body}`)?.[0];
    return name ? [name] : [];
  });
  assert.deepEqual(noticed.sort(), stored, 'tokens and keys against their notices');

  // The trigger-kept counter moved once per token written, no more (nothing else touched them).
  const user = await db.selectFrom('users').select('tokens_version').where('id', '=', userId).executeTakeFirstOrThrow();
  assert.equal(user.tokens_version, fixture.demo.tokensVersion + tokens.length, 'tokens_version');
}

/** Each delete or mark-read applied to all its messages or to none, with one `unread` event for
 * each one applied; acknowledged ones applied; messages nobody touched are still unread. */
async function checkInbox(db: Db, fixture: CrashFixture, journal: CrashJournal) {
  const rows = await db.selectFrom('messages').select(['id', 'read']).where('user_id', '=', fixture.inbox.id).execute();
  const state = new Map(rows.map((r) => [r.id, r.read ? 'read' : 'unread']));
  const stateOf = (id: string) => state.get(id) ?? 'gone';
  let applied = 0;
  const touched = new Set<string>();
  for (const op of journal.inbox) {
    const states = op.ids.map(stateOf);
    const done = states.every((s) => s === (op.kind === 'read' ? 'read' : 'gone'));
    assert.ok(
      done || states.every((s) => s === 'unread'),
      `${op.kind} of ${op.ids.join(', ')} half applied: ${states}`,
    );
    if (op.acked) assert.ok(done, `acknowledged ${op.kind} of ${op.ids.join(', ')} lost`);
    if (done) applied++;
    op.ids.forEach((id) => touched.add(id));
  }
  for (const id of fixture.inbox.messageIds) if (!touched.has(id)) assert.equal(stateOf(id), 'unread', id);
  const events = await db
    .selectFrom('message_events')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', fixture.inbox.id)
    .where('kind', '=', 'unread')
    .where('id', '>', fixture.lastEventId)
    .executeTakeFirstOrThrow();
  assert.equal(events.n, applied, 'one unread-count event per applied delete or mark-read');
}

/**
 * A password change applied whole or not at all: the number of notices says how many applied
 * (between those acknowledged and those sent), the hash is that many changes along, and the
 * sessions are exactly those the last applied change kept (its own) and those signed in later.
 */
async function checkPasswords(db: Db, fixture: CrashFixture, journal: CrashJournal) {
  for (const account of fixture.passwordUsers) {
    const rounds = journal.passwords.get(account.id) ?? [];
    const user = await db
      .selectFrom('users')
      .select(['password_hash', 'failed_attempts'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    const notices = await db
      .selectFrom('messages')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', account.id)
      .where('sensitive_type', '=', PASSWORD_CHANGED)
      .executeTakeFirstOrThrow();
    const applied = notices.n;
    const acked = rounds.filter((r) => r.changeAcked).length;
    const sent = rounds.filter((r) => r.changeSent).length;
    assert.ok(acked <= applied && applied <= sent, `${account.username}: ${applied} notices, ${acked}…${sent} changes`);
    assert.ok(
      await verifyPassword(user.password_hash, passwordAfter(applied)),
      `${account.username}: hash and notices`,
    );
    assert.equal(user.failed_attempts, 0, account.username);

    const alive = new Set(
      (await db.selectFrom('sessions').select('id_hash').where('user_id', '=', account.id).execute()).map(
        (s) => s.id_hash,
      ),
    );
    let keptKnown = 0;
    rounds.forEach((round, i) => {
      for (const [role, hash] of [
        ['other', round.other],
        ['actor', round.actor],
      ] as const) {
        if (!hash) continue;
        // Change i (made by round i's actor) ends every other session that exists then.
        const kept = applied === 0 || i >= applied || (i === applied - 1 && role === 'actor');
        assert.equal(alive.has(hash), kept, `${account.username}: session of round ${i} (${role})`);
        if (kept) keptKnown++;
      }
    });
    // A sign-in cut off by the kill may have stored a session whose cookie never came back.
    assert.ok(alive.size - keptKnown <= 1, `${account.username}: ${alive.size} sessions, ${keptKnown} known`);
  }
}

/**
 * A bind left its account either as it was (no address, no link, no notice) or with the address
 * unverified, exactly one live link for it and its one notice.
 */
async function checkBinds(db: Db, fixture: CrashFixture, journal: CrashJournal): Promise<void> {
  const ids = fixture.mailUsers.map((a) => a.id);
  const users = await db.selectFrom('users').select(['id', 'email', 'email_verified']).where('id', 'in', ids).execute();
  const links = await db
    .selectFrom('email_tokens')
    .select(['user_id', 'email', 'used_at'])
    .where('user_id', 'in', ids)
    .execute();
  const notices = await db
    .selectFrom('messages')
    .select(['user_id', 'sensitive_type'])
    .where('user_id', 'in', ids)
    .where('sensitive_type', 'in', Object.values(EMAIL_NOTICE_TYPES))
    .execute();
  const binds = new Map(journal.binds.map((b) => [b.userId, b]));
  for (const user of users) {
    const bind = binds.get(user.id);
    const own = links.filter((l) => l.user_id === user.id);
    const noticed = notices.filter((m) => m.user_id === user.id);
    assert.ok(
      noticed.every((m) => m.sensitive_type === EMAIL_NOTICE_TYPES.bind),
      `${user.id}: ${noticed}`,
    );
    if (user.email === null) {
      assert.ok(!bind?.acked, `acknowledged bind of ${bind?.address} lost`);
      assert.deepEqual([own.length, noticed.length, user.email_verified], [0, 0, false], `${user.id} half bound`);
      continue;
    }
    assert.equal(user.email, bind?.address, 'an address nobody asked for');
    assert.equal(user.email_verified, false, user.email);
    assert.deepEqual(
      own.map((l) => [l.email, l.used_at]),
      [[user.email, null]],
      `${user.email}: its one live link`,
    );
    // The notice is written in the address's own transaction (server/profile/email.ts noticeOf).
    assert.equal(noticed.length, 1, `${user.email}: stored with ${noticed.length} "email bound" notices`);
  }
}

/** A chosen avatar is an upload of its user with its stored bytes (and the uploads before it are
 * gone); every upload record has its bytes; an acknowledged choice is the avatar, or the one
 * chosen after it. Returns a remark on bytes left without a record (allowed: never served). */
async function checkAvatars(db: Db, journal: CrashJournal): Promise<string[]> {
  const bare = await db
    .selectFrom('avatars as a')
    .leftJoin('stored_objects as o', (join) => join.on(sql<boolean>`o.key = 'avatars/' || a.name`))
    .select('a.name')
    .where('o.key', 'is', null)
    .execute();
  assert.deepEqual(bare, [], 'avatar records without their stored bytes');
  for (const [userId, choices] of journal.avatars) {
    const user = await db.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirstOrThrow();
    const lastAcked = choices.findLastIndex((c) => c.acked);
    const allowed = [choices[lastAcked]?.url ?? null, choices[lastAcked + 1]?.url].filter((u) => u !== undefined);
    assert.ok(allowed.includes(user.avatar), `${userId}: avatar ${user.avatar}, expected one of ${allowed}`);
    if (user.avatar === null) continue;
    const name = user.avatar.split('/').pop()!;
    const upload = await db
      .selectFrom('avatars as a')
      .innerJoin('stored_objects as o', (join) => join.on(sql<boolean>`o.key = 'avatars/' || a.name`))
      .select(['a.size', 'a.created_at', sql<number>`length(o.data)`.as('bytes')])
      .where('a.name', '=', name)
      .where('a.user_id', '=', userId)
      .executeTakeFirst();
    assert.ok(upload, `${userId}: the chosen avatar ${name} has no upload record or no bytes`);
    assert.equal(upload.bytes, upload.size, `${name}: stored bytes`);
    const older = await db
      .selectFrom('avatars')
      .select('name')
      .where('user_id', '=', userId)
      .where('created_at', '<', upload.created_at)
      .execute();
    assert.deepEqual(older, [], `${userId}: uploads before the chosen avatar are still there`);
  }
  // Bytes are stored before their record and deleted after it, so a kill in between leaves bytes
  // nobody serves (readAvatar asks for the record).
  const { n } = await db
    .selectFrom('stored_objects as o')
    .leftJoin('avatars as a', (join) => join.on(sql<boolean>`o.key = 'avatars/' || a.name`))
    .select(sql<number>`count(*)::int`.as('n'))
    .where('o.key', 'like', 'avatars/%')
    .where('a.name', 'is', null)
    .executeTakeFirstOrThrow();
  return n > 0 ? [`${n} stored avatar file(s) without an upload record (never served)`] : [];
}
