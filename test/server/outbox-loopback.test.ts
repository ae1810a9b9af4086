/**
 * The demo outbox holds every sign-in code, reset code and activation link, so only this machine
 * may read it: judged by the TCP peer, never by a header the client writes. The demo usage
 * listing (every user's pages and failed calls) is kept to this machine the same way.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createApp } from '../../server/app';
import { renderMail } from '../../server/mail/templates';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';

const server = useTestServer({}, async (running) => {
  const recipient = { to: 'alice@example.com', name: 'Alice', locale: 'en_US', flavour: 'standard' } as const;
  await running.deps.mailer.send(renderMail('passwordReset', { code: '246810', minutes: 15 }, recipient));
});

/** The outbox as a client connected from `remoteAddress` sees it (the app with a stand-in socket). */
async function outboxFrom(
  remoteAddress: string | undefined,
  headers: Record<string, string> = {},
  trustProxy = false,
  path = '/users/dev/outbox',
) {
  const app = createApp({ ...server.deps, config: { ...server.deps.config, trustProxy } });
  const env = remoteAddress === undefined ? {} : { incoming: { socket: { remoteAddress } } };
  return app.request(path, { headers }, env);
}

describe('the demo outbox', () => {
  it('lists the mail, reset codes included, to a browser on this machine', async () => {
    const answer = await new Client(server.url).get('/users/dev/outbox');
    assert.equal(answer.status, 200);
    assert.ok(answer.body.some((m: { text: string }) => m.text.includes('246810')));
  });

  it('is there for every loopback address, IPv4, IPv6 and IPv4-mapped', async () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      assert.equal((await outboxFrom(address)).status, 200, address);
    }
  });

  it('is not found for a client on another machine, so nobody can read reset codes from afar', async () => {
    for (const address of ['203.0.113.7', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1']) {
      const answer = await outboxFrom(address);
      assert.equal(answer.status, 404, address);
      const body = await answer.text();
      assert.doesNotMatch(body, /246810/);
      assert.equal(JSON.parse(body).code, 'not_found');
    }
  });

  it('is not found when the client only claims to be local in a header', async () => {
    assert.equal((await outboxFrom('203.0.113.7', { host: 'localhost' })).status, 404);
    const claims = { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', host: 'localhost' };
    assert.equal((await outboxFrom('203.0.113.7', claims)).status, 404);
    assert.equal((await outboxFrom('203.0.113.7', claims, true)).status, 404, 'even behind a trusted proxy');
  });

  it('is not found through a reverse proxy on this machine, which connects from the loopback for others', async () => {
    assert.equal((await outboxFrom('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).status, 404);
    assert.equal((await outboxFrom('127.0.0.1', { forwarded: 'for=203.0.113.7' })).status, 404);
  });

  it('is not found when the peer cannot be known', async () => {
    assert.equal((await outboxFrom(undefined)).status, 404);
  });
});

describe('the demo usage listing', () => {
  const listingFrom = (address: string | undefined, headers: Record<string, string> = {}, trustProxy = false) =>
    outboxFrom(address, headers, trustProxy, '/users/dev/tracking');

  it('is there for this machine', async () => {
    assert.equal((await new Client(server.url).get('/users/dev/tracking')).status, 200);
    assert.equal((await listingFrom('::1')).status, 200);
  });

  it('is not found for another machine, a header claim, a local proxy or an unknown peer', async () => {
    assert.equal((await listingFrom('203.0.113.7')).status, 404);
    assert.equal((await listingFrom('203.0.113.7', { 'x-forwarded-for': '127.0.0.1' }, true)).status, 404);
    assert.equal((await listingFrom('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).status, 404);
    assert.equal((await listingFrom(undefined)).status, 404);
  });
});
