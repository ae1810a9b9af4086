/**
 * Uploads that are never chosen cannot pile up: each user keeps their avatar and the newest few
 * other uploads; older ones lose their record and their bytes.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AVATAR_KEPT_UPLOADS } from '../../server/profile/avatar';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { clearSignInChecks, startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';
import { gif, png } from './helpers/profile-images';
import { padded, uploadAvatar as upload } from './helpers/avatars';

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

const CHOOSE = '/individual/proxy/my/avatar';
const nameOf = (url: string) => new URL(url).pathname.split('/').pop()!;

async function signedIn(server: TestServer, username: string, password: string) {
  const browser = new Client(server.url);
  browser.cookies.set('ak_user_locale', 'en_US');
  assert.equal((await browser.login(username, password)).status, 200);
  return browser;
}

/** Uploads a PNG one second after the previous upload, so "newest" is unambiguous; returns its URL. */
async function uploadLater(server: TestServer, browser: Client, bytes: Uint8Array = png()) {
  server.clock.advance(1000);
  const answer = await upload(browser, bytes);
  assert.equal(answer.status, 201, answer.text);
  return answer.body.url as string;
}

async function statusOf(url: string) {
  const answer = await fetch(url);
  await answer.arrayBuffer();
  return answer.status;
}

/** The names of the user's upload records, sorted. */
async function recordsOf(server: TestServer, username: string) {
  const rows = await server.deps.db
    .selectFrom('avatars')
    .innerJoin('users', 'users.id', 'avatars.user_id')
    .select('avatars.name')
    .where('users.username', '=', username)
    .execute();
  return rows.map((r) => r.name).sort();
}

/** The keys of the bytes kept in the database store, sorted. */
async function storedKeys(server: TestServer) {
  const rows = await server.deps.db.selectFrom('stored_objects').select('key').execute();
  return rows.map((r) => r.key).sort();
}

describe('given a user who keeps uploading without choosing', () => {
  it('keeps their avatar and the newest three other uploads, records and bytes, and no more', async () => {
    assert.equal(AVATAR_KEPT_UPLOADS, 3);
    const alice = await signedIn(server, 'alice', 'Alice@2026');
    const avatar = await uploadLater(server, alice);
    assert.equal((await alice.put(CHOOSE, { avatar })).status, 200);

    const uploads: string[] = [];
    for (let i = 0; i < 7; i++) uploads.push(await uploadLater(server, alice, padded(png(), 64 * 1024)));
    const kept = uploads.slice(-3);
    const gone = uploads.slice(0, -3);

    assert.equal(await statusOf(avatar), 200, 'the chosen avatar, the oldest upload, stays');
    for (const url of kept) assert.equal(await statusOf(url), 200, url);
    for (const url of gone) assert.equal(await statusOf(url), 404, url);
    const names = [avatar, ...kept].map(nameOf).sort();
    assert.deepEqual(await recordsOf(server, 'alice'), names);
    const keys = (await storedKeys(server)).filter((k) => [avatar, ...uploads].some((u) => k.endsWith(nameOf(u))));
    assert.deepEqual(keys, names.map((n) => `avatars/${n}`).sort(), 'the bytes of trimmed uploads are deleted');
    assert.equal((await alice.get('/individual/proxy/me')).body.avatar, avatar);
  });

  it('refuses to make a trimmed upload the avatar, and still accepts a kept one', async () => {
    const alice = await signedIn(server, 'alice', 'Alice@2026');
    const uploads: string[] = [];
    for (let i = 0; i < 5; i++) uploads.push(await uploadLater(server, alice));
    const trimmed = await alice.put(CHOOSE, { avatar: uploads[0] });
    assert.equal(trimmed.status, 400);
    assert.equal(trimmed.body.code, 'avatar_not_issued');
    assert.equal((await alice.put(CHOOSE, { avatar: uploads[2] })).status, 200);
    assert.equal((await alice.get('/individual/proxy/me')).body.avatar, uploads[2]);
    // Choosing drops the uploads made before the choice; the two made after it stay.
    assert.deepEqual(await recordsOf(server, 'alice'), uploads.slice(2).map(nameOf).sort());
  });

  it('always keeps the upload just made, even when uploads share a timestamp', async () => {
    const demo = await signedIn(server, 'demo', 'Demo@2026');
    for (let i = 0; i < 6; i++) {
      const answer = await upload(demo, gif(), 'a.gif', 'image/gif');
      assert.equal(answer.status, 201, answer.text);
      assert.equal(await statusOf(answer.body.url), 200, `upload ${i} is served right after it was made`);
    }
    assert.equal((await recordsOf(server, 'demo')).length, 3);
  });

  it("never touches another user's uploads", async () => {
    await clearSignInChecks(server, 'carol');
    const carol = await signedIn(server, 'carol', 'Carol@2026');
    const hers = await uploadLater(server, carol);
    const alice = await signedIn(server, 'alice', 'Alice@2026');
    for (let i = 0; i < 5; i++) await uploadLater(server, alice);
    assert.equal(await statusOf(hers), 200);
    assert.deepEqual(await recordsOf(server, 'carol'), [nameOf(hers)]);
  });
});

describe('with STORAGE_DIR set', () => {
  it('deletes the files of trimmed uploads from the directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'yx-storage-'));
    const own = await createTestDatabase();
    const dirServer = await startTestServer(own, { config: { storageDir: dir } });
    try {
      const demo = await signedIn(dirServer, 'demo', 'Demo@2026');
      const uploads: string[] = [];
      for (let i = 0; i < 5; i++) uploads.push(await uploadLater(dirServer, demo));
      assert.deepEqual(readdirSync(join(dir, 'avatars')).sort(), uploads.slice(-3).map(nameOf).sort());
      assert.ok(!existsSync(join(dir, 'avatars', nameOf(uploads[0]!))));
    } finally {
      await dirServer.close();
      await own.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
