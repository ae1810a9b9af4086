/**
 * The account-wide limits of the emailed codes (§9 "email resend 1 minute", §8): one code mail a
 * minute per account whichever browser, tab or flow asks, and a cap on wrong codes per account
 * that new browser sessions do not reset — the audit's "12 reset mails and 48 guesses in 2 s".
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../server/auth/password';
import { serverTranslator } from '../../server/i18n';
import { listMail } from '../../server/repos/outbox';
import { insertUsers } from '../../server/repos/users';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';

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
// Every test starts clear of the minute limits (checks, mails) an earlier one used.
beforeEach(() => server.clock.advance(61_000));

const PASSWORD = 'Limits@2026';
// Anonymous browsers get the default language.
const t = serverTranslator('zh_CN');
const step = (username: string, action: string) => `/users/ajax/users/${username}/${action}`;

async function newUser(options: { riskCheck?: boolean } = {}) {
  const username = `cl_${randomBytes(4).toString('hex')}`;
  const email = `${username}@example.org`;
  await insertUsers(server.deps.db, [
    {
      id: `u_${randomBytes(10).toString('hex')}`,
      username,
      name: username,
      email,
      email_verified: true,
      password_hash: await hashPassword(PASSWORD),
      locale: 'en_US',
      risk_check: options.riskCheck ?? false,
    },
  ]);
  return { username, email };
}

/** The mails sent to `to`, and the code of the newest. */
async function mailsTo(to: string) {
  const mails = (await listMail(server.deps.db)).filter((m) => m.to === to);
  return { count: mails.length, code: /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '' };
}

/** A new browser (its own anonymous session) at step 2 of forgot password. */
async function checkedBrowser(username: string) {
  const b = new Client(server.url);
  await b.pageSettings();
  const checked = await b.get(step(username, 'check'));
  assert.equal(checked.status, 200, checked.text);
  return b;
}

/** A browser that asked for a reset code and got one; the code. */
async function browserWithCode(user: { username: string; email: string }) {
  const b = await checkedBrowser(user.username);
  const sent = await b.post(step(user.username, 'emailCaptcha'));
  assert.equal(sent.status, 200, sent.text);
  return { b, code: (await mailsTo(user.email)).code };
}

/** A 6-digit code that is none of `codes`. */
function wrongCode(...codes: string[]) {
  for (let n = 0; ; n++) {
    const guess = String(100000 + n);
    if (!codes.includes(guess)) return guess;
  }
}

function assertTooFrequent(answer: { status: number; body: any; text: string }, what: string) {
  assert.equal(answer.status, 429, `${what}: ${answer.text}`);
  assert.equal(answer.body.code, 'too_many_requests', what);
  assert.ok(answer.body.retry_after >= 1 && answer.body.retry_after <= 60, `${what}: ${answer.text}`);
  assert.equal(answer.body.message, t('login.code.retryAfter', { seconds: answer.body.retry_after }), what);
}

describe('given someone asking for reset codes of one account from fresh browsers', () => {
  it('mails one code a minute, and tells the others when to ask again', async () => {
    const user = await newUser();
    const first = await browserWithCode(user);
    for (let i = 0; i < 3; i++) {
      const b = await checkedBrowser(user.username);
      assertTooFrequent(await b.post(step(user.username, 'emailCaptcha')), `browser ${i + 2}`);
    }
    assert.equal((await mailsTo(user.email)).count, 1, 'one mail in the inbox');
    assert.deepEqual(
      (await first.b.post(step(user.username, 'emailCaptcha:verify'), { code: first.code })).body,
      { verified: true },
      'the mailed code still works',
    );

    server.clock.advance(60_000);
    await browserWithCode(user);
    assert.equal((await mailsTo(user.email)).count, 2, 'a minute later, a new code');
  });

  it('mails one code when many browsers ask at the same time', async () => {
    const user = await newUser();
    const browsers = await Promise.all(Array.from({ length: 6 }, () => checkedBrowser(user.username)));
    const answers = await Promise.all(browsers.map((b) => b.post(step(user.username, 'emailCaptcha'))));
    assert.equal(answers.filter((a) => a.status === 200).length, 1, answers.map((a) => a.text).join('\n'));
    for (const answer of answers.filter((a) => a.status !== 200)) assertTooFrequent(answer, 'the others');
    assert.equal((await mailsTo(user.email)).count, 1);
  });
});

