/**
 * Who a wrong password freezes (audit h3 finding 1): a stranger who knows only a username can
 * freeze the account for browsers it does not know, but not for the owner's known device, which
 * has a count and freeze of its own; and one client address gets only so many failed sign-ins a
 * window, across all accounts, before a 429 (login/signin.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS_FAILURES } from '../../server/login/signin';
import { useTestServer } from './helpers/server';
import type { Client } from './helpers/client';
import { ClientAt } from './helpers/client';
import { addUser } from './helpers/tokens';
import { sliderToken } from './helpers/slider';

const server = useTestServer({ config: { trustProxy: true } });

/** A browser at `address` with its page settings open. */
async function browserAt(address: string): Promise<ClientAt> {
  const browser = new ClientAt(server.url, address);
  await browser.pageSettings();
  return browser;
}

/** One sign-in attempt, with a slider token when `slider`. */
async function attempt(browser: Client, username: string, password: string, slider = false) {
  const token = slider ? await sliderToken(browser, username) : undefined;
  return browser.post(
    '/users/ajax/login',
    { username, password, ...(token ? { slider_token: token } : {}) },
    { headers: { 'accept-language': 'en' } },
  );
}

/** Five wrong passwords as a browser the account does not know would send them; the fifth answer. */
async function fiveWrong(browser: Client, username: string) {
  for (let i = 0; i < 4; i++) {
    assert.equal((await attempt(browser, username, 'Wrong@2026', i >= 3)).body.code, 'account_or_password_incorrect');
  }
  return attempt(browser, username, 'Wrong@2026', true);
}

/** The owner's usual browser: it signed in to `username` once, then came back later with only
 * its device cookie (a new pre-session, as after a sign-out). */
async function knownDevice(username: string, password: string, address: string): Promise<ClientAt> {
  const first = await browserAt(address);
  assert.equal((await first.login(username, password)).status, 200);
  const later = new ClientAt(server.url, address);
  later.cookies.set('yx_did', first.cookies.get('yx_did')!);
  await later.pageSettings();
  return later;
}

describe('given a stranger who froze the account with five wrong passwords', () => {
  it('still lets the owner sign in from a known device, and keeps the freeze for everyone else', async () => {
    await addUser(server, 'fz_owner', 'Owner@2026');
    const owner = await knownDevice('fz_owner', 'Owner@2026', '198.51.100.10');

    const stranger = await browserAt('203.0.113.10');
    const fifth = await fiveWrong(stranger, 'fz_owner');
    assert.equal(fifth.status, 423);
    assert.equal(fifth.body.code, 'account_frozen');
    assert.equal((await attempt(stranger, 'fz_owner', 'Owner@2026')).body.code, 'account_frozen');

    const signedIn = await attempt(owner, 'fz_owner', 'Owner@2026');
    assert.equal(signedIn.status, 200, signedIn.text);
    assert.equal(signedIn.body.user.username, 'fz_owner');

    // The owner's success does not lift the freeze the stranger caused.
    assert.equal((await attempt(stranger, 'fz_owner', 'Owner@2026')).body.code, 'account_frozen');
    const newBrowser = await browserAt('198.51.100.10');
    const elsewhere = await attempt(newBrowser, 'fz_owner', 'Owner@2026');
    assert.equal(elsewhere.body.code, 'account_frozen', 'a browser the account does not know is frozen out');
  });

  it('checks the known device’s passwords: a wrong one is still refused', async () => {
    await addUser(server, 'fz_typo', 'Owner@2026');
    const owner = await knownDevice('fz_typo', 'Owner@2026', '198.51.100.11');
    await fiveWrong(await browserAt('203.0.113.11'), 'fz_typo');
    const wrong = await attempt(owner, 'fz_typo', 'Wrong@2026');
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.code, 'account_or_password_incorrect');
    assert.equal((await attempt(owner, 'fz_typo', 'Owner@2026')).status, 200);
  });
});

