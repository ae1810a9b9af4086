/**
 * Accounts made for one test, and browsers that read the interface in a chosen language: for the
 * tests of what the server writes in which language (notices, mails).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../../server/auth/password';
import type { NewUser } from '../../../server/db/schema';
import { insertUsers } from '../../../server/repos/users';
import type { Locale } from '../../../src/core/settings';
import { Client } from './client';
import type { TestServer } from './server';

/** The password of every account made here. */
export const ACCOUNT_PASSWORD = 'Start@2026';

export interface Account {
  id: string;
  username: string;
  email: string;
}

/** A new account whose saved language is `saved`, with a verified address; `extra` sets other
 * columns (a risk check, a forced password change). */
export async function newAccount(server: TestServer, saved: Locale, extra: Partial<NewUser> = {}): Promise<Account> {
  const id = `u_${randomBytes(10).toString('hex')}`;
  const username = `acct_${randomBytes(4).toString('hex')}`;
  const email = `${username}@example.org`;
  await insertUsers(server.deps.db, [
    {
      id,
      username,
      name: username,
      email,
      email_verified: true,
      password_hash: await hashPassword(ACCOUNT_PASSWORD),
      locale: saved,
      ...extra,
    },
  ]);
  return { id, username, email };
}

/** A browser whose interface language is `reads` (the §4 cookie), with the page's pre-session. */
export async function browserReading(server: TestServer, reads: Locale): Promise<Client> {
  const browser = new Client(server.url);
  browser.cookies.set('ak_user_locale', reads);
  await browser.pageSettings();
  return browser;
}

/** A browser reading `reads`, signed in as `account`. */
export async function signedInReading(server: TestServer, account: Account, reads: Locale): Promise<Client> {
  const browser = await browserReading(server, reads);
  const answer = await browser.login(account.username, ACCOUNT_PASSWORD);
  assert.equal(answer.status, 200, answer.text);
  return browser;
}
