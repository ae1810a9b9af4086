/**
 * Avatar files nobody will ever be served: bytes stored by an upload whose record was never
 * written (the process stopped in between), or left behind by a store that could not delete them.
 * They are removed once older than a grace period, judged by the store's own time; avatars,
 * uploads not chosen yet, and the files of uploads under way stay.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AVATAR_ORPHAN_GRACE_MS,
  AVATAR_ORPHAN_SWEEP_EVERY_MS,
  avatarSweepDone,
  sweepAvatarOrphans,
} from '../../server/profile/avatar';
import { databaseStorage } from '../../server/storage/database';
import { directoryStorage } from '../../server/storage/directory';
import { storageFor } from '../../server/storage/index';
import type { ObjectStorage } from '../../server/storage/index';
import { LIST_PAGE_SIZE } from '../../server/storage/types';
import { useTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';
import { uploadAvatar } from './helpers/avatars';
import { png } from './helpers/profile-images';
import { startTestBucket } from './helpers/s3';
import type { TestBucket } from './helpers/s3';

const CHOOSE = '/individual/proxy/my/avatar';
const MINUTE = 60_000;
const keyOf = (url: string) => `avatars/${new URL(url).pathname.split('/').pop()!}`;
/** Server-style keys of more files than one page of a store's listing holds. */
const moreThanAPage = () =>
  Array.from({ length: LIST_PAGE_SIZE + 2 }, () => `avatars/${randomBytes(16).toString('hex')}.png`);

async function signedIn(server: TestServer, username: string, password: string) {
  const browser = new Client(server.url);
  browser.cookies.set('ak_user_locale', 'en_US');
  assert.equal((await browser.login(username, password)).status, 200);
  return browser;
}

/** Uploads a PNG a second after the last one, then waits for any sweep the upload started;
 * returns its URL. */
async function uploadPng(server: TestServer, browser: Client): Promise<string> {
  server.clock.advance(1000);
  const answer = await uploadAvatar(browser, png());
  assert.equal(answer.status, 201, answer.text);
  await avatarSweepDone(server.deps.db);
  return answer.body.url as string;
}

/** What a stopped upload leaves: bytes under a name the server gives, and no record. */
async function storeUnrecorded(storage: ObjectStorage): Promise<string> {
  const key = `avatars/${randomBytes(16).toString('hex')}.png`;
  await storage.put(key, { bytes: png(), contentType: 'image/png' });
  return key;
}

describe('given avatars kept in the database', () => {
  const server = useTestServer();

  it('removes a left-over file once it is past the grace period, and keeps avatars and fresh files', async () => {
    const storage = storageFor(server.deps);
    const browser = await signedIn(server, 'demo', 'Demo@2026');
    const chosen = await uploadPng(server, browser);
    assert.equal((await browser.put(CHOOSE, { avatar: chosen })).status, 200);
    const spare = await uploadPng(server, browser);
    const leftOver = await storeUnrecorded(storage);
    server.clock.advance(AVATAR_ORPHAN_GRACE_MS / 2);
    const underWay = await storeUnrecorded(storage);
    server.clock.advance(AVATAR_ORPHAN_GRACE_MS / 2 + MINUTE);

    assert.equal(await sweepAvatarOrphans(server.deps), 1);
    assert.equal(await storage.get(leftOver), undefined, 'the left-over file is gone');
    assert.ok(await storage.get(underWay), 'a file younger than the grace period may be an upload under way');
    assert.ok(await storage.get(keyOf(chosen)), 'the avatar stays');
    assert.ok(await storage.get(keyOf(spare)), 'an upload not chosen yet stays');
    assert.equal((await fetch(chosen)).status, 200);
    assert.equal((await fetch(spare)).status, 200);
  });

  it('looks for left-over files after an upload, at most every few hours', async () => {
    const storage = storageFor(server.deps);
    const browser = await signedIn(server, 'alice', 'Alice@2026');
    const first = await storeUnrecorded(storage);
    server.clock.advance(AVATAR_ORPHAN_GRACE_MS + MINUTE);
    await uploadPng(server, browser);
    assert.equal(await storage.get(first), undefined, 'the upload swept');

    // Stored two days ago by the store's clock, found only by the next sweep that is due.
    const twoDaysAgo = new Date(server.clock.now().getTime() - 2 * AVATAR_ORPHAN_GRACE_MS);
    const second = await storeUnrecorded(databaseStorage(server.deps.db, { now: () => twoDaysAgo }));
    await uploadPng(server, browser);
    assert.ok(await storage.get(second), 'not swept again so soon');
    server.clock.advance(AVATAR_ORPHAN_SWEEP_EVERY_MS);
    await uploadPng(server, browser);
    assert.equal(await storage.get(second), undefined, 'swept once it was due');
  });

  it('finds left-over files beyond the first page of the listing', async () => {
    const keys = moreThanAPage();
    const stored = new Date(server.clock.now().getTime() - 2 * AVATAR_ORPHAN_GRACE_MS);
    await server.deps.db
      .insertInto('stored_objects')
      .values(keys.map((key) => ({ key, content_type: 'image/png', data: png(), created_at: stored })))
      .execute();
    assert.ok((await sweepAvatarOrphans(server.deps)) >= keys.length);
    const left = await server.deps.db.selectFrom('stored_objects').select('key').where('key', 'in', keys).execute();
    assert.deepEqual(left, []);
  });
});