describe('given wrong passwords from the known device itself', () => {
  it('asks it for the slider after three and freezes it for an hour after five', async () => {
    await addUser(server, 'fz_self', 'Owner@2026');
    const owner = await knownDevice('fz_self', 'Owner@2026', '198.51.100.12');
    for (let i = 0; i < 3; i++) assert.equal((await attempt(owner, 'fz_self', 'Wrong@2026')).status, 401);
    assert.equal((await attempt(owner, 'fz_self', 'Owner@2026')).body.code, 'slider_required');
    assert.equal((await attempt(owner, 'fz_self', 'Wrong@2026', true)).status, 401);
    const fifth = await attempt(owner, 'fz_self', 'Wrong@2026', true);
    assert.equal(fifth.status, 423);
    assert.equal(fifth.body.code, 'account_frozen');
    assert.equal(Date.parse(fifth.body.frozenUntil) - server.clock.now().getTime(), 3600_000);
    const right = await attempt(owner, 'fz_self', 'Owner@2026', true);
    assert.equal(right.body.code, 'account_frozen', 'the device is frozen even with the right password');

    server.clock.advance(61 * 60_000);
    assert.equal((await attempt(owner, 'fz_self', 'Owner@2026')).status, 200, 'in again after the hour');
  });
});

describe('given one address that keeps failing', () => {
  it(`answers 429 after ${ADDRESS_FAILURES.limit} failed sign-ins, for its whole /64, until the window passes`, async () => {
    await addUser(server, 'fz_target', 'Target@2026');
    const bot = await browserAt('2001:db8:7:7::1');
    // A new name each time, so neither the slider nor a freeze stops it first.
    for (let i = 0; i < ADDRESS_FAILURES.limit; i++) {
      const answer = await attempt(bot, `fz_nobody_${i}`, 'Wrong@2026');
      assert.equal(answer.status, 401, `failure ${i + 1}: ${answer.text}`);
    }
    const blocked = await attempt(bot, 'fz_target', 'Target@2026');
    assert.equal(blocked.status, 429, 'refused before the password is looked at, even the right one');
    assert.equal(blocked.body.code, 'too_many_requests');
    assert.equal(blocked.body.retry_after, ADDRESS_FAILURES.windowMs / 1000);
    assert.equal(blocked.body.message, `Too many requests. Try again in ${ADDRESS_FAILURES.windowMs / 1000} s.`);
    const zh = await bot.post(
      '/users/ajax/login',
      { username: 'fz_target', password: 'Target@2026' },
      { headers: { 'accept-language': 'zh-CN' } },
    );
    assert.equal(zh.status, 429);
    assert.equal(zh.body.message, `请求过于频繁，请 ${ADDRESS_FAILURES.windowMs / 1000} 秒后重试`);
    const sameNet = await browserAt('2001:db8:7:7:abcd::99');
    assert.equal((await attempt(sameNet, 'fz_target', 'Target@2026')).status, 429, 'the same /64');
    // The 429s were not counted as failures of the account.
    const row = await server.database.db
      .selectFrom('users')
      .select('failed_attempts')
      .where('username', '=', 'fz_target')
      .executeTakeFirstOrThrow();
    assert.equal(row.failed_attempts, 0);

    const otherNet = await browserAt('2001:db8:7:8::1');
    assert.equal((await attempt(otherNet, 'fz_target', 'Target@2026')).status, 200, 'another /64 is not held');

    server.clock.advance(ADDRESS_FAILURES.windowMs - 60_000);
    const minuteLeft = await attempt(bot, 'fz_target', 'Target@2026');
    assert.equal(minuteLeft.status, 429);
    assert.equal(minuteLeft.body.retry_after, 60);
    server.clock.advance(60_000);
    assert.equal((await attempt(bot, 'fz_target', 'Target@2026')).status, 200, 'lifted once the window passed');
  });

  it('does not hold back a known device of the account at that address', async () => {
    await addUser(server, 'fz_neighbour', 'Owner@2026');
    const owner = await knownDevice('fz_neighbour', 'Owner@2026', '192.0.2.50');
    const neighbour = await browserAt('192.0.2.50');
    for (let i = 0; i < ADDRESS_FAILURES.limit; i++) await attempt(neighbour, `fz_ghost_${i}`, 'Wrong@2026');
    assert.equal((await attempt(neighbour, 'fz_neighbour', 'Owner@2026')).status, 429);
    assert.equal((await attempt(owner, 'fz_neighbour', 'Owner@2026')).status, 200);
  });
});
