/**
 * Removing the avatar in one tab while another tab chooses a new one at the same instant: the two
 * take the user's row lock one after the other, so the end is always one of the two orders —
 * the new avatar kept with its upload record, or no avatar and no upload record — and never a
 * spare upload record that neither request meant to keep.
 *
 * PGlite is one connection that a transaction holds from BEGIN to COMMIT (pglite-dialect.ts), so
 * the two can never interleave there and this test only checks the outcome. On PostgreSQL
 * (`DATABASE_URL`, as CI runs the server tests too) they run on separate connections, where a
 * removal that read the avatar before taking the lock used to leave the new upload behind.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chooseAvatar, clearAvatar } from '../../server/profile/avatar';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { uploadAvatar } from './helpers/avatars';
import { gif, png } from './helpers/profile-images';

const server = useTestServer();

const AVATAR = '/individual/proxy/my/avatar';
const ME = '/individual/proxy/me';
const ROUNDS = 40;
const nameOf = (url: string) => new URL(url).pathname.split('/').pop()!;

async function signedIn(username: string, password: string) {
  const browser = new Client(server.url);
  browser.cookies.set('ak_user_locale', 'en_US');
  assert.equal((await browser.login(username, password)).status, 200);
  return browser;
}

/** Uploads an image a second after the last one; returns its URL. */
async function upload(browser: Client, bytes = png()): Promise<string> {
  server.clock.advance(1000);
  const answer = await uploadAvatar(browser, bytes);
  assert.equal(answer.status, 201, answer.text);
  return answer.body.url as string;
}

/** The user's avatar URL and the names of their upload records, straight from the database. */
async function stateOf(userId: string) {
  const db = server.deps.db;
  const user = await db.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('avatars').select('name').where('user_id', '=', userId).execute();
  return { avatar: user.avatar, uploads: rows.map((r) => r.name).sort() };
}

/** One of the two orders, and nothing in between. */
function assertOneOrder(state: { avatar: string | null; uploads: string[] }, chosen: string, round: number) {
  const removedLast = { avatar: null, uploads: [] };
  const chosenLast = { avatar: chosen, uploads: [nameOf(chosen)] };
  assert.ok(
    [removedLast, chosenLast].some((end) => JSON.stringify(end) === JSON.stringify(state)),
    `round ${round}: ${JSON.stringify(state)} is neither removed-last nor chosen-last`,
  );
}

describe('removing the avatar while another tab chooses one', () => {
  it('ends in one order or the other through the API, with no spare upload record', async () => {
    const browser = await signedIn('alice', 'Alice@2026');
    const other = await signedIn('alice', 'Alice@2026');
    const userId = (await browser.get(ME)).body.id as string;
    for (let round = 0; round < ROUNDS; round++) {
      const current = await upload(browser);
      assert.equal((await browser.put(AVATAR, { avatar: current })).status, 200);
      const next = await upload(other, gif());
      const [removed, chosen] = await Promise.all([
        browser.put(AVATAR, { avatar: null }),
        other.put(AVATAR, { avatar: next }),
      ]);
      assert.equal(removed.status, 200, removed.text);
      assert.equal(chosen.status, 200, chosen.text);
      const state = await stateOf(userId);
      assertOneOrder(state, next, round);
      assert.equal((await browser.get(ME)).body.avatar, state.avatar);
      assert.equal((await fetch(next)).status, state.avatar ? 200 : 404);
    }
  });

  it('ends in one order or the other when the two run side by side in the server', async () => {
    const browser = await signedIn('demo', 'Demo@2026');
    const userId = (await browser.get(ME)).body.id as string;
    const origin = new URL(server.url).origin;
    for (let round = 0; round < ROUNDS; round++) {
      const current = await upload(browser);
      assert.equal((await browser.put(AVATAR, { avatar: current })).status, 200);
      const next = await upload(browser, gif());
      await Promise.all([clearAvatar(server.deps, userId), chooseAvatar(server.deps, userId, next, origin)]);
      assertOneOrder(await stateOf(userId), next, round);
    }
  });
});
