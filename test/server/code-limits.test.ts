/**
 * The limits of the emailed codes across browser sessions (§9 "email resend 1 minute", §8): one
 * code mail a minute whichever browser or tab asks, and a cap on wrong codes per account that new
 * browser sessions do not reset — the audit's "12 reset mails and 48 guesses in 2 s". Each flow
 * has its own: a stranger who knows only a name and runs forgot password must not keep the owner
 * from signing in (one mail a minute per account and address for resets, and an hourly cap per
 * account, instead of one per account shared by both flows), nor from resetting: addresses count
 * by group (an IPv6 /64), the owner's own browser is not held by the hourly caps, and wrong reset
 * codes count per address group.
 */
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../server/auth/password';
import {
  MAX_RESET_MAILS,
  MAX_RESET_MAILS_ALL,
  MAX_RESET_MAILS_PER_ADDRESS,
  RESET_MAILS_WINDOW_MS,
} from '../../server/login/codes';
import { serverTranslator } from '../../server/i18n';
import { listMail } from '../../server/repos/outbox';
import { insertUsers } from '../../server/repos/users';
import { useTestServer } from './helpers/server';
import { DEVICE_COOKIE } from '../../server/login/device';
import { Client, ClientAt } from './helpers/client';

// Behind a trusted proxy, so that a test can speak from several client addresses; a request
// without `X-Forwarded-For` comes from the peer, as before.
const server = useTestServer({ config: { trustProxy: true } });
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

/** A new browser (its own anonymous session) at step 2 of forgot password, from `address` when
 * given (else the test's own). */
async function checkedBrowser(username: string, address?: string) {
  const b = address ? new ClientAt(server.url, address) : new Client(server.url);
  await b.pageSettings();
  const checked = await b.get(step(username, 'check'));
  assert.equal(checked.status, 200, checked.text);
  return b;
}

