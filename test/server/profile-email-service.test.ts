/**
 * §8 'email service not configured': a deployment without `SMTP_URL` and without the demo seed
 * keeps mail in an outbox that no page lists, so no mail could ever reach the user. Every call
 * whose point is a mail says so instead of pretending to send; the same deployment with an SMTP
 * server sends as usual.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../server/auth/password';
import type { Mail, Mailer } from '../../server/mail/mailer';
import { listMail } from '../../server/repos/outbox';
import { insertUsers } from '../../server/repos/users';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';

// No smtpUrl: mail would go to the outbox, and without the demo seed nobody can read it.
const server = useTestServer({ config: { seed: 'none', smtpUrl: undefined } });

const PASSWORD = 'Start@2026';
const BIND = '/users/ajax/v1/my/emails:bind';
const REBIND = '/users/ajax/v1/my/emails:rebind';
const ME = '/individual/proxy/me?with_email_info=true';
const NOT_CONFIGURED = 'The email service is not configured. Contact your organization administrator.';

async function newUser(options: { email?: string; riskCheck?: boolean } = {}) {
  const username = `ns_${randomBytes(4).toString('hex')}`;
  await insertUsers(server.deps.db, [
    {
      id: `u_${randomBytes(10).toString('hex')}`,
      username,
      name: username,
      email: options.email ?? null,
      email_verified: options.email !== undefined,
      password_hash: await hashPassword(PASSWORD),
      locale: 'en_US',
      risk_check: options.riskCheck ?? false,
    },
  ]);
  return username;
}

async function signedIn(username: string) {
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, PASSWORD)).status, 200);
  return browser;
}

const address = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.org`;

function assertNotConfigured(answer: { status: number; body: { code?: string; message?: string } }) {
  assert.equal(answer.status, 503);
  assert.equal(answer.body.code, 'email_service_not_configured');
  assert.equal(answer.body.message, NOT_CONFIGURED);
}

describe('given a deployment with no SMTP server and no outbox page', () => {
  it('confirms the outbox is not listed there', async () => {
    assert.equal(server.deps.mailer.kind, 'outbox');
    assert.equal((await new Client(server.url).get('/users/dev/outbox')).status, 404);
  });

  it('refuses to bind an email, storing, mailing and throttling nothing', async () => {
    const browser = await signedIn(await newUser());
    const to = address('bind');
    assertNotConfigured(await browser.post(BIND, { email: to }));
    assert.equal((await browser.get(ME)).body.email, null);
    assert.deepEqual(
      (await listMail(server.deps.db)).filter((m) => m.to === to),
      [],
    );
    const throttles = await server.deps.db.selectFrom('send_throttles').selectAll().execute();
    assert.deepEqual(throttles, []);
  });

  it('refuses to change the address or resend the link, keeping the address as it was', async () => {
    const current = address('current');
    const browser = await signedIn(await newUser({ email: current }));
    assertNotConfigured(await browser.post(REBIND, { email: address('new') }));
    assertNotConfigured(await browser.post(REBIND, { email: current }));
    assert.deepEqual((await browser.get(ME)).body.email, { address: current, verified: true });
  });

  it('says the same when a forgotten password needs its emailed code', async () => {
    const username = await newUser({ email: address('reset') });
    const browser = new Client(server.url);
    browser.cookies.set('ak_user_locale', 'en_US');
    await browser.pageSettings();
    assert.equal((await browser.get(`/users/ajax/users/${username}/check`)).status, 200);
    assertNotConfigured(await browser.post(`/users/ajax/users/${username}/emailCaptcha`));
  });

  it('says the same when a risk-checked sign-in needs its emailed code', async () => {
    const username = await newUser({ email: address('risk'), riskCheck: true });
    const browser = new Client(server.url);
    browser.cookies.set('ak_user_locale', 'en_US');
    await browser.pageSettings();
    const answer = await browser.post(
      '/users/ajax/login',
      { username, password: PASSWORD },
      { headers: { 'umid-token': 'umid-no-mail' } },
    );
    assertNotConfigured(answer);
    assert.equal((await browser.get('/individual/proxy/me')).status, 401);
  });

  it('still changes a password, with its message but no mail nobody could read', async () => {
    const to = address('password');
    const browser = await signedIn(await newUser({ email: to }));
    const answer = await browser.put('/users/ajax/v1/my/password', {
      old_password: PASSWORD,
      new_password: 'Later#2027',
    });
    assert.equal(answer.status, 200, answer.text);
    const listed = await browser.post('/users/ajax/v1/notifications/inbox/messages:list', { tab: 'all' });
    assert.deepEqual(
      listed.body.messages.map((m: { type: string }) => m.type),
      ['password_changed'],
    );
    assert.deepEqual(
      (await listMail(server.deps.db)).filter((m) => m.to === to),
      [],
    );
  });

  describe('when an SMTP server is configured', () => {
    it('binds and mails the link as usual', async () => {
      const sent: Mail[] = [];
      const smtp: Mailer = { kind: 'smtp', send: async (mail) => void sent.push(mail), close: () => {} };
      const outbox = server.deps.mailer;
      server.deps.mailer = smtp;
      try {
        const browser = await signedIn(await newUser());
        const to = address('smtp');
        const answer = await browser.post(BIND, { email: to });
        assert.equal(answer.status, 200, answer.text);
        assert.deepEqual(answer.body.email, { address: to, verified: false });
        assert.deepEqual(
          sent.map((m) => m.to),
          [to],
        );
        assert.match(sent[0]!.text, /\/users\/#\/users\/emails\?token=[A-Za-z0-9_-]{43}/);
      } finally {
        server.deps.mailer = outbox;
      }
    });
  });
});