describe('given avatars kept in a directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'yx-orphans-'));
  const server = useTestServer({ config: { storageDir: dir } });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** Sets the file's modification time, the directory store's own record of when it was stored. */
  const storedAt = (key: string, at: Date) => utimesSync(join(dir, key), at, at);

  it('removes a left-over file older than the grace period, and keeps avatars, fresh files and strangers', async () => {
    const storage = storageFor(server.deps);
    const browser = await signedIn(server, 'demo', 'Demo@2026');
    const chosen = await uploadPng(server, browser);
    assert.equal((await browser.put(CHOOSE, { avatar: chosen })).status, 200);
    const spare = await uploadPng(server, browser);
    const leftOver = await storeUnrecorded(storage);
    const underWay = await storeUnrecorded(storage);
    mkdirSync(join(dir, 'avatars'), { recursive: true });
    writeFileSync(join(dir, 'avatars', 'README'), 'put here by an operator');

    const now = server.clock.now().getTime();
    const old = new Date(now - AVATAR_ORPHAN_GRACE_MS - MINUTE);
    for (const key of [keyOf(chosen), keyOf(spare), leftOver, 'avatars/README']) storedAt(key, old);
    storedAt(underWay, new Date(now - AVATAR_ORPHAN_GRACE_MS / 2));

    assert.equal(await sweepAvatarOrphans(server.deps), 1);
    assert.ok(!existsSync(join(dir, leftOver)), 'the left-over file is gone');
    assert.ok(existsSync(join(dir, underWay)), 'a file younger than the grace period may be an upload under way');
    assert.ok(existsSync(join(dir, 'avatars', 'README')), 'a file the server did not name is not its to judge');
    assert.equal((await fetch(chosen)).status, 200);
    assert.equal((await fetch(spare)).status, 200);
  });

  it('removes the partial file of a write stopped past the grace period, and keeps one under way', async () => {
    mkdirSync(join(dir, 'avatars'), { recursive: true });
    const name = () => `${randomBytes(16).toString('hex')}.png`;
    const stopped = `avatars/${name()}.${randomBytes(6).toString('hex')}.tmp`;
    const writing = `avatars/${name()}.${randomBytes(6).toString('hex')}.tmp`;
    const foreign = 'avatars/backup of notes.txt.0123456789ab.tmp';
    for (const file of [stopped, writing, foreign]) writeFileSync(join(dir, file), png());
    const now = server.clock.now().getTime();
    storedAt(stopped, new Date(now - AVATAR_ORPHAN_GRACE_MS - MINUTE));
    storedAt(foreign, new Date(now - 2 * AVATAR_ORPHAN_GRACE_MS));
    storedAt(writing, new Date(now - MINUTE));

    assert.equal(await sweepAvatarOrphans(server.deps), 1);
    assert.ok(!existsSync(join(dir, stopped)), 'the stopped write is gone');
    assert.ok(existsSync(join(dir, writing)), 'a write under way stays');
    assert.ok(existsSync(join(dir, foreign)), 'a file the server did not name is not its to judge');
  });

  it('leaves no partial file when a write fails', async () => {
    const storage = directoryStorage(dir);
    const key = `avatars/${randomBytes(16).toString('hex')}.png`;
    // A directory where the file should go: the rename fails.
    mkdirSync(join(dir, key, 'in-the-way'), { recursive: true });
    await assert.rejects(storage.put(key, { bytes: png(), contentType: 'image/png' }));
    const stem = key.slice('avatars/'.length);
    assert.deepEqual(
      readdirSync(join(dir, 'avatars')).filter((file) => file.startsWith(stem) && file !== stem),
      [],
    );
    rmSync(join(dir, key), { recursive: true });
  });

  it('finds left-over files beyond the first page of the listing', async () => {
    const keys = moreThanAPage();
    const old = new Date(server.clock.now().getTime() - 2 * AVATAR_ORPHAN_GRACE_MS);
    for (const key of keys) {
      writeFileSync(join(dir, key), png());
      storedAt(key, old);
    }
    assert.ok((await sweepAvatarOrphans(server.deps)) >= keys.length);
    assert.deepEqual(
      keys.filter((key) => existsSync(join(dir, key))),
      [],
    );
  });
});

