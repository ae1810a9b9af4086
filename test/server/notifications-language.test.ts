/**
 * Messages are read in the reader's language (the request's locale: the `ak_user_locale` cookie
 * first), whatever language the request that wrote them was in: the server's notices and the
 * demo seed are stored in both; a message in one language only is read as stored.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Locale } from '../../src/core/settings';
import { bulkDemoMessages } from '../../server/notifications/demo-messages';
import { wakeStreams } from '../../server/notifications/hub';
import type { MessageJson } from '../../server/notifications/json';
import { notify } from '../../server/notifications/notify';
import { insertMessageWithEvent } from '../../server/repos/notifications';
import { noticeTime } from '../../server/time';
import { Client } from './helpers/client';
import { INBOX, PASSWORD, inboxServer } from './helpers/notifications';
import { newEd25519PublicKey } from './helpers/ssh-key';
import { inDays } from './helpers/tokens';

const inbox = inboxServer();
const { newUser, give } = inbox;

const HAN = /\p{Script=Han}/u;

/** `browser`'s inbox as a list request in `locale` reads it. */
async function listIn(browser: Client, locale: Locale): Promise<MessageJson[]> {
  browser.cookies.set('ak_user_locale', locale);
  return (await inbox.list(browser)).messages;
}

/** Creates a token from a page in `locale` (its notice's stored language). */
async function createTokenIn(browser: Client, locale: Locale, name: string) {
  browser.cookies.set('ak_user_locale', locale);
  const answer = await browser.post('/users/ajax/v1/my/tokens', {
    name,
    expires_at: inDays(inbox.server, 30),
    token_scopes: ['user:profile:read'],
  });
  assert.equal(answer.status, 201, answer.text);
}

/** The first `message` event of `browser`'s stream, opened in `locale` (the cookie), after `act`
 * ran; `query` is added to the stream's address. */
