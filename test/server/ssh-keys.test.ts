import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { insertSshKey } from '../../server/repos/ssh-keys';

const KEYS = '/uiless/proxy/codeup/api/v3/user/keys';

const server = useTestServer();
let dir: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'yx-ssh-keys-'));
});
after(async () => {
  rmSync(dir, { recursive: true, force: true });
});

/** Makes a key pair with the real ssh-keygen; returns the .pub line and the private key path. */
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

/** What `ssh-keygen -l -E sha256` says the fingerprint is. */
function keygenFingerprint(path: string): string {
  return execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${path}.pub`], { encoding: 'utf8' }).split(' ')[1]!;
}

async function signedIn(username = 'demo', password = 'Demo@2026') {
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, password)).status, 200);
  browser.cookies.set('ak_user_locale', 'en_US');
  return browser;
}

async function counts(userId?: string) {
  const db = server.database.db;
  const keys = await db.selectFrom('ssh_keys').select('id').execute();
  let notices = db.selectFrom('messages').select('id').where('sensitive_type', '=', 'ssh_key_added');
  if (userId) notices = notices.where('user_id', '=', userId);
  return { keys: keys.length, notices: (await notices.execute()).length };
}

describe('given a signed-in user adding SSH keys', () => {
  it('accepts an Ed25519 key with the fingerprint ssh-keygen shows, on both API prefixes', async () => {
    const demo = await signedIn();
    const key = keygen('laptop', 'ed25519');
    const added = await demo.post(KEYS, { title: 'laptop', key: key.pub, scope: 'all' });
    assert.equal(added.status, 201);
    assert.equal(added.body.title, 'laptop');
    assert.equal(added.body.fingerprint, keygenFingerprint(key.path));
    assert.equal(added.body.key, key.pub);
    assert.equal(added.body.scope, 'all');
    assert.equal(added.body.expires_at, null);
    assert.equal(added.body.last_used_at, null);
    assert.equal(added.body.expired, false);
    const bare = await demo.get('/codeup/api/v3/user/keys');
    const proxied = await demo.get(KEYS);
    assert.deepEqual(bare.body, proxied.body);
    assert.deepEqual(
      proxied.body.map((k: { id: string }) => k.id),
      [added.body.id],
    );
  });

  it('accepts a 3072-bit RSA key and tells a 1024-bit one it is too short', async () => {
    const demo = await signedIn();
    const rsa = keygen('rsa3072', 'rsa', 3072);
    const ok = await demo.post(KEYS, { title: 'desktop', key: rsa.pub, scope: 'read' });
    assert.equal(ok.status, 201);
    assert.equal(ok.body.fingerprint, keygenFingerprint(rsa.path));
    const before = await counts();
    const short = await demo.post(KEYS, { title: 'old', key: keygen('rsa1024', 'rsa', 1024).pub, scope: 'all' });
    assert.equal(short.status, 400);
    assert.equal(short.body.code, 'ssh_key_rsa_too_short');
    assert.equal(short.body.field, 'key');
    assert.match(short.body.message, /2048.*1024/);
    assert.deepEqual(await counts(), before);
  });

  it('refuses ECDSA, a private key, a truncated blob, a type/blob mismatch and an oversized line, writing nothing', async () => {
    const demo = await signedIn();
    const ed = keygen('mismatch', 'ed25519');
    const [, edBlob] = ed.pub.split(' ');
    const cases: Array<[string, string]> = [
      [keygen('ecdsa', 'ecdsa').pub, 'ssh_key_type'],
      ['ssh-dss AAAAB3NzaC1kc3MAAACBAP test', 'ssh_key_type'],
      [readFileSync(ed.path, 'utf8'), 'ssh_key_private'],
      [ed.pub.slice(0, 60), 'ssh_key_invalid'],
      [`ssh-rsa ${edBlob} mismatch`, 'ssh_key_invalid'],
      [`ssh-ed25519 ${edBlob}!! x`, 'ssh_key_invalid'],
      [`ssh-ed25519 ${'A'.repeat(9000)}`, 'ssh_key_too_long'],
    ];
    const before = await counts();
    for (const [key, code] of cases) {
      const answer = await demo.post(KEYS, { title: 'bad', key, scope: 'all' });
      assert.equal(answer.status, 400, code);
      assert.equal(answer.body.code, code);
      assert.ok(answer.body.message, 'a message the form shows next to the key');
    }
    const privateKey = await demo.post(KEYS, { title: 'bad', key: readFileSync(ed.path, 'utf8'), scope: 'all' });
    assert.match(privateKey.body.message, /private key.*\.pub/);
    const ecdsa = await demo.post(KEYS, { title: 'bad', key: keygen('ecdsa2', 'ecdsa').pub, scope: 'all' });
    assert.match(ecdsa.body.message, /Only RSA or Ed25519/);
    assert.deepEqual(await counts(), before);
  });

  it('names the field of a missing title, a missing key, a bad scope or a past expiry', async () => {
    const demo = await signedIn();
    const { pub } = keygen('fields', 'ed25519');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '  ', key: pub, scope: 'all' }, 'title'],
      [{ title: 'x'.repeat(256), key: pub, scope: 'all' }, 'title'],
      [{ title: 'k', key: '', scope: 'all' }, 'key'],
      [{ title: 'k', key: pub, scope: 'admin' }, 'scope'],
      [{ title: 'k', key: pub, scope: 'all', expires_at: '2001-01-01' }, 'expires_at'],
      [{ title: 'k', key: pub, scope: 'all', expires_at: 'soon' }, 'expires_at'],
    ];
    const before = await counts();
    for (const [body, field] of cases) {
      const answer = await demo.post(KEYS, body);
      assert.equal(answer.status, 400, field);
      assert.equal(answer.body.code, 'invalid_request');
      assert.equal(answer.body.field, field);
    }
    assert.deepEqual(await counts(), before);
  });

  it('names the scope and its values when a key is added without one, in both languages', async () => {
    const demo = await signedIn();
    const { pub } = keygen('no-scope', 'ed25519');
    const before = await counts();
    const missing = await demo.post(KEYS, { title: 'k', key: pub });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.code, 'invalid_request');
    assert.equal(missing.body.field, 'scope');
    assert.equal(missing.body.message, 'The scope must be "all" (clone, pull, push) or "read" (read-only)');
    demo.cookies.set('ak_user_locale', 'zh_CN');
    const unknown = await demo.post(KEYS, { title: 'k', key: pub, scope: 'write' });
    assert.equal(unknown.body.field, 'scope');
    assert.equal(unknown.body.message, '适用范围（scope）必须为 all（克隆、拉取、推送）或 read（只读）');
    assert.deepEqual(await counts(), before);
  });

  it('refuses a key another account already registered', async () => {
    const demo = await signedIn();
    const alice = await signedIn('alice', 'Alice@2026');
    const { pub } = keygen('shared', 'ed25519');
    assert.equal((await demo.post(KEYS, { title: 'mine', key: pub, scope: 'all' })).status, 201);
    const before = await counts();
    const again = await alice.post(KEYS, { title: 'also mine', key: pub, scope: 'all' });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'ssh_key_duplicate');
    assert.deepEqual(await counts(), before);
  });

  it('lets only one of two racing inserts of the same key through, with its notice', async () => {
    const demo = await signedIn();
    const me = (await demo.get('/individual/proxy/me')).body;
    const { pub } = keygen('race', 'ed25519');
    const now = server.clock.now();
    const row = (id: string) => ({
      id,
      user_id: me.id,
      title: 'race',
      key: pub,
      key_type: 'ssh-ed25519' as const,
      fingerprint: `SHA256:race-${pub.length}`,
      scope: 'all' as const,
      expires_at: null,
      created_at: now,
      last_used_at: null,
    });
    const notice = (id: string) => ({ id, user_id: me.id, app: 'codeup', title: 't', body: 'b', created_at: now });
    const before = await counts();
    // Both passed the duplicate check; the unique index decides, and the loser writes nothing.
    assert.equal(await insertSshKey(server.database.db, row('sk_race1'), notice('m_race1')), true);
    assert.equal(await insertSshKey(server.database.db, row('sk_race2'), notice('m_race2')), false);
    const after = await counts();
    assert.equal(after.keys, before.keys + 1);
    const orphan = await server.database.db.selectFrom('messages').select('id').where('id', '=', 'm_race2').execute();
    assert.equal(orphan.length, 0);
  });

  it('leaves a security notice that quotes the key name', async () => {
    const alice = await signedIn('alice', 'Alice@2026');
    const { pub } = keygen('notice', 'ed25519');
    const title = 'work "laptop" <b>';
    const added = await alice.post(KEYS, { title, key: pub, scope: 'all' });
    assert.equal(added.status, 201);
    const notice = await server.database.db
      .selectFrom('messages')
      .selectAll()
      .where('sensitive_type', '=', 'ssh_key_added')
      .where('body', 'like', `%${added.body.fingerprint}%`)
      .executeTakeFirstOrThrow();
    assert.equal(notice.title, `New SSH key added: “${title}”`);
    assert.equal(notice.app, 'codeup');
    assert.equal(notice.read, false);
  });
});

describe('given a registered key', () => {
  it('changes its title, scope and expiry, and reports it expired once the clock passes', async () => {
    const demo = await signedIn();
    const { pub } = keygen('editable', 'ed25519');
    const { body: key } = await demo.post(KEYS, { title: 'editable', key: pub, scope: 'all' });
    const expires = new Date(server.clock.now().getTime() + 86_400_000).toISOString();
    const edited = await demo.post(`${KEYS}/${key.id}`, { title: 'renamed', scope: 'read', expires_at: expires });
    assert.equal(edited.status, 200);
    assert.equal(edited.body.title, 'renamed');
    assert.equal(edited.body.scope, 'read');
    assert.equal(edited.body.expires_at, expires);
    assert.equal(edited.body.key, pub, 'the key itself does not change');
    server.clock.advance(2 * 86_400_000);
    const listed = (await demo.get(KEYS)).body.find((k: { id: string }) => k.id === key.id);
    assert.equal(listed.expired, true);
    const never = await demo.post(`${KEYS}/${key.id}`, { title: 'renamed', scope: 'read', expires_at: null });
    assert.equal(never.body.expires_at, null);
    assert.equal(never.body.expired, false);
  });

  it('renames and re-scopes an expired key whose expiry is sent back unchanged, as the edit form does', async () => {
    const demo = await signedIn();
    const { pub } = keygen('expired-rename', 'ed25519');
    const expires = new Date(server.clock.now().getTime() + 86_400_000).toISOString();
    const { body: key } = await demo.post(KEYS, { title: 'old name', key: pub, scope: 'all', expires_at: expires });
    server.clock.advance(3 * 86_400_000);
    const renamed = await demo.post(`${KEYS}/${key.id}`, { title: 'new name', scope: 'read', expires_at: expires });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal(renamed.body.title, 'new name');
    assert.equal(renamed.body.scope, 'read');
    assert.equal(renamed.body.expires_at, expires);
    assert.equal(renamed.body.expired, true);
    // A different past instant is a change, and still refused.
    const earlier = new Date(Date.parse(expires) - 1000).toISOString();
    const moved = await demo.post(`${KEYS}/${key.id}`, { title: 'new name', scope: 'read', expires_at: earlier });
    assert.equal(moved.status, 400);
    assert.equal(moved.body.field, 'expires_at');
  });

  it("answers 404 for another user's key and leaves it alone", async () => {
    const demo = await signedIn();
    const alice = await signedIn('alice', 'Alice@2026');
    const { pub } = keygen('private-to-demo', 'ed25519');
    const { body: key } = await demo.post(KEYS, { title: 'demo only', key: pub, scope: 'all' });
    for (const answer of [
      await alice.get(`${KEYS}/${key.id}`),
      await alice.post(`${KEYS}/${key.id}`, { title: 'stolen', scope: 'all', expires_at: null }),
      await alice.request('DELETE', `${KEYS}/${key.id}`),
    ]) {
      assert.equal(answer.status, 404);
      assert.equal(answer.body.code, 'ssh_key_not_found');
    }
    assert.equal(
      (await alice.get(KEYS)).body.some((k: { id: string }) => k.id === key.id),
      false,
    );
    assert.equal((await demo.get(`${KEYS}/${key.id}`)).body.title, 'demo only');
  });

  it('deletes it; deleting again is a 404', async () => {
    const demo = await signedIn();
    const { pub } = keygen('deletable', 'ed25519');
    const { body: key } = await demo.post(KEYS, { title: 'deletable', key: pub, scope: 'all' });
    assert.equal((await demo.request('DELETE', `${KEYS}/${key.id}`)).status, 200);
    assert.equal((await demo.request('DELETE', `${KEYS}/${key.id}`)).status, 404);
    assert.equal(
      (await demo.get(KEYS)).body.some((k: { id: string }) => k.id === key.id),
      false,
    );
  });

  it('needs a signed-in user and the CSRF token', async () => {
    assert.equal((await new Client(server.url).get(KEYS)).status, 401);
    const demo = await signedIn();
    const { pub } = keygen('csrf', 'ed25519');
    const forged = await demo.post(KEYS, { title: 'csrf', key: pub, scope: 'all' }, { csrf: false });
    assert.equal(forged.status, 403);
  });
});
