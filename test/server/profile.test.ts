import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clearSignInChecks, useTestServer } from './helpers/server';
import { Client } from './helpers/client';

// These tests are about other things than the sign-in checks of the seeded users.
const server = useTestServer({}, (started) => clearSignInChecks(started, 'dave'));

async function signedIn(username: string, password: string) {
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, password)).status, 200);
  return browser;
}

describe('the current user', () => {
  it('shows the profile, with the email only when asked for', async () => {
    const browser = await signedIn('demo', 'Demo@2026');
    const plain = await browser.get('/individual/proxy/me');
    assert.equal(plain.body.username, 'demo');
    assert.equal(plain.body.name, 'Demo User');
    assert.match(plain.body.id, /^u_[0-9a-f]{20}$/);
    assert.equal('email' in plain.body, false);
    assert.equal('password_hash' in plain.body, false);
    const withEmail = await browser.get('/individual/proxy/me?with_email_info=true');
    assert.deepEqual(withEmail.body.email, { address: 'demo@example.com', verified: true });
  });

  it('says when the user has no email', async () => {
    // dave's forced password change is cleared for this file; the login tests cover it.
    const dave = await signedIn('dave', 'Dave@2026');
    const me = await dave.get('/individual/proxy/me?with_email_info=true');
    assert.equal(me.body.email, null);
    assert.equal(me.body.mustChangePassword, false);
  });
});

describe('language preference', () => {
  it('round-trips through GET and PUT and sets the locale cookie', async () => {
    const browser = await signedIn('demo', 'Demo@2026');
    assert.deepEqual((await browser.get('/users/ajax/v1/my/preferences')).body, { language: 'zh_CN' });
    const saved = await browser.put('/users/ajax/v1/my/preferences', { language: 'en_US' });
    assert.equal(saved.status, 200);
    assert.deepEqual(saved.body, { language: 'en_US' });
    assert.equal(browser.cookies.get('ak_user_locale'), 'en_US');
    assert.deepEqual((await browser.get('/users/ajax/v1/my/preferences')).body, { language: 'en_US' });
    assert.equal((await browser.get('/individual/proxy/me')).body.language, 'en_US');
  });

  it('answers in the saved language when there is no locale cookie', async () => {
    const browser = await signedIn('alice', 'Alice@2026');
    const answer = await browser.put(
      '/users/ajax/v1/my/preferences',
      { language: 'xx' },
      {
        headers: { 'accept-language': 'zh-CN' },
      },
    );
    assert.equal(answer.body.message, 'This language is not supported', "alice's saved en_US beats Accept-Language");
  });

  it('accepts the form-encoded language call of the older suite API', async () => {
    const browser = await signedIn('alice', 'Alice@2026');
    const answer = await browser.request('PUT', '/api/ajax/teambition/api/users/language', {
      body: new URLSearchParams({ language: 'zh_CN' }),
    });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { language: 'zh_CN' });
    assert.deepEqual((await browser.get('/users/ajax/v1/my/preferences')).body, { language: 'zh_CN' });
    const bad = await browser.request('PUT', '/api/ajax/teambition/api/users/language', {
      body: new URLSearchParams({ language: 'klingon' }),
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.field, 'language');
  });
});

describe('member lookup', () => {
  it('turns ids into names for people who share an organization', async () => {
    const alice = await signedIn('alice', 'Alice@2026');
    const demo = await signedIn('demo', 'Demo@2026');
    const aliceId = (await alice.get('/individual/proxy/me')).body.id;
    const demoId = (await demo.get('/individual/proxy/me')).body.id;
    const answer = await demo.get(`/api/members/list?userIds=${aliceId},${demoId},u_missing`);
    assert.equal(answer.status, 200);
    assert.deepEqual(
      [...answer.body].sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)),
      [
        { _userId: aliceId, name: 'Alice Zhang' },
        { _userId: demoId, name: 'Demo User' },
      ],
    );
  });

  it('answers the organization route for members and refuses others', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const dave = await signedIn('dave', 'Dave@2026');
    const davesId = (await dave.get('/individual/proxy/me')).body.id;
    const settings = await demo.get('/users/ajax/v1/page-settings');
    const orgId = settings.body.organizationId;
    assert.match(orgId, /^org_/);
    const list = await demo.get(`/api/organizations/${orgId}/members/list?userIds=${davesId}`);
    assert.deepEqual(list.body, [{ _userId: davesId, name: 'Dave Wang' }]);
    const outsider = await dave.get(`/api/organizations/org_not_mine/members/list?userIds=${davesId}`);
    assert.equal(outsider.status, 403);
  });

  it('answers 400 naming userIds when none are given', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const answer = await demo.get('/api/members/list');
    assert.equal(answer.status, 400);
    assert.equal(answer.body.field, 'userIds');
  });
});