describe('given avatars kept in an S3 bucket', () => {
  let bucket: TestBucket;
  before(async () => {
    bucket = await startTestBucket('yx-orphans');
  });
  after(() => bucket.close());
  const server = useTestServer(() => ({ config: { s3: bucket.config() } }));

  it('keeps every file while it is younger than the grace period, then removes those no upload names', async () => {
    const storage = storageFor(server.deps);
    const browser = await signedIn(server, 'demo', 'Demo@2026');
    const chosen = await uploadPng(server, browser);
    assert.equal((await browser.put(CHOOSE, { avatar: chosen })).status, 200);
    const spare = await uploadPng(server, browser);
    const leftOver = await storeUnrecorded(storage);
    const all = [keyOf(chosen), keyOf(spare), leftOver].sort();

    // The bucket dates each object by its own clock (Last-Modified): the real time, which is where
    // the server's clock started, so only moving the server's clock on ages them.
    server.clock.advance(AVATAR_ORPHAN_GRACE_MS / 2);
    assert.equal(await sweepAvatarOrphans(server.deps), 0);
    assert.deepEqual(await bucket.keys(), all, 'a file younger than the grace period may be an upload under way');

    server.clock.advance(AVATAR_ORPHAN_GRACE_MS);
    assert.equal(await sweepAvatarOrphans(server.deps), 1);
    assert.deepEqual(await bucket.keys(), [keyOf(chosen), keyOf(spare)].sort());
    assert.ok(bucket.requests.some((r) => r.method === 'DELETE' && r.path === `/yx-orphans/${leftOver}`));
    assert.equal((await fetch(chosen)).status, 200);
    assert.equal((await fetch(spare)).status, 200);
  });

  it('finds left-over files beyond the first page of the listing', async () => {
    const keys = moreThanAPage();
    // Put straight into the bucket, a few at a time, as files a crashed server left.
    for (let i = 0; i < keys.length; i += 20) {
      const puts = keys.slice(i, i + 20).map((key) =>
        fetch(`${bucket.directEndpoint}/yx-orphans/${key}`, {
          method: 'PUT',
          headers: { 'content-type': 'image/png' },
          body: png() as BodyInit,
        }),
      );
      for (const put of await Promise.all(puts)) assert.equal(put.status, 200);
    }
    server.clock.advance(2 * AVATAR_ORPHAN_GRACE_MS);
    assert.equal(await sweepAvatarOrphans(server.deps), keys.length);
    const left = new Set(await bucket.keys());
    assert.deepEqual(
      keys.filter((key) => left.has(key)),
      [],
    );
    assert.ok(
      bucket.requests.some((r) => r.method === 'GET' && /[?&]marker=avatars%2F/.test(r.path)),
      'a second page',
    );
  });

  it('answers an upload without waiting for the sweep it starts, which logs why it failed', async () => {
    const browser = await signedIn(server, 'alice', 'Alice@2026');
    server.clock.advance(AVATAR_ORPHAN_SWEEP_EVERY_MS);
    const logsBefore = server.logs.length;
    // The listing hangs until the upload has been answered, then fails.
    let answered!: () => void;
    const until = new Promise<void>((resolve) => (answered = resolve));
    bucket.outage = { status: 503, code: 'SlowDown', method: 'GET', until };
    let url: string;
    try {
      server.clock.advance(1000);
      const upload = uploadAvatar(browser, png());
      const late = new Promise<'late'>((resolve) => setTimeout(resolve, 5000, 'late').unref());
      const answer = await Promise.race([upload, late]);
      assert.notEqual(answer, 'late', 'the upload waited for the sweep');
      assert.ok(answer !== 'late' && answer.status === 201, answer === 'late' ? '' : answer.text);
      url = answer.body.url as string;
    } finally {
      answered();
      await avatarSweepDone(server.deps.db);
      bucket.outage = undefined;
    }
    assert.ok(
      bucket.requests.some((r) => r.method === 'GET' && r.status === 503 && r.path.includes('prefix=avatars')),
      'the upload started a sweep, which could not list the bucket',
    );
    assert.equal((await browser.put(CHOOSE, { avatar: url })).status, 200);
    assert.equal((await fetch(url)).status, 200);
    const logged = server.logs.slice(logsBefore).join('\n');
    assert.match(logged, /left-over avatar files not swept/);
    assert.match(logged, /S3 LIST yx-orphans\/avatars\/: 503 SlowDown/);
    assert.ok(!logged.includes(bucket.secretAccessKey));
  });
});
