/**
 * Names that show nothing are refused on the server: a token name or SSH key title made only of
 * invisible characters (zero-width spaces, joiners, U+2060, the BOM…) and whitespace reads as
 * missing, with the field's own "required" message; an SSH key title may not hold line breaks or
 * other control characters. Nothing is stored when a name is refused.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { inDays, tokenCount } from './helpers/tokens';
import { newEd25519PublicKey } from './helpers/ssh-key';

const TOKENS = '/users/ajax/v1/my/tokens';
const KEYS = '/uiless/proxy/codeup/api/v3/user/keys';
/** Each shows nothing: zero-width space / non-joiner / joiner, word joiner, BOM, a mix with spaces,
 * soft hyphen, a Hangul filler. */
const INVISIBLE = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', ' \u200B\u00A0\u2060 ', '\u00AD', '\u3164'];

const server = useTestServer();

async function signedIn(locale: 'en_US' | 'zh_CN' = 'en_US') {
  const browser = new Client(server.url);
  assert.equal((await browser.login('demo', 'Demo@2026')).status, 200);
  browser.cookies.set('ak_user_locale', locale);
  return browser;
}

const newToken = (name: string) => ({
  name,
  expires_at: inDays(server, 30),
  token_scopes: ['codeup:repository:read'],
});

async function keyCount(): Promise<number> {
  const rows = await server.database.db.selectFrom('ssh_keys').select('id').execute();
  return rows.length;
}

describe('token names', () => {
  it('refuses a name of invisible characters only, as a missing name, and stores nothing', async () => {
    const demo = await signedIn();
    const before = await tokenCount(server);
    for (const name of INVISIBLE) {
      const answer = await demo.post(TOKENS, newToken(name));
      assert.equal(answer.status, 400, JSON.stringify(name));
      assert.equal(answer.body.field, 'name');
      assert.equal(answer.body.message, 'Enter a name', JSON.stringify(name));
    }
    assert.equal(await tokenCount(server), before);
  });

  it('refuses renaming a token to invisible characters, and keeps its name', async () => {
    const demo = await signedIn();
    const created = await demo.post(TOKENS, newToken('ci'));
    assert.equal(created.status, 201);
    const edited = await demo.put(`${TOKENS}/${created.body.token_id}`, newToken('\u200B'));
    assert.equal(edited.status, 400);
    assert.equal(edited.body.field, 'name');
    const row = await server.database.db
      .selectFrom('access_tokens')
      .select('name')
      .where('id', '=', created.body.token_id)
      .executeTakeFirstOrThrow();
    assert.equal(row.name, 'ci');
  });

  it('still accepts a name with invisible characters inside visible ones (an emoji sequence)', async () => {
    const demo = await signedIn();
    const name = 'deploy 👩\u200D💻';
    const created = await demo.post(TOKENS, newToken(name));
    assert.equal(created.status, 201);
    const row = await server.database.db
      .selectFrom('access_tokens')
      .select('name')
      .where('id', '=', created.body.token_id)
      .executeTakeFirstOrThrow();
    assert.equal(row.name, name);
  });
});

describe('SSH key titles', () => {
  it('refuses a title of invisible characters only, as a missing title, and stores nothing', async () => {
    const demo = await signedIn();
    const before = await keyCount();
    for (const title of INVISIBLE) {
      const answer = await demo.post(KEYS, { title, key: newEd25519PublicKey(), scope: 'all' });
      assert.equal(answer.status, 400, JSON.stringify(title));
      assert.equal(answer.body.field, 'title');
      assert.equal(answer.body.message, 'Enter a name for the key', JSON.stringify(title));
    }
    assert.equal(await keyCount(), before);
  });

  it('refuses line breaks and other control characters in a title, in both languages', async () => {
    const demo = await signedIn();
    const before = await keyCount();
    for (const title of ['work\nlaptop', 'work\r\nlaptop', 'work\tlaptop', 'bell\u0007', 'a\u2028b', 'del\u007F']) {
      const answer = await demo.post(KEYS, { title, key: newEd25519PublicKey(), scope: 'all' });
      assert.equal(answer.status, 400, JSON.stringify(title));
      assert.equal(answer.body.field, 'title');
      assert.equal(
        answer.body.message,
        'The name of the key cannot contain line breaks, tabs or other control characters',
        JSON.stringify(title),
      );
    }
    assert.equal(await keyCount(), before);
    const zh = await signedIn('zh_CN');
    const answer = await zh.post(KEYS, { title: 'a\nb', key: newEd25519PublicKey(), scope: 'all' });
    assert.equal(answer.body.message, '公钥名称不能包含换行、制表符等控制字符');
  });

  it('applies the same rules when a title is changed, and keeps the old one', async () => {
    const demo = await signedIn();
    const added = await demo.post(KEYS, { title: 'laptop', key: newEd25519PublicKey(), scope: 'all' });
    assert.equal(added.status, 201);
    for (const title of ['\u200B', 'lap\ntop']) {
      const answer = await demo.post(`${KEYS}/${added.body.id}`, { title });
      assert.equal(answer.status, 400, JSON.stringify(title));
      assert.equal(answer.body.field, 'title');
    }
    const shown = await demo.get(`${KEYS}/${added.body.id}`);
    assert.equal(shown.body.title, 'laptop');
  });

  it('still accepts an ordinary title, trimmed', async () => {
    const demo = await signedIn();
    const added = await demo.post(KEYS, { title: '  工作电脑 · laptop  ', key: newEd25519PublicKey(), scope: 'all' });
    assert.equal(added.status, 201);
    assert.equal(added.body.title, '工作电脑 · laptop');
  });
});
