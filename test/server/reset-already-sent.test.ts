/**
 * Get Code during a wait (login/codes.ts `sendCode`): the 429 says `already_sent` only when the
 * wait is for the code this browser session's own reset mailed within the minute, which still
 * works — the page then tells the user to type it. Any other wait (another browser's code, even
 * from the same address; a code of this session that was used or replaced; an hourly cap whose
 * end is under a minute away) is the plain `too_many_requests` with its real `retry_after`, so the
 * page never claims a code went to the user's address when none did for them.
 */
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_RESET_MAILS_PER_ADDRESS, RESET_MAILS_WINDOW_MS } from '../../server/login/codes';
import { serverTranslator } from '../../server/i18n';
import { listMail } from '../../server/repos/outbox';
import { useTestServer } from './helpers/server';
import { newAccount } from './helpers/accounts';
import { ClientAt } from './helpers/client';

const server = useTestServer({ config: { trustProxy: true } });
// Every test starts clear of the minute limits an earlier one used.
beforeEach(() => server.clock.advance(61_000));

const t = serverTranslator('zh_CN');
const step = (username: string, action: string) => `/users/ajax/users/${username}/${action}`;

/** A new account with a verified address, in no risk check. */
const newUser = () => newAccount(server, 'en_US', { risk_check: false });

async function mailsTo(to: string) {
  const mails = (await listMail(server.deps.db)).filter((m) => m.to === to);
  return { count: mails.length, code: /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '' };
}

/** A new browser (its own session) at `address` that checked `username`. */
async function checked(username: string, address = '203.0.113.50', b = new ClientAt(server.url, address)) {
  if (!b.cookies.size) await b.pageSettings();
  const answer = await b.get(step(username, 'check'));
  assert.equal(answer.status, 200, answer.text);
  return b;
}

async function getCode(b: ClientAt, username: string) {
  return b.post(step(username, 'emailCaptcha'));
}

type Answer = { status: number; body: any; text: string };

function assertAlreadySent(answer: Answer, what: string) {
  assert.equal(answer.status, 429, `${what}: ${answer.text}`);
  assert.equal(answer.body.code, 'too_many_requests', what);
  assert.equal(answer.body.already_sent, true, `${what}: ${answer.text}`);
}

/** The plain wait: no `already_sent`, the body exactly as any other refusal's. */
function assertPlainWait(answer: Answer, what: string) {
  assert.equal(answer.status, 429, `${what}: ${answer.text}`);
  const { requestId: _id, ...rest } = answer.body;
  assert.deepEqual(
    rest,
    {
      code: 'too_many_requests',
      message: t('login.code.retryAfter', { seconds: answer.body.retry_after }),
      retry_after: answer.body.retry_after,
    },
    what,
  );
  assert.ok(answer.body.retry_after >= 1 && answer.body.retry_after <= 60, `${what}: a wait under a minute`);
}

describe("given Get Code within the minute of this browser's own reset code", () => {
  it('says the code was already sent, with the wait that is left, and that code works', async () => {
    const user = await newUser();
    const b = await checked(user.username);
    assert.equal((await getCode(b, user.username)).status, 200);
    const { code } = await mailsTo(user.email);
    server.clock.advance(20_000);
    // A reload: the page checks the account again, and the session's reset goes on.
    await checked(user.username, undefined, b);
    const again = await getCode(b, user.username);
    assertAlreadySent(again, 'after a reload');
    assert.equal(again.body.retry_after, 40);
    assert.equal((await mailsTo(user.email)).count, 1, 'no second mail');
    const verified = await b.post(step(user.username, 'emailCaptcha:verify'), { code });
    assert.deepEqual(verified.body, { verified: true }, verified.text);
  });

  it('does not say so once that code was used', async () => {
    const user = await newUser();
    const b = await checked(user.username);
    await getCode(b, user.username);
    const { code } = await mailsTo(user.email);
    assert.equal((await b.post(step(user.username, 'emailCaptcha:verify'), { code })).status, 200);
    await checked(user.username, undefined, b);
    assertPlainWait(await getCode(b, user.username), 'the used code is no longer in the inbox to type');
  });

  it('does not say so once this browser went on to another account and came back', async () => {
    const user = await newUser();
    const other = await newUser();
    const b = await checked(user.username);
    await getCode(b, user.username);
    // The session's reset is now the other account's: the first code is no longer its.
    await checked(other.username, undefined, b);
    const otherSent = await getCode(b, other.username);
    assert.equal(otherSent.status, 200, `another account has a minute of its own: ${otherSent.text}`);
    await checked(user.username, undefined, b);
    assertPlainWait(await getCode(b, user.username), 'back to the first account');
  });
});

describe('given a wait that belongs to someone else, or to a cap', () => {
  it('tells another browser at the same address the plain wait, not that a code was sent to it', async () => {
    const user = await newUser();
    assert.equal((await getCode(await checked(user.username), user.username)).status, 200);
    const second = await checked(user.username);
    assertPlainWait(await getCode(second, user.username), 'another browser, same address');
    // …and it stays plain after that browser reloads too: it never mailed a code.
    await checked(user.username, undefined, second);
    assertPlainWait(await getCode(second, user.username), 'the other browser after a reload');
  });

  it("does not hold one account by another account's code from the same address", async () => {
    const first = await newUser();
    const second = await newUser();
    assert.equal((await getCode(await checked(first.username), first.username)).status, 200);
    const b = await checked(second.username);
    const sent = await getCode(b, second.username);
    assert.equal(sent.status, 200, sent.text);
    assert.equal((await mailsTo(second.email)).count, 1);
  });

  it('tells an hourly cap ending within the minute as a plain wait, even to a browser that mailed before', async () => {
    const user = await newUser();
    const address = '203.0.113.77';
    const start = server.clock.now().getTime();
    let b: ClientAt | undefined;
    for (let i = 0; i < MAX_RESET_MAILS_PER_ADDRESS; i++) {
      b = await checked(user.username, address);
      assert.equal((await getCode(b, user.username)).status, 200);
      server.clock.advance(61_000);
    }
    // 30 s before the address's hour ends; the last browser's own code is minutes old.
    server.clock.advance(start + RESET_MAILS_WINDOW_MS - 30_000 - server.clock.now().getTime());
    await checked(user.username, address, b);
    const capped = await getCode(b!, user.username);
    assertPlainWait(capped, 'the hourly cap');
    assert.equal(capped.body.retry_after, 30, 'the cap’s own wait');
  });
});
