/**
 * LDAP and Windows AD sign-in (issue 7) against a real OpenLDAP `slapd` (helpers/ldap.ts): the
 * directory checks the password, the person maps to a local account by username or email, and a
 * person without one gets `bound_account_not_found`. Skipped, with the reason printed, where
 * slapd cannot be installed.
 */
import { after, before, describe, it } from 'node:test';
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { person, startDirectory } from './helpers/ldap';
import type { TestDirectory } from './helpers/ldap';
import { startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';

let database: TestDatabase | undefined;
let server: TestServer | undefined;
let directory: TestDirectory | null = null;

before(async () => {
  directory = await startDirectory();
  if (!directory) return;
  directory.add(
    [
      person({ uid: 'alice', password: 'Ldap-Alice@1', mail: 'alice@example.com' }),
      person({ uid: 'l.demo', password: 'Ldap-Demo@1', mail: 'demo@example.com' }),
      person({ uid: 'ghost', password: 'Ldap-Ghost@1', mail: 'ghost@elsewhere.example' }),
      person({ uid: 'carol', password: 'Ldap-Carol@1' }),
    ].join('\n'),
  );
  database = await createTestDatabase();
  const { url, baseDn, bindDn, bindPassword } = directory;
  server = await startTestServer(database, {
    config: { ldap: { url, baseDn, userAttr: 'uid', bindDn, bindPassword, kinds: ['ldap', 'windows-ad'] } },
  });
});
after(async () => {
  await server?.close();
  await database?.dispose();
  await directory?.stop();
});

/** The running server, or a skipped test when slapd is unavailable. */
function ready(t: TestContext): TestServer | undefined {
  if (!server) t.skip('slapd is not available here');
  return server;
}

async function directoryLogin(s: TestServer, username: string, password: string, mode = 'ldap') {
  const browser = new Client(s.url);
  await browser.pageSettings();
  const answer = await browser.post(
    '/users/ajax/login',
    { username, password, mode },
    { headers: { user_agent: 'ldap-test', 'umid-token': 'umid-ldap' } },
  );
  return { browser, answer };
}

describe('given a directory with people, some of them with local accounts', () => {
  it('lists LDAP and Windows AD as sign-in modes', async (t) => {
    const s = ready(t);
    if (!s) return;
    const answer = await new Client(s.url).get('/users/ajax/v1/login/providers');
    assert.deepEqual(answer.body.ldap, { enabled: true, kinds: ['ldap', 'windows-ad'] });
  });

  it('signs a directory user in as the local account of the same username', async (t) => {
    const s = ready(t);
    if (!s) return;
    const { browser, answer } = await directoryLogin(s, 'alice', 'Ldap-Alice@1');
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.user.username, 'alice');
    assert.equal((await browser.get('/individual/proxy/me')).body.username, 'alice');
  });

  it('maps by email when the username differs, and takes Windows DOMAIN\\name logins', async (t) => {
    const s = ready(t);
    if (!s) return;
    const byMail = await directoryLogin(s, 'l.demo', 'Ldap-Demo@1');
    assert.equal(byMail.answer.body.user?.username, 'demo', byMail.answer.text);
    const ad = await directoryLogin(s, 'EXAMPLE\\alice', 'Ldap-Alice@1', 'windows-ad');
    assert.equal(ad.answer.body.user?.username, 'alice', ad.answer.text);
  });

  it('answers bound_account_not_found for a directory user without a local account', async (t) => {
    const s = ready(t);
    if (!s) return;
    const { browser, answer } = await directoryLogin(s, 'ghost', 'Ldap-Ghost@1');
    assert.equal(answer.status, 403);
    assert.equal(answer.body.code, 'bound_account_not_found');
    assert.equal((await browser.get('/individual/proxy/me')).status, 401);
  });

  it('refuses a wrong password, an unknown name and a wildcard alike', async (t) => {
    const s = ready(t);
    if (!s) return;
    const bodies = new Set<string>();
    for (const [name, password] of [
      ['alice', 'Ldap-Wrong@1'],
      ['nobody', 'Ldap-Alice@1'],
      ['*', 'Ldap-Alice@1'],
    ] as const) {
      const { answer } = await directoryLogin(s, name, password);
      assert.equal(answer.status, 401, `${name}: ${answer.text}`);
      const { requestId: _id, ...rest } = answer.body;
      bodies.add(JSON.stringify(rest));
    }
    assert.equal(bodies.size, 1);
  });

  it('still applies the risk check to the local account', async (t) => {
    const s = ready(t);
    if (!s) return;
    const { answer } = await directoryLogin(s, 'carol', 'Ldap-Carol@1');
    assert.equal(answer.body.code, 'email_verification_required');
  });

  it('says the directory is unavailable when it cannot be reached', async (t) => {
    const s = ready(t);
    if (!s) return;
    const ldap = s.deps.config.ldap!;
    const url = ldap.url;
    ldap.url = 'ldap://127.0.0.1:1';
    try {
      const { answer } = await directoryLogin(s, 'alice', 'Ldap-Alice@1');
      assert.equal(answer.status, 503);
      assert.equal(answer.body.code, 'ldap_unavailable');
    } finally {
      ldap.url = url;
    }
  });
});
