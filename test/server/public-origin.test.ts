/**
 * The origin of links that leave the request (server/profile/origin.ts): a forged `Host` header
 * must never reach an emailed link or an avatar URL. PUBLIC_URL wins; without it only a loopback
 * Host is believed, anything else gets the server's own address and one warning in the log.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Context } from 'hono';
import { hashPassword } from '../../server/auth/password';
import type { AppEnv } from '../../server/context';
import { publicOrigin } from '../../server/profile/origin';
import type { OriginConfig } from '../../server/profile/origin';
import { AVATAR_UPLOAD_PATH } from '../../server/profile/avatar';
import { listMail } from '../../server/repos/outbox';
import { insertUsers } from '../../server/repos/users';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';
import { BIND, ME } from './helpers/email';
import { png } from './helpers/profile-images';

let database: TestDatabase;
let server: TestServer;

before(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database);
});
after(async () => {
  await server.close();
  await database.dispose();
});

const EVIL = 'evil.example';
const PASSWORD = 'Start@2026';
const WARNING = 'PUBLIC_URL not set';

/** A new account (so one test's mail throttle never touches another), signed in on `on`. */
async function newUser(on: TestServer = server) {
  const username = `po_${randomBytes(4).toString('hex')}`;
  await insertUsers(on.deps.db, [
    {
      id: `u_${randomBytes(10).toString('hex')}`,
      username,
      name: username,
      email: null,
      email_verified: false,
      password_hash: await hashPassword(PASSWORD),
      locale: 'en_US',
    },
  ]);
  const browser = new Client(on.url);
  assert.equal((await browser.login(username, PASSWORD)).status, 200);
  return browser;
}

interface RawAnswer {
  status: number;
  body: any;
}

