import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import { createLogger } from '../../server/log';
import { startServer } from '../../server/main';
import type { RunningServer } from '../../server/main';
import { createTestDatabase, testConfig } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { FakeClock } from './helpers/server';
import { Client } from './helpers/client';

const KEYS = '/uiless/proxy/codeup/api/v3/user/keys';

let database: TestDatabase;
let server: RunningServer;
let sshPort: number;
let dir: string;
const clock = new FakeClock();

/** A port that was free a moment ago (SSH_PORT=0 means "off", so tests pick one). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The whole server, SSH endpoint included, as `npm start` runs it. */
async function start() {
  return startServer(testConfig({ sshPort }), {
    clock,
    log: createLogger({ level: 'error', sink: () => {} }),
    database: await database.open(),
    ssh: true,
  });
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'yx-ssh-server-'));
  database = await createTestDatabase();
  sshPort = await freePort();
  server = await start();
});
after(async () => {
  await server.close();
  await database.dispose();
  rmSync(dir, { recursive: true, force: true });
});

function keygen(name: string, type: string, bits?: number) {
  const path = join(dir, name);
  execFileSync('ssh-keygen', [
    '-q',
    '-t',
    type,
    ...(bits ? ['-b', String(bits)] : []),
    '-N',
    '',
    '-C',
    name,
    '-f',
    path,
  ]);
  return { pub: readFileSync(`${path}.pub`, 'utf8').trim(), path };
}

/** Runs the real OpenSSH client against the endpoint; its exit code and everything it printed. */
function ssh(keyPath: string, knownHosts = ['-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null']) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const args = [
      ...['-F', '/dev/null', '-i', keyPath, '-p', String(sshPort), ...knownHosts],
      ...['-o', 'IdentitiesOnly=yes', '-o', 'BatchMode=yes', '-o', 'ConnectTimeout=10', '-o', 'LogLevel=ERROR'],
      'git@127.0.0.1',
    ];
    const child = spawn('ssh', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function signedIn(username = 'demo', password = 'Demo@2026') {
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, password)).status, 200);
  return browser;
}

describe('given a registered Ed25519 key', () => {
  it('greets the user by name over SSH and records when the key was used', async () => {
    const demo = await signedIn();
    const key = keygen('laptop', 'ed25519');
    const { body: added } = await demo.post(KEYS, { title: 'laptop', key: key.pub, scope: 'all' });
    assert.equal(added.last_used_at, null);
    const result = await ssh(key.path);
    assert.match(result.output, /Hi demo! You've successfully authenticated with key "laptop" \(read-write\)\./);
    assert.equal(result.code, 0);
    const listed = (await demo.get(KEYS)).body.find((k: { id: string }) => k.id === added.id);
    assert.equal(listed.last_used_at, clock.now().toISOString());
  });
});

describe('given a read-only RSA key', () => {
  it('says the access is read-only', async () => {
    const alice = await signedIn('alice', 'Alice@2026');
    const key = keygen('ci', 'rsa', 3072);
    assert.equal((await alice.post(KEYS, { title: 'ci', key: key.pub, scope: 'read' })).status, 201);
    const result = await ssh(key.path);
    assert.match(result.output, /Hi alice! You've successfully authenticated with key "ci" \(read-only\)\./);
  });
});

describe('given keys the server must refuse', () => {
  it('refuses a key nobody registered', async () => {
    const result = await ssh(keygen('stranger', 'ed25519').path);
    assert.equal(result.code, 255);
    assert.match(result.output, /Permission denied \(publickey\)/);
    assert.doesNotMatch(result.output, /Hi /);
  });

  it('refuses a key once it has expired', async () => {
    const demo = await signedIn();
    const key = keygen('short-lived', 'ed25519');
    const expires_at = new Date(clock.now().getTime() + 86_400_000).toISOString();
    const { body: added } = await demo.post(KEYS, { title: 'short-lived', key: key.pub, scope: 'all', expires_at });
    assert.match((await ssh(key.path)).output, /Hi demo!/, 'works before it expires');
    clock.advance(2 * 86_400_000);
    const result = await ssh(key.path);
    assert.equal(result.code, 255);
    assert.match(result.output, /Permission denied \(publickey\)/);
    const listed = (await demo.get(KEYS)).body.find((k: { id: string }) => k.id === added.id);
    assert.equal(listed.expired, true);
  });

  it('refuses a registered public key signed for with another private key', async () => {
    const demo = await signedIn();
    const victim = keygen('victim', 'ed25519');
    assert.equal((await demo.post(KEYS, { title: 'victim', key: victim.pub, scope: 'all' })).status, 201);
    const impostor = ssh2.utils.parseKey(readFileSync(keygen('impostor', 'ed25519').path));
    const claimed = ssh2.utils.parseKey(victim.pub);
    assert.ok(!(impostor instanceof Error) && !Array.isArray(impostor));
    assert.ok(!(claimed instanceof Error) && !Array.isArray(claimed));
    // Presents the victim's public key but signs with its own private key.
    impostor.getPublicSSH = () => claimed.getPublicSSH();
    let attempts = 0;
    const outcome = await new Promise<string>((resolve) => {
      const client = new ssh2.Client();
      client.on('ready', () => {
        client.end();
        resolve('signed in');
      });
      client.on('error', (error) => resolve(error.message));
      client.on('close', () => resolve('closed'));
      client.connect({
        host: '127.0.0.1',
        port: sshPort,
        username: 'git',
        // One attempt with the impostor key, then no more methods.
        authHandler: (_methods, _partial, next) =>
          attempts++ === 0 ? next({ type: 'publickey', username: 'git', key: impostor }) : next(false as never),
      });
    });
    assert.match(outcome, /authentication methods failed/);
  });

  it('refuses a key after it was deleted', async () => {
    const demo = await signedIn();
    const key = keygen('deleted', 'ed25519');
    const { body: added } = await demo.post(KEYS, { title: 'deleted', key: key.pub, scope: 'all' });
    assert.equal((await demo.request('DELETE', `${KEYS}/${added.id}`)).status, 200);
    assert.equal((await ssh(key.path)).code, 255);
  });
});

describe('the host key', () => {
  it('stays the same across restarts, so known_hosts keeps matching', async () => {
    const demo = await signedIn();
    const key = keygen('known-hosts', 'ed25519');
    assert.equal((await demo.post(KEYS, { title: 'known-hosts', key: key.pub, scope: 'all' })).status, 201);
    const knownHosts = join(dir, 'known_hosts');
    const first = await ssh(key.path, [
      '-o',
      'StrictHostKeyChecking=accept-new',
      '-o',
      `UserKnownHostsFile=${knownHosts}`,
    ]);
    assert.equal(first.code, 0);
    const seen = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', knownHosts], { encoding: 'utf8' });
    assert.ok(seen.includes(server.ssh!.hostKeyFingerprint), 'the client saw the announced host key');

    await server.close();
    server = await start();
    const again = await ssh(key.path, ['-o', 'StrictHostKeyChecking=yes', '-o', `UserKnownHostsFile=${knownHosts}`]);
    assert.equal(again.code, 0, again.output);
    assert.match(again.output, /Hi demo!/);
  });
});
