import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from './helpers/database';
import { startTestServer, useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { EVIL_SVG, gif, gifJsPolyglot, jpeg, png } from './helpers/profile-images';
import { padded, uploadAvatar as upload } from './helpers/avatars';

const server = useTestServer();

const UPLOAD = '/objects/ajax/avatars';
const MB = 1_048_576;

async function signedIn(username: string, password: string) {
  const browser = new Client(server.url);
  browser.cookies.set('ak_user_locale', 'en_US');
  assert.equal((await browser.login(username, password)).status, 200);
  return browser;
}

const pathOf = (url: string) => new URL(url).pathname;

describe('uploading an avatar', () => {
  for (const [kind, bytes, extension, type] of [
    ['PNG', png(2, 2), 'png', 'image/png'],
    ['GIF', gif(), 'gif', 'image/gif'],
    ['JPEG', jpeg(), 'jpg', 'image/jpeg'],
  ] as const) {
    it(`stores a real ${kind} under a server-chosen name and serves it safely`, async () => {
      const browser = await signedIn('demo', 'Demo@2026');
      const answer = await upload(browser, bytes, `../../etc/me.${extension}`, type);
      assert.equal(answer.status, 201, answer.text);
      const pattern = new RegExp(`^${server.url}/objects/avatars/[0-9a-f]{32}\\.${extension}$`);
      assert.match(answer.body.url, pattern);

      const served = await new Client(server.url).get(pathOf(answer.body.url));
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('content-type'), type);
      assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(served.headers.get('content-disposition'), 'inline');
      assert.match(served.headers.get('content-security-policy') ?? '', /default-src 'none'/);
      assert.match(served.headers.get('cache-control') ?? '', /max-age=31536000.*immutable/);
      const body = new Uint8Array(await (await fetch(answer.body.url)).arrayBuffer());
      assert.deepEqual(body, bytes);
    });
  }

  it('judges the type by the bytes, not by the name or declared type', async () => {
    const browser = await signedIn('demo', 'Demo@2026');
    const answer = await upload(browser, png(), 'photo.gif', 'image/gif');
    assert.match(answer.body.url, /\.png$/);
    assert.equal((await fetch(answer.body.url)).headers.get('content-type'), 'image/png');
  });

  it('refuses an SVG renamed to .png', async () => {
    const browser = await signedIn('demo', 'Demo@2026');
    const answer = await upload(browser, EVIL_SVG, 'cat.png', 'image/png');
    assert.equal(answer.status, 400);
    assert.equal(answer.body.code, 'avatar_invalid_type');
    assert.equal(answer.body.message, 'The avatar must be a JPG, JPEG, PNG or GIF image');
  });

  it('refuses text, an empty file and a cut-off header', async () => {
    const browser = await signedIn('demo', 'Demo@2026');
    for (const bytes of ['hello', new Uint8Array(0), png().slice(0, 20), gif().slice(0, 8)]) {
      const answer = await upload(browser, bytes);
      assert.equal(answer.status, 400);
      assert.equal(answer.body.code, 'avatar_invalid_type');
    }
  });

  it('serves a GIF/JS polyglot only as image/gif with nosniff, never as script', async () => {
    const browser = await signedIn('demo', 'Demo@2026');
    const answer = await upload(browser, gifJsPolyglot(), 'payload.js', 'text/javascript');
    assert.equal(answer.status, 201);
    assert.match(answer.body.url, /\.gif$/);
    const served = await fetch(answer.body.url);
    assert.equal(served.headers.get('content-type'), 'image/gif');
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
    assert.match(served.headers.get('content-security-policy') ?? '', /default-src 'none'/);
  });

  it('accepts exactly 1 MB and refuses 1 MB + 1 byte with the avatar message', async () => {
    const browser = await signedIn('demo', 'Demo@2026');
    assert.equal((await upload(browser, padded(png(), MB))).status, 201);
    const over = await upload(browser, padded(png(), MB + 1));
    assert.ok([400, 413].includes(over.status));
    assert.equal(over.body.code, 'avatar_too_large');
    assert.equal(over.body.message, 'The avatar cannot exceed 1 MB');
  });

  it('refuses a file far over the body limit with the same avatar message', async () => {
    const browser = await signedIn('demo', 'Demo@2026');
    const answer = await upload(browser, padded(png(), 3 * MB));
    assert.equal(answer.status, 413);
    assert.equal(answer.body.code, 'avatar_too_large');
  });

  it('refuses an image whose header claims more than 4096 × 4096 pixels', async () => {
    const browser = await signedIn('demo', 'Demo@2026');
    const answer = await upload(browser, png(1, 1, { width: 5000, height: 5000 }));
    assert.equal(answer.status, 400);
    assert.equal(answer.body.code, 'avatar_dimensions_too_large');
    assert.equal(answer.body.message, 'The image cannot be larger than 4096 × 4096 pixels');
    assert.equal((await upload(browser, png(1, 1, { width: 4096, height: 4096 }))).status, 201);
    assert.equal((await upload(browser, jpeg(8, 4104))).body.code, 'avatar_dimensions_too_large');
  });

  it('needs a file field and a signed-in user', async () => {
    const browser = await signedIn('demo', 'Demo@2026');
    const form = new FormData();
    form.append('picture', new Blob([png() as BlobPart]), 'a.png');
    const missing = await browser.request('POST', UPLOAD, { body: form });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.field, 'file');
    const json = await browser.post(UPLOAD, { file: 'x' });
    assert.equal(json.status, 400);
    const stranger = new Client(server.url);
    assert.equal((await upload(stranger, png())).status, 401);
  });

  it('answers 404 for names the server never gave', async () => {
    for (const path of ['/objects/avatars/0123456789abcdef0123456789abcdef.png', '/objects/avatars/..%2F..%2Fetc']) {
      assert.equal((await fetch(server.url + path)).status, 404);
    }
  });
});

