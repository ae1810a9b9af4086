/**
 * The risk check's code over real SMTP: nodemailer sends to an `smtp-server` receiver on
 * 127.0.0.1 (`SMTP_URL`), the test reads the code as a mailbox would and completes the sign-in.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { hashPassword } from '../../server/auth/password';
import { insertUsers } from '../../server/repos/users';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { plainText } from './helpers/mail';

let smtp: SMTPServer;
const inbox: Array<{ to: string[]; raw: string }> = [];

const server = useTestServer(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { config: { smtpUrl: `smtp://127.0.0.1:${port}` } };
});
after(() => new Promise<void>((resolve) => smtp.close(resolve)));

describe('given an account under the risk check and a real mail server', () => {
  it('mails the sign-in code over SMTP, and the code from the mailbox signs the user in', async () => {
    await insertUsers(server.deps.db, [
      {
        id: 'u_smtp0000000000000001',
        username: 'smtp_risky',
        name: 'Risky Mailbox',
        email: 'risky@mail.example',
        email_verified: true,
        password_hash: await hashPassword('Risky@2026'),
        locale: 'en_US',
        risk_check: true,
      },
    ]);
    const browser = new Client(server.url);
    await browser.pageSettings();
    const headers = { user_agent: 'smtp-test', 'umid-token': 'umid-smtp' };
    const answer = await browser.post(
      '/users/ajax/login',
      { username: 'smtp_risky', password: 'Risky@2026' },
      { headers },
    );
    assert.equal(answer.body.code, 'email_verification_required');
    assert.equal(answer.body.email, 'r***y@mail.example');

    const mail = inbox.find((m) => m.to.includes('risky@mail.example'));
    assert.ok(mail, 'the code arrived at the SMTP server');
    const text = plainText(mail.raw);
    const code = /verification code is (\d{6})/.exec(text)?.[1];
    assert.ok(code, text);
    const verified = await browser.post('/users/ajax/users/smtp_risky/emailCaptcha:verify', { code }, { headers });
    assert.equal(verified.status, 200, verified.text);
    assert.equal(verified.body.user.username, 'smtp_risky');
  });
});
