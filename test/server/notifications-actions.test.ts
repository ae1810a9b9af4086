import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INBOX, PASSWORD, inboxServer } from './helpers/notifications';
import { inDays } from './helpers/tokens';

const inbox = inboxServer();
const { newUser, give, list, counts } = inbox;

describe('marking read', () => {
  it('marks one message read, and answers 404 for unknown ids and for other users alike', async () => {
    const me = await newUser();
    const other = await newUser();
    const [mine] = await give(me.id, [{ app: 'codeup' }]);
    const [theirs] = await give(other.id, [{ app: 'codeup' }]);
    const ok = await me.browser.post(`${INBOX}/${mine}/read`, {});
    assert.equal(ok.status, 200, ok.text);
    assert.equal((await list(me.browser)).messages[0]!.read, true);
    assert.equal((await me.browser.post(`${INBOX}/${mine}/read`, {})).status, 200, 'already read is fine');
    for (const id of [theirs!, 'm_00000000000000000000']) {
      const answer = await me.browser.post(`${INBOX}/${id}/read`, {});
      assert.equal(answer.status, 404);
      assert.equal(answer.body.code, 'message_not_found');
    }
    assert.equal((await list(other.browser)).messages[0]!.read, false, 'theirs is untouched');
  });

  it('marks listed ids read, ignoring ids that are not mine without saying so', async () => {
    const me = await newUser();
    const other = await newUser();
    const mine = await give(me.id, [{}, {}, {}]);
    const theirs = await give(other.id, [{}]);
    const answer = await me.browser.post(`${INBOX}/read`, { ids: [mine[0], mine[1], theirs[0], 'm_missing'] });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { count: 2 });
    assert.deepEqual(
      (await list(me.browser)).messages.map((m) => m.read),
      [true, true, false],
    );
    assert.equal((await list(other.browser)).messages[0]!.read, false);
  });

  it('marks all read within one app, then everything', async () => {
    const { id, browser } = await newUser();
    await give(id, [{ app: 'codeup' }, { app: 'flow' }, { app: 'codeup' }, { app: 'testhub' }]);
    const inApp = await browser.post(`${INBOX}/read`, { all: true, app: 'codeup' });
    assert.deepEqual(inApp.body, { count: 2 });
    assert.deepEqual(await counts(browser), [
      { app: 'flow', count: 1 },
      { app: 'testhub', count: 1 },
    ]);
    const rest = await browser.post(`${INBOX}/read`, { all: true });
    assert.deepEqual(rest.body, { count: 2 });
    assert.deepEqual(await counts(browser), []);
  });
});

describe('deleting', () => {
  it('deletes one message for good; another user’s is a 404 and stays', async () => {
    const me = await newUser();
    const other = await newUser();
    const [mine] = await give(me.id, [{}]);
    const [theirs] = await give(other.id, [{}]);
    const removed = await me.browser.request('DELETE', `${INBOX}/${mine}`);
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual((await list(me.browser)).messages, []);
    assert.equal((await me.browser.request('DELETE', `${INBOX}/${mine}`)).status, 404, 'deletion is permanent');
    const foreign = await me.browser.request('DELETE', `${INBOX}/${theirs}`);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.code, 'message_not_found');
    assert.equal((await list(other.browser)).messages.length, 1);
  });

  it('batch-deletes my listed ids only, leaving other users’ messages', async () => {
    const me = await newUser();
    const other = await newUser();
    const mine = await give(me.id, [{}, {}]);
    const theirs = await give(other.id, [{}, {}]);
    const answer = await me.browser.post(`${INBOX}:batchDelete`, { ids: [mine[0], ...theirs] });
    assert.deepEqual(answer.body, { count: 1 });
    assert.deepEqual(
      (await list(me.browser)).messages.map((m) => m.id),
      [mine[1]],
    );
    assert.equal((await list(other.browser)).messages.length, 2);
  });

  it('clears read messages within one app, then all read ones, keeping unread', async () => {
    const { id, browser } = await newUser();
    await give(id, [
      { app: 'codeup', read: true },
      { app: 'codeup', read: false },
      { app: 'flow', read: true },
      { app: 'flow', read: false },
    ]);
    assert.deepEqual((await browser.post(`${INBOX}:batchDelete`, { read: true, app: 'codeup' })).body, { count: 1 });
    assert.equal((await list(browser)).messages.length, 3);
    assert.deepEqual((await browser.post(`${INBOX}:batchDelete`, { read: true })).body, { count: 1 });
    const left = (await list(browser)).messages;
    assert.deepEqual(
      left.map((m) => [m.app, m.read]),
      [
        ['codeup', false],
        ['flow', false],
      ],
    );
  });
});

describe('security notices from other features', () => {
  it('notes a token’s creation and deletion, quoting its name as text, not markup', async () => {
    const { browser } = await newUser();
    const name = '<img src=x onerror=alert(1)> & "ci"';
    const created = await browser.post('/users/ajax/v1/my/tokens', {
      name,
      expires_at: inDays(inbox.server, 30),
      token_scopes: ['user:profile:read'],
    });
    assert.equal(created.status, 201, created.text);
    let notices = (await list(browser)).messages;
    assert.equal(notices.length, 1);
    const made = notices[0]!;
    assert.equal(made.type, 'token_created');
    assert.equal(made.sensitive, true);
    assert.equal(made.read, false);
    assert.equal(made.app, 'yunxiao');
    assert.equal(made.title, 'Personal access token created');
    assert.ok(made.content.includes('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;ci&quot;'), made.content);
    assert.ok(!made.content.includes('<img'));

    inbox.server.clock.advance(1000);
    const removed = await browser.request('DELETE', `/users/ajax/v1/my/tokens/${created.body.token_id}`);
    assert.equal(removed.status, 200, removed.text);
    notices = (await list(browser)).messages;
    assert.deepEqual(
      notices.map((m) => m.type),
      ['token_deleted', 'token_created'],
    );
    assert.ok(notices[0]!.content.includes('&lt;img src=x'), notices[0]!.content);
    assert.deepEqual(await counts(browser), [{ app: 'yunxiao', count: 2 }]);
  });

  it('writes no notice when a token is refused or not found', async () => {
    const { browser } = await newUser();
    const refused = await browser.post('/users/ajax/v1/my/tokens', {
      name: 'bad',
      expires_at: inDays(inbox.server, 30),
      token_scopes: ['no:such:scope'],
    });
    assert.equal(refused.status, 400);
    assert.equal((await browser.request('DELETE', '/users/ajax/v1/my/tokens/pat_00000000000000000000')).status, 404);
    assert.deepEqual((await list(browser)).messages, []);
  });

  it('notes a password change as a sensitive message', async () => {
    const { browser } = await newUser();
    const changed = await browser.put(
      '/users/ajax/v1/my/password',
      { old_password: PASSWORD, new_password: 'Changed#2027' },
      { headers: { user_agent: 'Mozilla/5.0 (test)', 'umid-token': 'a1b2c3d4' } },
    );
    assert.equal(changed.status, 200, changed.text);
    const [notice] = (await list(browser)).messages;
    assert.equal(notice?.type, 'password_changed');
    assert.equal(notice?.sensitive, true);
    assert.equal(notice?.title, 'Your password was changed');
  });
});
