/**
 * End to end over real SMTP: the server sends through nodemailer to an `smtp-server` receiver on
 * 127.0.0.1, the test reads the mail as a mailbox would, follows the link's token and sees the
 * address verified.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { clearSignInChecks, useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { plainText } from './helpers/mail';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
const inbox: Received[] = [];
const PUBLIC_URL = 'https://devops.example.com';

const server = useTestServer(
  async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    return { config: { smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: PUBLIC_URL } };
  },
  // dave has no email, which is what this test needs; his forced password change is another story.
  (running) => clearSignInChecks(running, 'dave'),
);
after(() => new Promise<void>((resolve) => smtp.close(resolve)));

describe('binding an email over a real SMTP server', () => {
  it('mails the link, and following it verifies the address', async () => {
    const browser = new Client(server.url);
    assert.equal((await browser.login('dave', 'Dave@2026')).status, 200);
    assert.equal((await browser.get('/individual/proxy/me?with_email_info=true')).body.email, null);

    const to = 'dave.wang@example.net';
    const bound = await browser.post('/users/ajax/v1/my/emails:bind', { email: to });
    assert.equal(bound.status, 200, bound.text);
    assert.equal(server.deps.mailer.kind, 'smtp');

    assert.equal(inbox.length, 1);
    const mail = inbox[0]!;
    assert.deepEqual(mail.to, [to]);
    assert.match(mail.raw, /^To: dave\.wang@example\.net$/m);
    const text = plainText(mail.raw);
    // The link stands on a line of its own, so a mail client links exactly the URL.
    const link = /^https:\/\/\S+$/m.exec(text)?.[0] ?? '';
    assert.ok(link.startsWith(`${PUBLIC_URL}/users/#/users/emails?token=`), `PUBLIC_URL makes the link: ${text}`);
    const token = new URLSearchParams(link.slice(link.indexOf('?'))).get('token') ?? '';
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);

    // The link is opened in another browser: only the page's pre-session.
    const mailbox = new Client(server.url);
    await mailbox.pageSettings();
    const verified = await mailbox.post('/individual/proxy/my/email:verify', { token });
    assert.equal(verified.status, 200, verified.text);
    assert.deepEqual(verified.body, { email: { address: to, verified: true } });

    const me = await browser.get('/individual/proxy/me?with_email_info=true');
    assert.deepEqual(me.body.email, { address: to, verified: true });
  });
});
