/**
 * The per-address limit on activation mail: it keeps several accounts from flooding one mailbox,
 * but no other account can use it to keep a user from binding their own address.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../server/auth/password';
import { listMail } from '../../server/repos/outbox';
import { insertUsers } from '../../server/repos/users';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { BIND, ME, REBIND } from './helpers/email';

const server = useTestServer();

const PASSWORD = 'Start@2026';
const MINUTE = 60_000;

/** A new account without an address, signed in. */
async function newUser() {
  const username = `rt_${randomBytes(4).toString('hex')}`;
  await insertUsers(server.deps.db, [
    {
      id: `u_${randomBytes(10).toString('hex')}`,
      username,
      name: `Tester ${username}`,
      email: null,
      email_verified: false,
      password_hash: await hashPassword(PASSWORD),
      locale: 'en_US',
    },
  ]);
  return signedIn(username, PASSWORD);
}

async function signedIn(username: string, password: string) {
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, password)).status, 200);
  return browser;
}

const address = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.org`;
const mailsTo = async (to: string) => (await listMail(server.deps.db)).filter((m) => m.to === to).length;

describe('given another account asked for my address first', () => {
  it('still lets me change to it at once (demo asks for alice.work@example.com, then alice)', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const alice = await signedIn('alice', 'Alice@2026');
    const asked = await demo.post(REBIND, { email: 'alice.work@example.com' });
    assert.equal(asked.status, 200, asked.text);
    const own = await alice.post(REBIND, { email: 'alice.work@example.com' }, { headers: { 'accept-language': 'en' } });
    assert.equal(own.status, 200, own.text);
    assert.deepEqual((await alice.get(ME)).body.email, {
      address: 'alice@example.com',
      verified: true,
      pending: { address: 'alice.work@example.com', expired: false },
    });
    assert.equal(await mailsTo('alice.work@example.com'), 2);
  });

  it('lets me send my link every minute while another account keeps asking for it too', async () => {
    const mine = address('mine');
    const me = await newUser();
    const other = await newUser();
    for (let minute = 0; minute < 3; minute++) {
      assert.equal((await other.post(minute ? REBIND : BIND, { email: mine })).status, 200);
      const sent = await me.post(minute ? REBIND : BIND, { email: mine });
      assert.equal(sent.status, 200, `minute ${minute}: ${sent.text}`);
      server.clock.advance(MINUTE);
    }
    assert.equal(await mailsTo(mine), 6);
  });
});

describe('given several accounts asking for one address', () => {
  it('sends it at most three activation mails a minute, then says how long to wait', async () => {
    const target = address('flood');
    const accounts = [await newUser(), await newUser(), await newUser(), await newUser()];
    for (const [i, account] of accounts.slice(0, 3).entries()) {
      assert.equal((await account.post(BIND, { email: target })).status, 200, `account ${i}`);
      server.clock.advance(20_000);
    }
    // The first mail went 60 s ago: its slot is free again. The second went 40 s ago.
    assert.equal((await accounts[3]!.post(BIND, { email: target })).status, 200);
    const fifth = await newUser();
    const refused = await fifth.post(BIND, { email: target });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'email_too_frequent');
    assert.equal(refused.body.retry_after, 20, 'until the oldest of the mails in the last minute is a minute old');
    assert.equal(refused.body.message, 'Too many requests. Please try again after one minute.');
    assert.equal(await mailsTo(target), 4);
  });

  it('does not count a refused send against the account, which can mail another address at once', async () => {
    const target = address('busy');
    for (let i = 0; i < 3; i++) assert.equal((await (await newUser()).post(BIND, { email: target })).status, 200);
    const late = await newUser();
    assert.equal((await late.post(BIND, { email: target })).status, 429);
    const elsewhere = address('elsewhere');
    assert.equal((await late.post(BIND, { email: elsewhere })).status, 200);
    assert.equal(await mailsTo(elsewhere), 1);
    server.clock.advance(MINUTE);
    assert.equal(
      (await late.post(REBIND, { email: target })).status,
      200,
      'and the address takes mail again a minute later',
    );
  });

  it('still allows one mail a minute per account', async () => {
    const me = await newUser();
    assert.equal((await me.post(BIND, { email: address('one') })).status, 200);
    const again = await me.post(REBIND, { email: address('two') });
    assert.equal(again.status, 429);
    assert.equal(again.body.retry_after, 60);
  });
});