/** A browser that asked for a reset code and got one; the code. */
async function browserWithCode(user: { username: string; email: string }, address?: string) {
  const b = await checkedBrowser(user.username, address);
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

/** A browser that typed the right password of a risk-checked `user` and was mailed a code; the code. */
async function pendingSignIn(user: { username: string; email: string }) {
  const b = new Client(server.url);
  await b.pageSettings();
  const pending = await b.post('/users/ajax/login', { username: user.username, password: PASSWORD });
  assert.equal(pending.body.code, 'email_verification_required', pending.text);
  return { b, code: (await mailsTo(user.email)).code };
}

describe('given someone asking for reset codes of one account from fresh browsers at one address', () => {
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

  it("keeps a risky sign-in's minute and a reset's apart", async () => {
    const user = await newUser({ riskCheck: true });
    const signingIn = await pendingSignIn(user);
    assert.equal((await mailsTo(user.email)).count, 1);

    const resetting = await checkedBrowser(user.username);
    const reset = await resetting.post(step(user.username, 'emailCaptcha'));
    assert.equal(reset.status, 200, `the reset has a minute of its own: ${reset.text}`);
    const elsewhere = new Client(server.url);
    await elsewhere.pageSettings();
    const signIn = await elsewhere.post('/users/ajax/login', { username: user.username, password: PASSWORD });
    assertTooFrequent(signIn, 'a sign-in from another browser');
    assert.equal((await mailsTo(user.email)).count, 2, 'one sign-in mail and one reset mail');

    const again = await signingIn.b.post('/users/ajax/login', { username: user.username, password: PASSWORD });
    assert.equal(again.body.code, 'email_verification_required', 'the first browser still waits for its code');
    const signedIn = await signingIn.b.post(step(user.username, 'emailCaptcha:verify'), { code: signingIn.code });
    assert.equal(signedIn.status, 200, signedIn.text);
  });
});

describe('given a stranger who knows only the name and asks for reset codes', () => {
  it('still mails the owner a sign-in code, which signs them in', async () => {
    const user = await newUser({ riskCheck: true });
    await browserWithCode(user);
    const owner = await pendingSignIn(user);
    assert.equal((await mailsTo(user.email)).count, 2, 'the reset mail, then the sign-in mail');
    const resend = await owner.b.post(step(user.username, 'emailCaptcha'));
    assertTooFrequent(resend, "the owner's own resend within the minute");
    const signedIn = await owner.b.post(step(user.username, 'emailCaptcha:verify'), { code: owner.code });
    assert.equal(signedIn.status, 200, signedIn.text);
  });

  it("does not void the owner's sign-in code with 5 wrong reset codes", async () => {
    const user = await newUser({ riskCheck: true });
    const owner = await pendingSignIn(user);
    const stranger = await browserWithCode(user);
    const wrong = wrongCode(owner.code, stranger.code);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push((await stranger.b.post(step(user.username, 'emailCaptcha:verify'), { code: wrong })).body.code);
    }
    assert.deepEqual(answers, [...Array(4).fill('code_incorrect'), 'code_voided'], 'the reset codes end');
    const signedIn = await owner.b.post(step(user.username, 'emailCaptcha:verify'), { code: owner.code });
    assert.equal(signedIn.status, 200, signedIn.text);
  });

  it('mails a reset code asked from another address while the first waits', async () => {
    const user = await newUser();
    await browserWithCode(user, '203.0.113.1');
    const sameAddress = await checkedBrowser(user.username, '203.0.113.1');
    assertTooFrequent(await sameAddress.post(step(user.username, 'emailCaptcha')), 'the same address');
    const owner = await browserWithCode(user, '198.51.100.2');
    assert.equal((await mailsTo(user.email)).count, 2, 'one mail per address');
    const verified = await owner.b.post(step(user.username, 'emailCaptcha:verify'), { code: owner.code });
    assert.deepEqual(verified.body, { verified: true }, verified.text);
  });

  it(`mails no more than ${MAX_RESET_MAILS_PER_ADDRESS} reset codes an hour asked from one address`, async () => {
    const user = await newUser();
    for (let i = 0; i < MAX_RESET_MAILS_PER_ADDRESS; i++) {
      await browserWithCode(user, '203.0.113.9');
      server.clock.advance(61_000);
    }
    const again = await checkedBrowser(user.username, '203.0.113.9');
    const capped = await again.post(step(user.username, 'emailCaptcha'));
    assert.equal(capped.status, 429, capped.text);
    assert.ok(capped.body.retry_after > 60, `told to wait for its hour: ${capped.text}`);
    // That address cannot use up the account's hour: the owner, elsewhere, still gets a code.
    const owner = await browserWithCode(user, '198.51.100.3');
    assert.equal((await mailsTo(user.email)).count, MAX_RESET_MAILS_PER_ADDRESS + 1);
    const verified = await owner.b.post(step(user.username, 'emailCaptcha:verify'), { code: owner.code });
    assert.deepEqual(verified.body, { verified: true }, verified.text);
  });

  it(`counts the addresses of one IPv6 /64 as one towards the ${MAX_RESET_MAILS_PER_ADDRESS} an hour`, async () => {
    const user = await newUser();
    // A host with a /64 can pick a new address for every request.
    for (let i = 0; i < MAX_RESET_MAILS_PER_ADDRESS; i++) {
      await browserWithCode(user, `2001:db8:7:7::${i + 1}`);
      server.clock.advance(61_000);
    }
    const again = await checkedBrowser(user.username, '2001:db8:7:7:abcd::99');
    const capped = await again.post(step(user.username, 'emailCaptcha'));
    assert.equal(capped.status, 429, capped.text);
    assert.ok(capped.body.retry_after > 60, `told to wait for its hour: ${capped.text}`);
    await browserWithCode(user, '2001:db8:7:8::1');
    assert.equal((await mailsTo(user.email)).count, MAX_RESET_MAILS_PER_ADDRESS + 1, 'the next /64 is apart');
  });

  it('still mails the owner, at a browser they signed in from, once strangers used up the hour', async () => {
    const user = await newUser();
    const home = '203.0.113.60';
    const signedIn = new ClientAt(server.url, home);
    assert.equal((await signedIn.login(user.username, PASSWORD)).status, 200);
    const deviceId = signedIn.cookies.get(DEVICE_COOKIE);
    assert.ok(deviceId, 'the browser has its device cookie');
    // Strangers, one of them behind the owner's own address, use up every hourly cap.
    for (let i = 0; i < MAX_RESET_MAILS_PER_ADDRESS; i++) {
      for (const address of [home, '203.0.113.61', '203.0.113.62']) await browserWithCode(user, address);
      server.clock.advance(61_000);
    }
    assert.equal((await mailsTo(user.email)).count, MAX_RESET_MAILS);
    const stranger = await checkedBrowser(user.username, '203.0.113.61');
    const capped = await stranger.post(step(user.username, 'emailCaptcha'));
    assert.equal(capped.status, 429, `a browser the account never signed in from waits: ${capped.text}`);

    // The owner, signed out, at the same browser (its device cookie) and address.
    const owner = new ClientAt(server.url, home);
    owner.cookies.set(DEVICE_COOKIE, deviceId);
    await owner.pageSettings();
    assert.equal((await owner.get(step(user.username, 'check'))).status, 200);
    const sent = await owner.post(step(user.username, 'emailCaptcha'));
    assert.equal(sent.status, 200, sent.text);
    const { count, code } = await mailsTo(user.email);
    assert.equal(count, MAX_RESET_MAILS + 1);
    const verified = await owner.post(step(user.username, 'emailCaptcha:verify'), { code });
    assert.deepEqual(verified.body, { verified: true }, verified.text);
    // Its minute still holds.
    assertTooFrequent(await owner.post(step(user.username, 'emailCaptcha')), "the owner's resend within the minute");
  });

  it("does not void the owner's reset code with wrong codes typed from elsewhere", async () => {
    const user = await newUser();
    const owner = await browserWithCode(user, '198.51.100.20');
    // A stranger with two browsers on one IPv6 /64, each with its own code.
    const first = await browserWithCode(user, '2001:db8:5:5::1');
    server.clock.advance(61_000);
    const second = await browserWithCode(user, '2001:db8:5:5::2');
    const wrong = wrongCode(owner.code, first.code, second.code);
    const answers = [];
    for (const [b, times] of [
      [first.b, 3],
      [second.b, 2],
    ] as const) {
      for (let i = 0; i < times; i++) {
        answers.push((await b.post(step(user.username, 'emailCaptcha:verify'), { code: wrong })).body.code);
      }
    }
    assert.deepEqual(answers, [...Array(4).fill('code_incorrect'), 'code_voided'], 'the 5th from the /64 ends them');
    const right = await first.b.post(step(user.username, 'emailCaptcha:verify'), { code: first.code });
    assert.equal(right.body.code, 'code_voided', `the /64's tries are over: ${right.text}`);

    const verified = await owner.b.post(step(user.username, 'emailCaptcha:verify'), { code: owner.code });
    assert.deepEqual(verified.body, { verified: true }, verified.text);
  });

  it(`mails no more than ${MAX_RESET_MAILS} reset codes an hour to an account, from any addresses`, async () => {
    const user = await newUser({ riskCheck: true });
    for (let i = 0; i < MAX_RESET_MAILS; i++) await browserWithCode(user, `203.0.113.${i + 1}`);
    server.clock.advance(61_000);
    const again = await checkedBrowser(user.username, '203.0.113.1');
    const capped = await again.post(step(user.username, 'emailCaptcha'));
    assert.equal(capped.status, 429, `an address that had a code waits: ${capped.text}`);
    assert.equal(capped.body.code, 'too_many_requests');
    assert.equal(capped.body.retry_after, (RESET_MAILS_WINDOW_MS - 61_000) / 1000, 'told to wait for the hour to end');
    assert.equal(capped.body.message, t('login.code.retryAfter', { seconds: capped.body.retry_after }));
    assert.equal((await mailsTo(user.email)).count, MAX_RESET_MAILS);
    const owner = await pendingSignIn(user);
    assert.equal((await mailsTo(user.email)).count, MAX_RESET_MAILS + 1, 'sign-in codes are not capped by resets');
    assert.equal((await owner.b.post(step(user.username, 'emailCaptcha:verify'), { code: owner.code })).status, 200);

    server.clock.advance(RESET_MAILS_WINDOW_MS - 61_000 - 1000);
    const late = await checkedBrowser(user.username, '203.0.113.1');
    const stillCapped = await late.post(step(user.username, 'emailCaptcha'));
    assert.equal(stillCapped.body.retry_after, 1, `until the hour ends: ${stillCapped.text}`);
    server.clock.advance(1000);
    await browserWithCode(user, '203.0.113.1');
    assert.equal((await mailsTo(user.email)).count, MAX_RESET_MAILS + 2, 'an hour later, a new code');
  });

  it(`still mails one code to a network that had none, up to ${MAX_RESET_MAILS_ALL} an hour`, async () => {
    const user = await newUser();
    for (let i = 0; i < MAX_RESET_MAILS; i++) await browserWithCode(user, `203.0.113.${i + 1}`);
    // The owner, at a new browser on a network the strangers did not use, still gets a code.
    const owner = await browserWithCode(user, '2001:db8:7:1::1');
    assert.equal((await mailsTo(user.email)).count, MAX_RESET_MAILS + 1);
    const verified = await owner.b.post(step(user.username, 'emailCaptcha:verify'), { code: owner.code });
    assert.deepEqual(verified.body, { verified: true }, verified.text);
    // Another /64 of the same /48 is the same network: its one code is spent.
    const sameSite = await checkedBrowser(user.username, '2001:db8:7:2::1');
    assert.equal((await sameSite.post(step(user.username, 'emailCaptcha'))).status, 429, 'one code per network');
    // Strangers with many networks get no more than the hard cap.
    for (let i = MAX_RESET_MAILS + 1; i < MAX_RESET_MAILS_ALL; i++) await browserWithCode(user, `198.51.100.${i}`);
    assert.equal((await mailsTo(user.email)).count, MAX_RESET_MAILS_ALL);
    const over = await checkedBrowser(user.username, '192.0.2.99');
    const capped = await over.post(step(user.username, 'emailCaptcha'));
    assert.equal(capped.status, 429, `past the hard cap even a new network waits: ${capped.text}`);
    assert.equal((await mailsTo(user.email)).count, MAX_RESET_MAILS_ALL);
  });
});

describe('given wrong codes typed for one account in several browsers at one address', () => {
  it('voids every outstanding code there at the 5th, and a new code works', async () => {
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
