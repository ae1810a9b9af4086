import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { followProvider, startOidcProvider } from './helpers/oidc';
import type { TestOidcProvider } from './helpers/oidc';
import { addUser } from './helpers/tokens';

const AJAX = '/users/ajax/v1/my/identities';
const SETTINGS = '/users/#/users/settings/third-party';

let provider: TestOidcProvider;

const server = useTestServer(
  async () => {
    provider = await startOidcProvider();
    const { issuer, clientId, clientSecret } = provider;
    return { config: { oidc: { dingtalk: { issuer, clientId, clientSecret } } } };
  },
  async (running) => {
    await provider.configure([`${running.url}${AJAX}/dingtalk/callback`]);
    await addUser(running, 'bob', 'Bob@20260');
  },
);
after(() => provider?.close());

async function signedIn(username: string, password: string) {
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, password)).status, 200);
  browser.cookies.set('ak_user_locale', 'en_US');
  return browser;
}

/** Starts a binding and walks through the provider; returns the callback path it sends back to. */
async function throughProvider(browser: Client, account: { sub: string; name: string }) {
  provider.account = account;
  const start = await browser.get(`${AJAX}/dingtalk/authorize`);
  assert.equal(start.status, 302);
  const location = start.headers.get('location')!;
  assert.ok(location.startsWith(provider.issuer), location);
  const url = new URL(location);
  assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
  assert.ok(url.searchParams.get('nonce'));
  const back = await followProvider(location, server.url);
  return back.slice(server.url.length);
}

/** Where the callback sends the browser. */
async function finish(browser: Client, callbackPath: string) {
  const answer = await browser.get(callbackPath);
  assert.equal(answer.status, 302);
  return answer.headers.get('location');
}

describe('the providers', () => {
  it('lists DingTalk as available and the unconfigured Lark as unavailable', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const answer = await demo.get(`${AJAX}/providers`);
    assert.deepEqual(answer.body, [
      { provider: 'dingtalk', name: 'DingTalk', available: true },
      { provider: 'lark', name: 'Lark', available: false },
    ]);
    for (const name of ['lark', 'github']) {
      const authorize = await demo.get(`${AJAX}/${name}/authorize`);
      assert.equal(authorize.status, 404);
      assert.equal(authorize.body.code, 'provider_unavailable');
    }
    assert.equal((await new Client(server.url).get(`${AJAX}/dingtalk/authorize`)).status, 401);
  });
});

describe('given a user binding their DingTalk account', () => {
  it('shows the bound account and the bound attributes, then unbinds it', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const callback = await throughProvider(demo, { sub: 'ding-demo', name: 'Demo at DingTalk' });
    assert.equal(await finish(demo, callback), `${SETTINGS}?bound=dingtalk`);
    const list = await demo.get('/individual/proxy/my/identities');
    assert.equal(list.body.length, 1);
    assert.deepEqual(
      { ...list.body[0], bound_at: undefined },
      { provider: 'dingtalk', open_id: 'ding-demo', name: 'Demo at DingTalk', bound_at: undefined },
    );
    assert.equal(list.body[0].bound_at, server.clock.now().toISOString());
    const attributes = { password: true, email: true, dingtalk: true, lark: false };
    assert.deepEqual((await demo.get('/users/ajax/v1/my/attributes:bind')).body, attributes);
    assert.deepEqual((await demo.get('/users/ajax/v1/credentials/default')).body, attributes);

    assert.equal((await demo.request('DELETE', `${AJAX}/dingtalk`)).status, 200);
    assert.deepEqual((await demo.get('/individual/proxy/my/identities')).body, []);
    assert.equal((await demo.get('/users/ajax/v1/my/attributes:bind')).body.dingtalk, false);
    const again = await demo.request('DELETE', `${AJAX}/dingtalk`);
    assert.equal(again.status, 404);
    assert.equal(again.body.code, 'identity_not_found');
  });

  it('refuses an account already bound to another user, writing nothing', async () => {
    const alice = await signedIn('alice', 'Alice@2026');
    const bob = await signedIn('bob', 'Bob@20260');
    const account = { sub: 'ding-shared', name: 'Shared' };
    assert.equal(await finish(alice, await throughProvider(alice, account)), `${SETTINGS}?bound=dingtalk`);
    assert.equal(await finish(bob, await throughProvider(bob, account)), `${SETTINGS}?error=identity_bound_elsewhere`);
    assert.deepEqual((await bob.get('/individual/proxy/my/identities')).body, []);
    const other = await throughProvider(alice, { sub: 'ding-second', name: 'Second' });
    assert.equal(await finish(alice, other), `${SETTINGS}?error=identity_already_bound`);
    const aliceList = (await alice.get('/individual/proxy/my/identities')).body;
    assert.deepEqual(
      aliceList.map((i: { open_id: string }) => i.open_id),
      ['ding-shared'],
    );
  });
});

describe('given a callback that does not belong to this browser', () => {
  it('refuses a changed state, another session and a replay', async () => {
    const bob = await signedIn('bob', 'Bob@20260');
    const callback = await throughProvider(bob, { sub: 'ding-bob', name: 'Bob' });
    const url = new URL(callback, server.url);
    const state = url.searchParams.get('state')!;
    url.searchParams.set('state', `${state.slice(0, -2)}xx`);
    assert.equal(await finish(bob, url.pathname + url.search), `${SETTINGS}?error=state_mismatch`);
    const stranger = await signedIn('demo', 'Demo@2026');
    assert.equal(await finish(stranger, callback), `${SETTINGS}?error=state_mismatch`);
    assert.deepEqual((await stranger.get('/individual/proxy/my/identities')).body, []);
    // Neither attempt could spend Bob's state: he still finishes, once.
    assert.equal(await finish(bob, callback), `${SETTINGS}?bound=dingtalk`);
    assert.equal(await finish(bob, callback), `${SETTINGS}?error=state_mismatch`);
    assert.equal((await bob.request('DELETE', `${AJAX}/dingtalk`)).status, 200);
  });

  it('refuses a binding whose PKCE verifier does not match the challenge', async () => {
    const bob = await signedIn('bob', 'Bob@20260');
    const callback = await throughProvider(bob, { sub: 'ding-bob', name: 'Bob' });
    await server.database.db
      .updateTable('oidc_states')
      .set({ code_verifier: 'x'.repeat(43) })
      .execute();
    assert.equal(await finish(bob, callback), `${SETTINGS}?error=token_exchange_failed`);
    assert.deepEqual((await bob.get('/individual/proxy/my/identities')).body, []);
  });

  it('refuses a binding that took longer than 10 minutes', async () => {
    const bob = await signedIn('bob', 'Bob@20260');
    const callback = await throughProvider(bob, { sub: 'ding-bob', name: 'Bob' });
    server.clock.advance(10 * 60_000 + 1);
    assert.equal(await finish(bob, callback), `${SETTINGS}?error=state_mismatch`);
  });

  it('binds when the same browser comes back in time', async () => {
    const bob = await signedIn('bob', 'Bob@20260');
    const callback = await throughProvider(bob, { sub: 'ding-bob', name: 'Bob' });
    assert.equal(await finish(bob, callback), `${SETTINGS}?bound=dingtalk`);
    assert.equal((await bob.get('/individual/proxy/my/identities')).body[0].open_id, 'ding-bob');
  });
});
