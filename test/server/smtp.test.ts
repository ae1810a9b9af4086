import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../../server/log';
import { smtpMailer } from '../../server/mail/mailer';
import { renderMail } from '../../server/mail/templates';

/** Just enough of an SMTP server to accept one message and hand back what it received. */
function fakeSmtpServer() {
  const received: string[] = [];
  const server = createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            data = false;
            socket.write('250 queued\r\n');
          } else received.push(line);
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n');
        else if (/^DATA/i.test(line)) {
          data = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, received };
}

describe('mail over SMTP', () => {
  it('sends through the SMTP server in SMTP_URL and logs no body', async () => {
    const { server, received } = fakeSmtpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const logs: string[] = [];
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, createLogger({ sink: (l) => logs.push(l) }));
    try {
      const mail = renderMail(
        'loginCode',
        { code: '987654', minutes: 10 },
        {
          to: 'carol@example.com',
          name: 'Carol Li',
          locale: 'en_US',
          flavour: 'standard',
        },
      );
      await mailer.send(mail);
      const message = received.join('\n');
      assert.match(message, /^To: carol@example\.com$/m);
      assert.match(message, /^Subject: Your Yunxiao verification code$/m);
      assert.match(message, /987654/);
      assert.equal(mailer.kind, 'smtp');
      assert.ok(logs.some((l) => l.includes('"mail sent"')));
      assert.ok(!logs.join('\n').includes('987654'), 'the code is not logged');
    } finally {
      mailer.close();
      server.close();
    }
  });
});