describe('choosing the uploaded avatar', () => {
  it('sets it on the profile and deletes the previous one', async () => {
    const browser = await signedIn('alice', 'Alice@2026');
    const first = (await upload(browser, png())).body.url;
    assert.equal((await browser.put('/individual/proxy/my/avatar', { avatar: first })).status, 200);
    server.clock.advance(1000);
    const second = (await upload(browser, gif(), 'b.gif', 'image/gif')).body.url;
    const answer = await browser.put('/individual/proxy/my/avatar', { avatar: second });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.avatar, second);
    assert.equal((await browser.get('/individual/proxy/me')).body.avatar, second);
    assert.equal((await fetch(first)).status, 404);
    assert.equal((await fetch(second)).status, 200);
  });

  it('accepts only URLs this server issued to this user', async () => {
    const alice = await signedIn('alice', 'Alice@2026');
    const demo = await signedIn('demo', 'Demo@2026');
    const demos = (await upload(demo, png())).body.url;
    const name = pathOf(demos).split('/').pop();
    for (const avatar of [
      demos,
      `https://evil.example/objects/avatars/${name}`,
      'javascript:alert(1)',
      `${server.url}/objects/avatars/../avatars/${name}?x=1`,
    ]) {
      const answer = await alice.put('/individual/proxy/my/avatar', { avatar });
      assert.equal(answer.status, 400, avatar);
      assert.equal(answer.body.code, 'avatar_not_issued');
      assert.equal(answer.body.field, 'avatar');
    }
    assert.equal((await demo.put('/individual/proxy/my/avatar', { avatar: pathOf(demos) })).status, 200);
  });
});

describe('with STORAGE_DIR set', () => {
  it('keeps the files in that directory instead of the database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'yx-storage-'));
    const own = await createTestDatabase();
    const dirServer = await startTestServer(own, { config: { storageDir: dir } });
    try {
      const browser = new Client(dirServer.url);
      assert.equal((await browser.login('demo', 'Demo@2026')).status, 200);
      const answer = await upload(browser, jpeg());
      assert.equal(answer.status, 201);
      const name = pathOf(answer.body.url).split('/').pop()!;
      assert.ok(existsSync(join(dir, 'avatars', name)));
      assert.deepEqual(new Uint8Array(readFileSync(join(dir, 'avatars', name))), jpeg());
      const served = await fetch(answer.body.url);
      assert.equal(served.headers.get('content-type'), 'image/jpeg');
      assert.deepEqual(new Uint8Array(await served.arrayBuffer()), jpeg());
      const rows = await dirServer.deps.db.selectFrom('stored_objects').select('key').execute();
      assert.deepEqual(rows, []);
    } finally {
      await dirServer.close();
      await own.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
