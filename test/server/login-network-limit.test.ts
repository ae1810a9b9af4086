/**
 * Failed sign-ins per client network (login/signin.ts step 1): an IPv6 /64 gets
 * {@link ADDRESS_FAILURES}, and since whoever holds a /48 has 65,536 of them, all /64s of one /48
 * together get {@link NETWORK_FAILURES}; only failures a /64 lets through count for its /48.
 * Attempts sent all at once are held to the same limits as attempts sent one by one, and an
 * attempt that does not fail (a success, the slider asked for) does not count. Time is the test
 * server's fake clock.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS_FAILURES, NETWORK_FAILURES } from '../../server/login/signin';
import { useTestServer } from './helpers/server';
import { ClientAt } from './helpers/client';
import { addUser } from './helpers/tokens';

const server = useTestServer({ config: { trustProxy: true } });

/** A browser at `address` with its page settings open. */
async function browserAt(address: string): Promise<ClientAt> {
  const browser = new ClientAt(server.url, address);
  await browser.pageSettings();
  return browser;
}

let names = 0;
/** A wrong password for a name never used before (so neither the slider nor a freeze comes first). */
const wrong = (browser: ClientAt) =>
  browser.post('/users/ajax/login', { username: `nl_nobody_${names++}`, password: 'Wrong@2026' });

/** `count` failed sign-ins from `browser`, each answered 401. */
async function fail(browser: ClientAt, count: number) {
  for (let i = 0; i < count; i++) {
    const answer = await wrong(browser);
    assert.equal(answer.status, 401, `failure ${i + 1} of ${count}: ${answer.text}`);
  }
}

describe('failed sign-ins from one IPv6 /48', () => {
  it(`are counted together under ${NETWORK_FAILURES.limit}, only those each /64 lets through`, async () => {
    await addUser(server, 'nl_owner', 'Owner@2026');
    const inSubnet = (subnet: number) => `2001:db8:90:${subnet.toString(16)}::1`;
    const full = NETWORK_FAILURES.limit / ADDRESS_FAILURES.limit;
    // The first /64 goes on past its own limit: its refused attempts leave the network's room.
    const noisy = await browserAt(inSubnet(1));
    await fail(noisy, ADDRESS_FAILURES.limit);
    for (let i = 0; i < 10; i++) assert.equal((await wrong(noisy)).status, 429);
    for (let subnet = 2; subnet <= full; subnet++)
      await fail(await browserAt(inSubnet(subnet)), ADDRESS_FAILURES.limit);

    const fresh = await browserAt(inSubnet(full + 1));
    const refused = await fresh.post('/users/ajax/login', { username: 'nl_owner', password: 'Owner@2026' });
    assert.equal(refused.status, 429, 'a /64 the network has not used yet is refused, even the right password');
    assert.equal(refused.body.code, 'too_many_requests');
    assert.equal(refused.body.retry_after, NETWORK_FAILURES.windowMs / 1000);
    assert.equal((await wrong(await browserAt('2001:db8:90:abcd::5'))).status, 429, 'any /64 of the /48');
    const owner = await server.deps.db
      .selectFrom('users')
      .select('failed_attempts')
      .where('username', '=', 'nl_owner')
      .executeTakeFirstOrThrow();
    assert.equal(owner.failed_attempts, 0, 'the refused attempts were not counted for the account');

    // Another /48 goes on, and an IPv4 address is held by its own limit only.
    assert.equal((await wrong(await browserAt('2001:db8:91:1::1'))).status, 401);
    assert.equal((await wrong(await browserAt('192.0.2.90'))).status, 401);

    server.clock.advance(NETWORK_FAILURES.windowMs);
    const later = await fresh.post('/users/ajax/login', { username: 'nl_owner', password: 'Owner@2026' });
    assert.equal(later.status, 200, 'lifted once the window passed');
  });
});

describe('failed sign-ins sent all at once', () => {
  it(`get no more than ${ADDRESS_FAILURES.limit} past the password check`, async () => {
    const bot = await browserAt('2001:db8:92:1::1');
    const extra = 10;
    const answers = await Promise.all(Array.from({ length: ADDRESS_FAILURES.limit + extra }, () => wrong(bot)));
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((s) => s === 401).length, ADDRESS_FAILURES.limit, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 429).length, extra);
    server.clock.advance(ADDRESS_FAILURES.windowMs);
  });
});

describe('sign-ins that do not fail', () => {
  it('do not count: a success, or the slider asked for', async () => {
    await addUser(server, 'nl_person', 'Person@2026');
    const browser = await browserAt('198.51.100.90');
    await fail(browser, ADDRESS_FAILURES.limit - 4);
    for (let i = 0; i < 3; i++) {
      const answer = await browser.post('/users/ajax/login', { username: 'nl_ghost2', password: 'Wrong@2026' });
      assert.equal(answer.status, 401, answer.text);
    }
    for (let i = 0; i < 3; i++) {
      const slider = await browser.post('/users/ajax/login', { username: 'nl_ghost2', password: 'Wrong@2026' });
      assert.equal(slider.body.code, 'slider_required');
      const ok = await new ClientAt(server.url, '198.51.100.90').login('nl_person', 'Person@2026');
      assert.equal(ok.status, 200, ok.text);
    }
    assert.equal((await wrong(browser)).status, 401, 'the last failure the address may make');
    assert.equal((await wrong(browser)).status, 429);
  });
});