async function streamedMessage(
  browser: Client,
  locale: Locale,
  act: () => Promise<void>,
  query = '',
): Promise<MessageJson> {
  const controller = new AbortController();
  const cookie = `${browser.cookieHeader.replace(/(^|; )ak_user_locale=[^;]*/, '')}; ak_user_locale=${locale}`;
  const response = await fetch(`${inbox.server.url}${INBOX}/stream${query}`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  assert.equal(response.status, 200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const timer = setTimeout(() => controller.abort(), 8000);
  try {
    let buffer = '';
    let acted = false;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`the stream ended; got ${buffer}`);
      buffer += value;
      // The first counts mean the stream is subscribed: act only then.
      if (!acted && buffer.includes('event: unread')) {
        acted = true;
        await act();
      }
      const block = buffer.split('\n\n').find((b) => b.startsWith('event: message\n'));
      const data = block && /^data: (.*)$/m.exec(block)?.[1];
      if (data) return JSON.parse(data) as MessageJson;
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

describe('given a notice written while the page was in Chinese', () => {
  it('lists it in English to an English request and in Chinese to a Chinese one', async () => {
    const { browser } = await newUser();
    await createTokenIn(browser, 'zh_CN', 'deploy <bot>');

    const [en] = await listIn(browser, 'en_US');
    assert.equal(en!.title, 'Personal access token created');
    assert.match(en!.content, /^A personal access token named “deploy &lt;bot&gt;” was created/);
    const [zh] = await listIn(browser, 'zh_CN');
    assert.equal(zh!.title, '已创建个人访问令牌');
    assert.match(zh!.content, /名为“deploy &lt;bot&gt;”的个人访问令牌/);
    assert.equal(zh!.id, en!.id);
    assert.equal(en!.type, 'token_created');
    // The time too: each language writes it its own way.
    assert.doesNotMatch(en!.content, HAN);
    assert.match(zh!.content, /（北京时间）/);
  });

  it('lists the notices of a password change and an added SSH key in either language', async () => {
    const { browser } = await newUser();
    browser.cookies.set('ak_user_locale', 'zh_CN');
    const key = newEd25519PublicKey();
    const added = await browser.post('/uiless/proxy/codeup/api/v3/user/keys', { title: 'laptop', key, scope: 'all' });
    assert.equal(added.status, 201, added.text);
    const changed = await browser.put('/users/ajax/v1/my/password', {
      old_password: PASSWORD,
      new_password: 'Changed#2027',
    });
    assert.equal(changed.status, 200, changed.text);
    const en = await listIn(browser, 'en_US');
    assert.deepEqual(en.map((m) => m.type).sort(), ['password_changed', 'ssh_key_added']);
    assert.ok(
      en.every((m) => !HAN.test(m.title) && !HAN.test(m.content)),
      JSON.stringify(en),
    );
    assert.ok(en.some((m) => m.title === 'New SSH key added: “laptop”'));
    const zh = await listIn(browser, 'zh_CN');
    assert.ok(
      zh.every((m) => HAN.test(m.title) && HAN.test(m.content)),
      JSON.stringify(zh),
    );
  });

  it('streams it in the language of the stream request', async () => {
    const { browser } = await newUser();
    const en = await streamedMessage(browser, 'en_US', () => createTokenIn(browser, 'zh_CN', 'ci'));
    assert.equal(en.title, 'Personal access token created');
    assert.match(en.content, /^A personal access token named “ci”/);

    const zh = await streamedMessage(browser, 'zh_CN', () => createTokenIn(browser, 'en_US', 'ci 2'));
    assert.equal(zh.title, '已创建个人访问令牌');
    assert.match(zh.content, /名为“ci 2”的个人访问令牌/);
  });

  it('streams it in the language an element names in the query, whatever the cookie says', async () => {
    const { browser } = await newUser();
    const en = await streamedMessage(browser, 'zh_CN', () => createTokenIn(browser, 'zh_CN', 'ci 3'), '?locale=en_US');
    assert.equal(en.title, 'Personal access token created');
  });

  it('writes each language its own values of the placeholders that depend on it (a time)', async () => {
    const { id, browser } = await newUser();
    const at = new Date('2026-11-24T13:22:00Z');
    await notify(inbox.server.deps.db, id, {
      app: 'yunxiao',
      type: 'token_created',
      title: { key: 'server.message.tokenCreated.title' },
      content: {
        key: 'server.message.tokenCreated.body',
        params: { name: 'n', time: (locale) => noticeTime(at, locale) },
      },
      locale: 'zh_CN',
      at,
    });
    const [en] = await listIn(browser, 'en_US');
    assert.ok(en!.content.includes('at 2026-11-24 13:22 UTC.'), en!.content);
    assert.doesNotMatch(en!.content, HAN);
    const [zh] = await listIn(browser, 'zh_CN');
    assert.ok(zh!.content.includes('2026-11-24 21:22（北京时间）'), zh!.content);
  });
});

describe('given the seeded demo inbox', () => {
  it('reads every hand-written demo message in the reader’s language', async () => {
    const demo = new Client(inbox.server.url);
    assert.equal((await demo.login('demo', 'Demo@2026')).status, 200);
    const en = await listIn(demo, 'en_US');
    const zh = await listIn(demo, 'zh_CN');
    assert.ok(en.length >= 10);
    assert.deepEqual(
      en.map((m) => m.id),
      zh.map((m) => m.id),
    );
    assert.ok(en.some((m) => m.title === 'Assigned to you: PAY-214'));
    assert.ok(zh.some((m) => m.title === '指派给您：PAY-214'));
    assert.ok(
      en.every((m) => !HAN.test(m.title)),
      en.map((m) => m.title).join(', '),
    );
    assert.ok(zh.every((m) => HAN.test(m.title)));
  });

  it('seeds the bulk history in both languages', () => {
    const [row] = bulkDemoMessages('u_demo', 1, Date.now(), 'zh_CN');
    assert.ok(row!.title.startsWith('指派给您'));
    assert.deepEqual(JSON.parse(row!.translations!), {
      en_US: {
        title: 'Assigned to you: PAY-1000',
        body: 'A work item was assigned to you in <strong>Payments</strong>.',
      },
      zh_CN: { title: '指派给您：PAY-1000', body: '<strong>支付</strong>项目中有一个工作项指派给了您。' },
    });
  });
});

describe('given messages without a text in the reader’s language', () => {
  it('reads them as stored, in the list and on the stream', async () => {
    const { id, browser } = await newUser();
    await give(id, [{ app: 'flow' }]);
    const [old] = await listIn(browser, 'zh_CN');
    assert.equal(old!.title, 'message 0');
    assert.equal(old!.content, '<p>body 0</p>');

    // An app that gave English only.
    const streamed = await streamedMessage(browser, 'zh_CN', async () => {
      await insertMessageWithEvent(inbox.server.deps.db, {
        id: `m_${randomBytes(10).toString('hex')}`,
        user_id: id,
        app: 'codeup',
        title: 'Stored title',
        body: 'Stored body',
        created_at: inbox.server.clock.now(),
        translations: JSON.stringify({ en_US: { title: 'English title', body: 'English body' } }),
      });
      wakeStreams();
    });
    assert.equal(streamed.title, 'Stored title');
    assert.equal(streamed.content, 'Stored body');
    const [en] = await listIn(browser, 'en_US');
    assert.equal(en!.title, 'English title');
  });
});