/** A request with a `Host` of the caller's choosing (fetch does not let a page set one). */
function rawRequest(
  on: TestServer,
  browser: Client,
  method: string,
  path: string,
  options: { host: string; headers?: Record<string, string>; body?: Buffer | string },
): Promise<RawAnswer> {
  const body = options.body ?? '';
  const headers: Record<string, string | number> = {
    cookie: browser.cookieHeader,
    'x-csrf-token': browser.csrfToken,
    'content-length': Buffer.byteLength(body),
    ...options.headers,
    host: options.host,
  };
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: on.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Asks for an activation mail to a new address under `host`; returns the link mailed. */
async function mailedLink(on: TestServer, host: string, headers: Record<string, string> = {}) {
  const browser = await newUser(on);
  const to = `po-${randomBytes(4).toString('hex')}@example.org`;
  const json = JSON.stringify({ email: to });
  const answer = await rawRequest(on, browser, 'POST', BIND, {
    host,
    headers: { 'content-type': 'application/json', ...headers },
    body: json,
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const text = (await listMail(on.deps.db)).filter((m) => m.to === to).at(-1)?.text ?? '';
  const link = /https?:\/\/\S+token=[\w-]+/.exec(text)?.[0];
  assert.ok(link, text);
  return link;
}

/** Uploads a PNG and makes it the avatar, both under `host`; returns both URLs and the stored one. */
async function avatarUnder(on: TestServer, host: string, headers: Record<string, string> = {}) {
  const browser = await newUser(on);
  const boundary = `b${randomBytes(8).toString('hex')}`;
  const form = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.from(png()),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await rawRequest(on, browser, 'POST', AVATAR_UPLOAD_PATH, {
    host,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
    body: form,
  });
  assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
  const chosen = await rawRequest(on, browser, 'PUT', '/individual/proxy/my/avatar', {
    host,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ avatar: uploaded.body.url }),
  });
  assert.equal(chosen.status, 200, JSON.stringify(chosen.body));
  const stored = (await browser.get(ME)).body.avatar as string;
  return { uploaded: uploaded.body.url as string, chosen: chosen.body.avatar as string, stored };
}

const warnings = (on: TestServer) => on.logs.filter((line) => line.includes(WARNING));

describe('without PUBLIC_URL', () => {
  it('never mails a link to a forged Host: the server’s own address instead, and one warning', async () => {
    const link = await mailedLink(server, EVIL);
    assert.ok(link.startsWith(`${server.url}/users/#/users/emails?token=`), link);
    assert.ok(!link.includes(EVIL));
    // a forged Host with the server's port, and one the proxy header would turn into https
    const again = await mailedLink(server, `${EVIL}:${server.port}`, { 'x-forwarded-proto': 'https' });
    assert.ok(again.startsWith(`${server.url}/`), again);
    const logged = warnings(server);
    assert.equal(logged.length, 1, 'warned once, not per request');
    assert.equal(JSON.parse(logged[0]!).level, 'warn');
    assert.ok(!logged[0]!.includes(EVIL), 'the client’s Host is not echoed into the log');
  });

  it('never issues or stores an avatar URL on a forged Host', async () => {
    const { uploaded, chosen, stored } = await avatarUnder(server, EVIL);
    for (const url of [uploaded, chosen, stored]) {
      assert.ok(url.startsWith(`${server.url}/objects/avatars/`), url);
    }
  });

  it('still follows a loopback Host (the demo on one machine), with https when a proxy says so', async () => {
    const port = server.port;
    for (const host of [`localhost:${port}`, `127.0.0.2:${port}`, `[::1]:${port}`]) {
      const link = await mailedLink(server, host);
      assert.ok(link.startsWith(`http://${host}/users/#/users/emails?token=`), link);
    }
    const https = await mailedLink(server, `localhost:${port}`, { 'x-forwarded-proto': 'https' });
    assert.ok(https.startsWith(`https://localhost:${port}/`), https);
    const avatar = await avatarUnder(server, `localhost:${port}`);
    assert.ok(avatar.stored.startsWith(`http://localhost:${port}/objects/avatars/`), avatar.stored);
  });

  it('does not take a name that only starts or ends like the loopback', async () => {
    for (const host of ['localhost.evil.example', '127.0.0.1.evil.example', 'evil-localhost']) {
      const link = await mailedLink(server, host);
      assert.ok(link.startsWith(`${server.url}/`), `${host}: ${link}`);
    }
  });
});

describe('behind a trusted proxy without PUBLIC_URL', () => {
  let proxied: TestServer;
  before(async () => {
    proxied = await startTestServer(database, { config: { trustProxy: true } });
  });
  after(async () => {
    await proxied.close();
  });

  it('uses the server’s own address with the proxy’s scheme, and its avatar URLs still check out', async () => {
    const own = proxied.url.replace('http:', 'https:');
    const link = await mailedLink(proxied, EVIL, { 'x-forwarded-proto': 'https' });
    assert.ok(link.startsWith(`${own}/users/`), link);
    const { uploaded, chosen, stored } = await avatarUnder(proxied, EVIL, { 'x-forwarded-proto': 'https' });
    for (const url of [uploaded, chosen, stored]) assert.ok(url.startsWith(`${own}/objects/avatars/`), url);
    assert.equal(warnings(proxied).length, 1);
  });
});

describe('with PUBLIC_URL', () => {
  const PUBLIC_URL = 'https://devops.example.com:8443';
  let configured: TestServer;
  before(async () => {
    configured = await startTestServer(database, { config: { publicUrl: PUBLIC_URL } });
  });
  after(async () => {
    await configured.close();
  });

  it('always uses it, whatever the Host, and warns about nothing', async () => {
    for (const host of [EVIL, `127.0.0.1:${configured.port}`]) {
      const link = await mailedLink(configured, host);
      assert.ok(link.startsWith(`${PUBLIC_URL}/users/#/users/emails?token=`), link);
      const { stored } = await avatarUnder(configured, host);
      assert.ok(stored.startsWith(`${PUBLIC_URL}/objects/avatars/`), stored);
    }
    assert.equal(warnings(configured).length, 0);
  });

  it('marks the session and device cookies Secure even when the proxy does not say https', async () => {
    const browser = new Client(configured.url);
    const settings = await browser.pageSettings();
    assert.match(
      settings.headers.getSetCookie().find((c) => c.startsWith('yx_sid='))!,
      /; Secure/,
    );
    const answer = await browser.post('/users/ajax/login', { username: 'nobody-at-all', password: 'Wrong@2026' });
    assert.match(
      answer.headers.getSetCookie().find((c) => c.startsWith('yx_did='))!,
      /; Secure/,
    );
  });
});

describe('the server’s own address', () => {
  /** A request as publicOrigin sees it: its URL, headers and the socket it came in on. */
  function context(url: string, socket?: { localAddress: string; localPort: number }) {
    const log = { warn: () => undefined };
    return {
      req: { url, header: () => undefined },
      env: socket ? { incoming: { socket } } : undefined,
      get: () => log,
    } as unknown as Context<AppEnv>;
  }
  const config = (overrides: Partial<OriginConfig>): OriginConfig => ({
    publicUrl: undefined,
    host: '127.0.0.1',
    port: 8080,
    trustProxy: false,
    ...overrides,
  });

  it('is HOST and PORT, or the address and port the connection reached when they are wildcards', () => {
    const socket = { localAddress: '::ffff:192.0.2.7', localPort: 8443 };
    const at = `http://${EVIL}/x`;
    assert.equal(publicOrigin(context(at, socket), config({ host: 'devops.internal' })), 'http://devops.internal:8080');
    assert.equal(publicOrigin(context(at, socket), config({ host: '0.0.0.0' })), 'http://192.0.2.7:8080');
    assert.equal(publicOrigin(context(at, socket), config({ host: '::', port: 0 })), 'http://192.0.2.7:8443');
    const v6 = { localAddress: '2001:db8::1', localPort: 80 };
    assert.equal(publicOrigin(context(at, v6), config({ host: '::', port: 0 })), 'http://[2001:db8::1]');
    assert.equal(publicOrigin(context(at), config({ host: '2001:db8::2' })), 'http://[2001:db8::2]:8080');
  });
});