describe('given a user who already asked for a code in another tab or flow', () => {
  it('answers a second tab within the minute with when to ask again, then mails', async () => {
    const user = await newUser();
    const tab1 = await browserWithCode(user);
    // The second tab shares the browser's session and starts the reset over.
    assert.equal((await tab1.b.get(step(user.username, 'check'))).status, 200);
    assertTooFrequent(await tab1.b.post(step(user.username, 'emailCaptcha')), 'the second tab');
    server.clock.advance(60_000);
    const again = await tab1.b.post(step(user.username, 'emailCaptcha'));
    assert.equal(again.status, 200, again.text);
    assert.equal((await mailsTo(user.email)).count, 2);
  });

  it("counts a risky sign-in's code and a reset code as one mail a minute", async () => {
    const user = await newUser({ riskCheck: true });
    const signingIn = new Client(server.url);
    await signingIn.pageSettings();
    const pending = await signingIn.post('/users/ajax/login', { username: user.username, password: PASSWORD });
    assert.equal(pending.body.code, 'email_verification_required', pending.text);
    assert.equal((await mailsTo(user.email)).count, 1);

    const resetting = await checkedBrowser(user.username);
    assertTooFrequent(await resetting.post(step(user.username, 'emailCaptcha')), 'the reset');
    const elsewhere = new Client(server.url);
    await elsewhere.pageSettings();
    const signIn = await elsewhere.post('/users/ajax/login', { username: user.username, password: PASSWORD });
    assertTooFrequent(signIn, 'a sign-in from another browser');
    assert.equal((await mailsTo(user.email)).count, 1, 'still one mail');

    const again = await signingIn.post('/users/ajax/login', { username: user.username, password: PASSWORD });
    assert.equal(again.body.code, 'email_verification_required', 'the first browser still waits for its code');
    const { code } = await mailsTo(user.email);
    const signedIn = await signingIn.post(step(user.username, 'emailCaptcha:verify'), { code });
    assert.equal(signedIn.status, 200, signedIn.text);
  });
});

describe('given wrong codes typed for one account in several browsers', () => {
  it('voids every outstanding code of the account at the 5th, and a new code works', async () => {
    const user = await newUser();
    const one = await browserWithCode(user);
    server.clock.advance(60_000);
    const two = await browserWithCode(user);
    server.clock.advance(60_000);
    const three = await browserWithCode(user);
    const wrong = wrongCode(one.code, two.code, three.code);

    for (const [b, times] of [
      [one.b, 2],
      [two.b, 2],
    ] as const) {
      for (let i = 0; i < times; i++) {
        const answer = await b.post(step(user.username, 'emailCaptcha:verify'), { code: wrong });
        assert.equal(answer.body.code, 'code_incorrect', answer.text);
        assert.equal(answer.body.message, t('error.codeIncorrect'), 'the message of §8');
      }
    }
    const fifth = await three.b.post(step(user.username, 'emailCaptcha:verify'), { code: wrong });
    assert.equal(fifth.body.code, 'code_voided', fifth.text);
    for (const { b, code } of [one, two, three]) {
      const right = await b.post(step(user.username, 'emailCaptcha:verify'), { code });
      assert.equal(right.status, 400, 'the right code no longer works');
      assert.equal(right.body.code, 'code_voided', right.text);
    }

    server.clock.advance(60_000);
    const sent = await one.b.post(step(user.username, 'emailCaptcha'));
    assert.equal(sent.status, 200, sent.text);
    const fresh = await one.b.post(step(user.username, 'emailCaptcha:verify'), {
      code: (await mailsTo(user.email)).code,
    });
    assert.deepEqual(fresh.body, { verified: true }, 'a new code works');
  });

  it('evaluates no more than the cap when the guesses come all at once', async () => {
    const user = await newUser();
    const holders = [];
    for (let i = 0; i < 3; i++) {
      holders.push(await browserWithCode(user));
      server.clock.advance(60_000);
    }
    const wrong = wrongCode(...holders.map((h) => h.code));
    const guesses = holders.flatMap(({ b }) =>
      Array.from({ length: 4 }, () => b.post(step(user.username, 'emailCaptcha:verify'), { code: wrong })),
    );
    const answers = await Promise.all(guesses);
    const incorrect = answers.filter((a) => a.body.code === 'code_incorrect').length;
    assert.ok(incorrect <= 4, `${incorrect} guesses were judged incorrect: no more than 4 before the codes end`);
    assert.ok(
      answers.some((a) => a.body.code === 'code_voided'),
      'someone is told the codes ended',
    );
    for (const a of answers) assert.ok(['code_incorrect', 'code_voided', 'code_expired'].includes(a.body.code), a.text);
    for (const { b, code } of holders) {
      const right = await b.post(step(user.username, 'emailCaptcha:verify'), { code });
      assert.equal(right.status, 400, `the right code no longer works: ${right.text}`);
    }
  });

  it('lets the owner in with the right code after a few typos in other browsers', async () => {
    const user = await newUser();
    const other = await browserWithCode(user);
    server.clock.advance(60_000);
    const mine = await browserWithCode(user);
    const wrong = wrongCode(other.code, mine.code);
    for (let i = 0; i < 4; i++) await other.b.post(step(user.username, 'emailCaptcha:verify'), { code: wrong });
    const verified = await mine.b.post(step(user.username, 'emailCaptcha:verify'), { code: mine.code });
    assert.deepEqual(verified.body, { verified: true }, verified.text);
  });
});
