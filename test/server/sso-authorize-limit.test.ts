/**
 * The limits on starting an OpenID Connect flow, against a real `oidc-provider`: each `authorize`
 * stores a state (and, for a sign-in without a session, a pre-session the pre-session cap never
 * evicts while it holds one), so the sign-in's calls are counted per client address group (and,
 * with a higher cap, per network, which one holder of many IPv6 /64s cannot hop out of) and a
 * binding's per user. Past the limit the browser lands on a page that says so — the login failure
 * page, or the settings page with an error code — and nothing is stored; a person retrying a few
 * times never gets there. Time is the test server's fake clock.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  AUTHORIZE_LIMIT,
  AUTHORIZE_NETWORK_LIMIT,
  AUTHORIZE_WINDOW_MS,
  DEFAULT_AFTER_LOGIN,
} from '../../server/login/sso';
import { BIND_AUTHORIZE_LIMIT, STATE_TTL_MS } from '../../server/routes/identities';
import { useTestServer } from './helpers/server';
import { Client, ClientAt } from './helpers/client';
import { followProvider, startOidcProvider } from './helpers/oidc';
import type { TestOidcProvider } from './helpers/oidc';
import { addUser } from './helpers/tokens';

const LOGIN = '/users/ajax/v1/login';
const BIND = '/users/ajax/v1/my/identities';
const LIMITED = '/users/#/login/errors?reason=too-many-requests';
const SETTINGS = '/users/#/users/settings/third-party';

let provider: TestOidcProvider;

const server = useTestServer(
  async () => {
    provider = await startOidcProvider();
    const { issuer, clientId, clientSecret } = provider;
    return { config: { trustProxy: true, oidc: { dingtalk: { issuer, clientId, clientSecret } } } };
  },
  async (started) => {
    await provider.configure([`${started.url}${LOGIN}/dingtalk/callback`, `${started.url}${BIND}/dingtalk/callback`]);
    const db = started.deps.db;
    const demo = await db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
    await db
      .insertInto('identities')
      .values({
        provider: 'dingtalk',
        open_id: 'dt-demo',
        user_id: demo.id,
        name: 'Demo',
        bound_at: started.clock.now(),
      })
      .execute();
    await addUser(started, 'bob', 'Bob@20260');
  },
);
after(async () => {
  await provider?.close();
});

/** Where one `authorize` call of `browser` sends it: always a redirect, never a JSON answer. */
async function authorize(browser: Client, path = `${LOGIN}/dingtalk/authorize`): Promise<string> {
  const answer = await browser.get(path);
  assert.equal(answer.status, 302, answer.text);
  return answer.headers.get('location') ?? '';
}

/** Whether a location is the provider's sign-in (the flow started). */
const atProvider = (location: string) => location.startsWith(provider.issuer);

