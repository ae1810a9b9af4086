/**
 * Removing the avatar: `PUT /individual/proxy/my/avatar` with `{ "avatar": null }` clears it, so
 * the initials show again. The file stops being served, and is gone from the store (or, when the
 * store could not delete it, is a left-over the sweep removes). Only a signed-in browser may do
 * it, and only to its own avatar.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AVATAR_ORPHAN_GRACE_MS, sweepAvatarOrphans } from '../../server/profile/avatar';
import { storageFor } from '../../server/storage/index';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { uploadAvatar } from './helpers/avatars';
import { gif, png } from './helpers/profile-images';
import { inDays } from './helpers/tokens';

const server = useTestServer();

const AVATAR = '/individual/proxy/my/avatar';
const ME = '/individual/proxy/me';
const keyOf = (url: string) => `avatars/${new URL(url).pathname.split('/').pop()!}`;

async function signedIn(username: string, password: string) {
  const browser = new Client(server.url);
  browser.cookies.set('ak_user_locale', 'en_US');
  assert.equal((await browser.login(username, password)).status, 200);
  return browser;
}

/** Uploads a PNG a second after the last upload and makes it the avatar; returns its URL. */
async function chosenAvatar(browser: Client): Promise<string> {
  server.clock.advance(1000);
  const url = (await uploadAvatar(browser, png())).body.url as string;
  assert.equal((await browser.put(AVATAR, { avatar: url })).status, 200);
  return url;
}

describe('removing the avatar', () => {
  it('clears it, so /me has none, and stops serving and storing its file', async () => {
    const browser = await signedIn('alice', 'Alice@2026');
    const avatar = await chosenAvatar(browser);
    const answer = await browser.put(AVATAR, { avatar: null });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body, { avatar: null });
    assert.equal((await browser.get(ME)).body.avatar, null);
    assert.equal((await browser.get(`${ME}?with_email_info=true`)).body.avatar, null);
    assert.equal((await fetch(avatar)).status, 404);
    assert.equal(await storageFor(server.deps).get(keyOf(avatar)), undefined);
  });

  it('leaves a file the store kept to the sweep of left-overs, and a removed avatar cannot be chosen again', async () => {
    const browser = await signedIn('alice', 'Alice@2026');
    const avatar = await chosenAvatar(browser);
    assert.equal((await browser.put(AVATAR, { avatar: null })).status, 200);
    // What a store that could not delete at that moment leaves behind.
    const storage = storageFor(server.deps);
    await storage.put(keyOf(avatar), { bytes: png(), contentType: 'image/png' });
    assert.equal((await fetch(avatar)).status, 404, 'no upload record names it, so it is never served');
    const again = await browser.put(AVATAR, { avatar });
    assert.equal(again.status, 400);
    assert.equal(again.body.code, 'avatar_not_issued');
    server.clock.advance(AVATAR_ORPHAN_GRACE_MS + 60_000);
    assert.equal(await sweepAvatarOrphans(server.deps), 1);
    assert.equal(await storage.get(keyOf(avatar)), undefined);
  });

  it('keeps an upload made after the avatar, which another tab may still choose', async () => {
    const browser = await signedIn('alice', 'Alice@2026');
    await chosenAvatar(browser);
    server.clock.advance(1000);
    const later = (await uploadAvatar(browser, gif(), 'b.gif', 'image/gif')).body.url as string;
    assert.equal((await browser.put(AVATAR, { avatar: null })).status, 200);
    assert.equal((await fetch(later)).status, 200);
    assert.equal((await browser.put(AVATAR, { avatar: later })).status, 200);
    assert.equal((await browser.get(ME)).body.avatar, later);
  });

  it('answers the same when there is no avatar to remove', async () => {
    const browser = await signedIn('alice', 'Alice@2026');
    await chosenAvatar(browser);
    assert.equal((await browser.put(AVATAR, { avatar: null })).status, 200);
    const answer = await browser.put(AVATAR, { avatar: null });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { avatar: null });
  });

  it('leaves another user’s avatar alone', async () => {
    const alice = await signedIn('alice', 'Alice@2026');
    const demo = await signedIn('demo', 'Demo@2026');
    const demos = await chosenAvatar(demo);
    await chosenAvatar(alice);
    assert.equal((await alice.put(AVATAR, { avatar: null })).status, 200);
    assert.equal((await demo.get(ME)).body.avatar, demos);
    assert.equal((await fetch(demos)).status, 200);
  });

  it('still refuses a body that is not a URL or null', async () => {
    const browser = await signedIn('alice', 'Alice@2026');
    const avatar = await chosenAvatar(browser);
    for (const body of [{}, { avatar: '' }, { avatar: 0 }, { avatar: false }, { avatar: 'x'.repeat(2001) }]) {
      const answer = await browser.put(AVATAR, body);
      assert.equal(answer.status, 400, JSON.stringify(body).slice(0, 40));
    }
    assert.equal((await browser.get(ME)).body.avatar, avatar);
  });

  it('is refused to a token, even one with the whole personal account scope, and to no one', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const avatar = await chosenAvatar(demo);
    const created = await demo.post('/users/ajax/v1/my/tokens', {
      name: 'avatar remover',
      expires_at: inDays(server, 30),
      token_scopes: ['user'],
      created_at: server.clock.now().toISOString(),
    });
    assert.equal(created.status, 201, created.text);
    const viaToken = await fetch(server.url + AVATAR, {
      method: 'PUT',
      headers: { authorization: `Bearer ${created.body.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ avatar: null }),
    });
    assert.equal(viaToken.status, 403);
    assert.equal(((await viaToken.json()) as { code: string }).code, 'session_required');
    assert.equal((await new Client(server.url).put(AVATAR, { avatar: null })).status, 401);
    assert.equal((await demo.get(ME)).body.avatar, avatar);
    assert.equal((await fetch(avatar)).status, 200);
  });
});
