/**
 * Key lines as people paste them: parts separated by a no-break space or another Unicode space
 * (copied from a web page, a chat, a document) are read like plain spaces; an authorized_keys line
 * with options before the key is refused with its own message instead of "only RSA or Ed25519",
 * since the options (from=, command=, no-pty…) would not be applied here.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSshPublicKey } from '../../server/ssh/keys';
import { AppError } from '../../server/errors';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { newEd25519PublicKey } from './helpers/ssh-key';

const KEYS = '/uiless/proxy/codeup/api/v3/user/keys';

/** The error code `parseSshPublicKey` throws for `line`, or 'ok'. */
function codeOf(line: string): string {
  try {
    parseSshPublicKey(line);
    return 'ok';
  } catch (error) {
    assert.ok(error instanceof AppError);
    return error.code;
  }
}

describe('parseSshPublicKey', () => {
  it('reads any Unicode space between the parts like a plain space, and stores plain spaces', () => {
    const [type, data] = newEd25519PublicKey().split(' ') as [string, string];
    const plain = parseSshPublicKey(`${type} ${data} me@laptop`);
    // No-break space, narrow no-break space, ideographic space, em space, and mixed runs.
    for (const space of ['\u00A0', '\u202F', '\u3000', '\u2003', ' \u00A0 ', '\t\u00A0']) {
      const parsed = parseSshPublicKey(`${type}${space}${data}${space}me@laptop`);
      assert.equal(parsed.type, 'ssh-ed25519', JSON.stringify(space));
      assert.equal(parsed.fingerprint, plain.fingerprint);
      assert.equal(parsed.comment, 'me@laptop');
      assert.equal(parsed.line, `${type} ${data} me@laptop`);
    }
    assert.equal(parseSshPublicKey(`\u00A0${type}\u00A0${data}\u00A0`).line, `${type} ${data}`, 'trimmed too');
  });

  it('refuses options before the key type with their own error, not the key-type one', () => {
    const key = newEd25519PublicKey('me@laptop');
    for (const options of [
      'no-pty',
      'no-pty,from="10.0.0.1"',
      'command="echo hello world",no-port-forwarding',
      'restrict',
      'from="10.0.0.1"\u00A0no-agent-forwarding',
    ]) {
      assert.equal(codeOf(`${options} ${key}`), 'ssh_key_options', options);
    }
  });

  it('keeps the key-type error for a key of another type, with or without options', () => {
    const [, data] = newEd25519PublicKey().split(' ') as [string, string];
    assert.equal(codeOf(`ecdsa-sha2-nistp256 ${data} me`), 'ssh_key_type');
    assert.equal(codeOf(`no-pty ecdsa-sha2-nistp256 ${data} me`), 'ssh_key_type');
    assert.equal(codeOf(`ssh-dss ${data} comment ssh-rsa ${data}`), 'ssh_key_type', 'a line that starts with a type');
    assert.equal(codeOf('hello world'), 'ssh_key_type');
  });

  it('still refuses a key split over lines, Unicode line separators included', () => {
    const [type, data] = newEd25519PublicKey().split(' ') as [string, string];
    assert.equal(codeOf(`${type}\n${data}`), 'ssh_key_invalid');
    assert.equal(codeOf(`${type}\u2028${data}`), 'ssh_key_invalid');
  });
});

describe('adding a key line as pasted', () => {
  let demo: Client;

  // Only this suite needs a server: its hooks run around these tests alone.
  useTestServer({}, async (running) => {
    demo = new Client(running.url);
    assert.equal((await demo.login('demo', 'Demo@2026')).status, 200);
  });

  it('adds a key whose parts are separated by no-break spaces, stored with plain spaces', async () => {
    demo.cookies.set('ak_user_locale', 'en_US');
    const key = newEd25519PublicKey('me@laptop');
    const added = await demo.post(KEYS, { title: 'laptop', key: key.replaceAll(' ', '\u00A0'), scope: 'all' });
    assert.equal(added.status, 201);
    assert.equal(added.body.key, key);
  });

  it('says to remove the options, in both languages, and stores nothing', async () => {
    const key = `no-pty,from="10.0.0.1" ${newEd25519PublicKey('me@laptop')}`;
    demo.cookies.set('ak_user_locale', 'en_US');
    const count = async () => (await demo.get(KEYS)).body.length as number;
    const before = await count();
    const en = await demo.post(KEYS, { title: 'limited', key, scope: 'all' });
    assert.equal(en.status, 400);
    assert.equal(en.body.code, 'ssh_key_options');
    assert.equal(en.body.field, 'key');
    assert.match(en.body.message, /^Remove the options before the key type/);
    demo.cookies.set('ak_user_locale', 'zh_CN');
    const zh = await demo.post(KEYS, { title: 'limited', key, scope: 'all' });
    assert.equal(zh.body.code, 'ssh_key_options');
    assert.match(zh.body.message, /^请删除公钥类型前的选项/);
    assert.equal(await count(), before);
  });
});