/** How many rows `table` holds. */
async function count(table: 'login_oidc_states' | 'oidc_states' | 'sessions'): Promise<number> {
  const row = await server.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Makes `limit` calls from fresh browsers (no cookie, so each opens a pre-session) at the
 * addresses `addressOf(i)`; each must start the flow. */
async function useUp(addressOf: (i: number) => string, limit = AUTHORIZE_LIMIT) {
  for (let i = 0; i < limit; i++) {
    const location = await authorize(new ClientAt(server.url, addressOf(i)));
    assert.ok(atProvider(location), `call ${i + 1} of ${limit}: ${location}`);
  }
}

describe('starting a sign-in through a provider', () => {
  it('lets a person retry a few times and still sign in', async () => {
    const browser = new ClientAt(server.url, '198.51.100.7');
    await browser.pageSettings();
    for (let i = 0; i < 4; i++) assert.ok(atProvider(await authorize(browser)));
    provider.account = { sub: 'dt-demo', name: 'Demo' };
    const callback = await followProvider(await authorize(browser), server.url);
    const done = await browser.get(callback.slice(server.url.length));
    assert.equal(done.status, 302);
    assert.equal(done.headers.get('location'), DEFAULT_AFTER_LOGIN);
    assert.equal((await browser.get('/individual/proxy/me')).body.username, 'demo');
  });

  it('sends a call past the limit of an address to the login failure page, storing nothing', async () => {
    await useUp(() => '203.0.113.9');
    const [states, sessions] = [await count('login_oidc_states'), await count('sessions')];
    const refused = new ClientAt(server.url, '203.0.113.9');
    assert.equal(await authorize(refused), LIMITED);
    assert.equal(refused.cookies.get('yx_sid'), undefined, 'no pre-session for a refused call');
    assert.equal(await count('login_oidc_states'), states, 'no state for a refused call');
    assert.equal(await count('sessions'), sessions);

    // A browser that kept its cookie is refused alike: the limit is the address's.
    const kept = new ClientAt(server.url, '203.0.113.9');
    await kept.pageSettings();
    assert.equal(await authorize(kept), LIMITED);
  });

  it('keeps counting other addresses apart, and lets the address start again in the next window', async () => {
    await useUp(() => '203.0.113.20');
    assert.equal(await authorize(new ClientAt(server.url, '203.0.113.20')), LIMITED);
    assert.ok(atProvider(await authorize(new ClientAt(server.url, '203.0.113.21'))), 'another address goes on');

    server.clock.advance(AUTHORIZE_WINDOW_MS);
    assert.ok(atProvider(await authorize(new ClientAt(server.url, '203.0.113.20'))), 'a new window');
  });

  it('counts the addresses of one IPv6 /64 together', async () => {
    await useUp((i) => `2001:db8:1:2::${(i + 1).toString(16)}`);
    assert.equal(await authorize(new ClientAt(server.url, '2001:db8:1:2:ffff::1')), LIMITED);
    assert.ok(atProvider(await authorize(new ClientAt(server.url, '2001:db8:1:3::1'))), 'another /64 goes on');
  });

  it('counts the /64s of one IPv6 /48 together under a higher cap, each /64 still under its own', async () => {
    // The /64s of 2001:db8:77::/48, numbered from 1; enough of them to reach the network's cap.
    const inSubnet = (subnet: number, host: number) => `2001:db8:77:${subnet.toString(16)}::${(host + 1).toString(16)}`;
    const full = Math.ceil(AUTHORIZE_NETWORK_LIMIT / AUTHORIZE_LIMIT);
    for (let subnet = 1; subnet <= full; subnet++) {
      const calls = Math.min(AUTHORIZE_LIMIT, AUTHORIZE_NETWORK_LIMIT - (subnet - 1) * AUTHORIZE_LIMIT);
      await useUp((i) => inSubnet(subnet, i), calls);
    }
    const [states, sessions] = [await count('login_oidc_states'), await count('sessions')];
    const fresh = new ClientAt(server.url, inSubnet(full + 1, 0));
    assert.equal(await authorize(fresh), LIMITED, 'a /64 the network has not used yet is refused');
    assert.equal(fresh.cookies.get('yx_sid'), undefined, 'no pre-session for a refused call');
    assert.equal(await count('login_oidc_states'), states, 'no state for a refused call');
    assert.equal(await count('sessions'), sessions);
    assert.equal(await authorize(new ClientAt(server.url, '2001:db8:77:ffff::1')), LIMITED, 'any /64 of the /48');

    // Another /48 goes on, and there each /64 still has its own, lower cap.
    await useUp((i) => `2001:db8:78:1::${(i + 1).toString(16)}`);
    assert.equal(await authorize(new ClientAt(server.url, '2001:db8:78:1::ffff')), LIMITED, 'the /64 cap holds');
    assert.ok(atProvider(await authorize(new ClientAt(server.url, '2001:db8:78:2::1'))), 'another /64 goes on');

    server.clock.advance(AUTHORIZE_WINDOW_MS);
    assert.ok(atProvider(await authorize(new ClientAt(server.url, inSubnet(full + 1, 0)))), 'a new window');
  });
});

describe('starting a binding', () => {
  /** A browser signed in as `username`. */
  async function signedIn(username: string, password: string) {
    const browser = new Client(server.url);
    const answer = await browser.login(username, password);
    assert.equal(answer.status, 200, answer.text);
    return browser;
  }

  it('sends a call past the user’s limit back to the settings page with an error, storing nothing', async () => {
    const bob = await signedIn('bob', 'Bob@20260');
    const path = `${BIND}/dingtalk/authorize`;
    for (let i = 0; i < BIND_AUTHORIZE_LIMIT; i++) {
      assert.ok(atProvider(await authorize(bob, path)), `call ${i + 1}`);
    }
    const states = await count('oidc_states');
    assert.equal(await authorize(bob, path), `${SETTINGS}?error=too_many_requests`);
    assert.equal(await count('oidc_states'), states, 'no state for a refused call');

    // The limit is bob's: another user binds on, from the same address.
    const demo = await signedIn('demo', 'Demo@2026');
    assert.ok(atProvider(await authorize(demo, path)));
    server.clock.advance(STATE_TTL_MS);
    assert.ok(atProvider(await authorize(bob, path)), 'once the window has passed');
  });
});
