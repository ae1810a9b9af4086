/**
 * Forgot password on the standalone page, end to end in Chromium (issue 7): from the login
 * page's link through the three steps of `<yx-password-reset>` — the account, the code mailed to
 * it (read from the demo outbox), the new password — and back to signing in with it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { useE2E } from './support';

/** Console errors other than the browser's own line for an answer the flow expects to be refused. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of (401|404)/.test(e));

describe('forgot password on the standalone page', () => {
  const e2e = useE2E();

  /** A new visitor (own cookies, English) on `#route`. */
  async function open(route: string) {
    const { context, page, errors } = await e2e.newPage();
    await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
    await page.goto(`${e2e.pageUrl}#${route}`);
    return { context, page, errors };
  }

  /** The step the indicator marks as the current one. */
  const currentStep = (reset: Locator) => reset.locator('[part="step"][aria-current="step"]');

  // Labels are matched by their start: the visible label of a required field ends with '*'.
  async function signIn(page: Page, username: string, password: string) {
    const login = page.locator('yx-login');
    await login.getByLabel(/^Account/).fill(username);
    await login.getByLabel(/^Password/).fill(password);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  async function mailsTo(to: string): Promise<Array<{ subject: string; text: string }>> {
    const answer = await fetch(`${e2e.server.url}/users/dev/outbox`);
    assert.equal(answer.status, 200);
    return ((await answer.json()) as Array<{ to: string; subject: string; text: string }>).filter((m) => m.to === to);
  }

  it('lets alice set a new password in three steps, after which only the new one signs her in', async () => {
    // A session alice left open elsewhere: the reset ends it.
    const laptop = await e2e.newPage();
    await e2e.login(laptop.page, 'alice', 'Alice@2026');
    const me = () => laptop.page.request.get(`${e2e.server.url}/individual/proxy/me`).then((r) => r.status());
    assert.equal(await me(), 200);

    const { context, page, errors } = await open('/users/login');
    await page.locator('yx-login').getByRole('link', { name: 'Forgot Password' }).click();
    await page.waitForURL(/#\/users\/resetpassword$/);
    const reset = page.locator('yx-password-reset');
    await reset.getByRole('heading', { name: 'Forgot Password' }).waitFor();

    // Step 1: the account.
    await currentStep(reset).filter({ hasText: 'Confirm Account' }).waitFor();
    await reset.getByLabel(/^Account/).fill('alice');
    await reset.getByRole('button', { name: 'Next' }).click();

    // Step 2: a code mailed to the (masked) address, then a countdown before another.
    await currentStep(reset).filter({ hasText: 'Security Verification' }).waitFor();
    await reset.getByText('a***e@example.com').first().waitFor();
    const seen = (await mailsTo('alice@example.com')).length;
    await reset.getByRole('button', { name: 'Get Code' }).click();
    await reset.getByRole('status').filter({ hasText: 'A verification code was sent to a***e@example.com' }).waitFor();
    const resend = reset.getByRole('button', { name: /^Resend in \d+ s$/ });
    await resend.waitFor();
    assert.equal(await resend.isDisabled(), true, 'no second code within the minute');
    let mail: { subject: string; text: string } | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      mail = (await mailsTo('alice@example.com'))[seen];
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(mail, 'the code was mailed to alice');
    assert.equal(mail.subject, 'Reset your Yunxiao password');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    assert.ok(code, 'the mail holds a 6-digit code');
    await reset.getByLabel('Verification code').pressSequentially(code, { delay: 50 });
    await reset.getByRole('button', { name: 'Next' }).click();

    // Step 3: the new password, twice.
    await currentStep(reset).filter({ hasText: 'Reset Password' }).waitFor();
    await reset.getByLabel(/^New password/).fill('Alice#Reset2027');
    await reset.getByLabel(/^Confirm new password/).fill('Alice#Reset2027');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await reset.getByText('Your password has been reset. Sign in with the new password.').waitFor();
    assert.equal(await me(), 401, 'the session alice had open elsewhere has ended');

    await reset.getByRole('button', { name: 'Return to Login' }).click();
    await page.waitForURL(/#\/users\/login$/);
    await signIn(page, 'alice', 'Alice@2026');
    await page.locator('yx-login [part="form-error"]', { hasText: 'The account or password is incorrect' }).waitFor();
    await signIn(page, 'alice', 'Alice#Reset2027');
    await page.waitForURL(/#\/users\/settings\/profile$/);
    await page.locator('yx-profile [part="account"]', { hasText: 'alice' }).waitFor();
    assert.deepEqual(unexpected(errors), []);
    await context.close();
    await laptop.context.close();
  });

  it('mails carol the reset code, not a sign-in code, after she left a sign-in waiting for one', async () => {
    const { context, page, errors } = await open('/users/login');
    const seen = (await mailsTo('carol@example.com')).length;
    await signIn(page, 'carol', 'Carol@2026');
    const login = page.locator('yx-login');
    await login.getByRole('heading', { name: 'Security Verification' }).waitFor();
    await login.getByRole('button', { name: 'Return to Login' }).click();
    await login.getByRole('link', { name: 'Forgot Password' }).click();
    await page.waitForURL(/#\/users\/resetpassword$/);

    const reset = page.locator('yx-password-reset');
    await reset.getByLabel(/^Account/).fill('carol');
    await reset.getByRole('button', { name: 'Next' }).click();
    await currentStep(reset).filter({ hasText: 'Security Verification' }).waitFor();
    // One code mail a minute per account, whichever flow asks: the sign-in's code used this one.
    e2e.server.clock.advance(60_000);
    await reset.getByRole('button', { name: 'Get Code' }).click();
    await reset.getByRole('status').filter({ hasText: 'A verification code was sent to c***l@example.com' }).waitFor();
    let mail: { subject: string; text: string } | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      mail = (await mailsTo('carol@example.com'))[seen + 1];
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(mail, 'a second mail went to carol');
    // Carol reads Chinese: the reset mail, not the sign-in code mail ('您的云效验证码').
    assert.equal(mail.subject, '重置您的云效密码');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    assert.ok(code);
    await reset.getByLabel('Verification code').pressSequentially(code, { delay: 50 });
    await reset.getByRole('button', { name: 'Next' }).click();

    await currentStep(reset).filter({ hasText: 'Reset Password' }).waitFor();
    const me = await page.evaluate(() => fetch('/individual/proxy/me').then((r) => r.status));
    assert.equal(me, 401, 'the reset code signs nobody in');
    await reset.getByLabel(/^New password/).fill('Carol#Reset2027');
    await reset.getByLabel(/^Confirm new password/).fill('Carol#Reset2027');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await reset.getByText('Your password has been reset. Sign in with the new password.').waitFor();
    assert.deepEqual(
      unexpected(errors).filter((e) => !/status of 403/.test(e)),
      [],
      'only the expected refusal (the sign-in that asked for a code)',
    );
    await context.close();
  });

  /**
   * Demo asks for a code, then the tab reloads (a mobile browser does so while the user is in the
   * mail app): the account again, Get Code. Returns the mailed code, with the page on step 2.
   */
  async function codeThenReload(username: string, to: string, masked: string) {
    // Whatever an earlier test mailed is past its resend wait.
    e2e.server.clock.advance(60_000);
    const { context, page, errors } = await open('/users/resetpassword');
    const reset = page.locator('yx-password-reset');
    const toVerify = async () => {
      await reset.getByLabel(/^Account/).fill(username);
      await reset.getByRole('button', { name: 'Next' }).click();
      await currentStep(reset).filter({ hasText: 'Security Verification' }).waitFor();
    };
    await toVerify();
    const seen = (await mailsTo(to)).length;
    await reset.getByRole('button', { name: 'Get Code' }).click();
    await reset
      .getByRole('status')
      .filter({ hasText: `A verification code was sent to ${masked}` })
      .waitFor();
    let mail: { subject: string; text: string } | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      mail = (await mailsTo(to))[seen];
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    assert.ok(code, 'a code was mailed');

    e2e.server.clock.advance(20_000);
    await page.reload();
    await toVerify();
    await reset.getByRole('button', { name: 'Get Code' }).click();
    await reset
      .getByRole('status')
      .filter({ hasText: `A verification code was already sent to ${masked}. Check your inbox.` })
      .waitFor();
    assert.equal(await reset.locator('[part="form-error"]').count(), 0, 'not an error');
    const resend = reset.getByRole('button', { name: /^Resend in \d+ s$/ });
    await resend.waitFor();
    const wait = Number(/\d+/.exec((await resend.textContent()) ?? '')?.[0]);
    assert.ok(wait > 30 && wait <= 40, `the wait the server named (${wait} s)`);
    assert.equal((await mailsTo(to)).length, seen + 1, 'no second mail');
    return { context, page, errors, reset, code };
  }

  it('after a reload, Get Code says a code was already sent, and the mailed code goes to the server', async () => {
    const { context, page, reset, code } = await codeThenReload('demo', 'demo@example.com', 'd***o@example.com');
    await reset.getByLabel('Verification code').pressSequentially(code, { delay: 50 });
    const verify = page.waitForResponse((r) => r.url().endsWith('/users/demo/emailCaptcha:verify'));
    await reset.getByRole('button', { name: 'Next' }).click();
    await verify;
    assert.equal(
      await reset.locator('[part="form-error"]', { hasText: 'Get a verification code first' }).count(),
      0,
      'the client does not refuse it',
    );
    await context.close();
  });

  it(
    // login/recovery.ts checkAccount keeps this session's reset flow, and with it the code.
    'after a reload, the code mailed before it leads to step 3',
    async () => {
      const { context, reset, errors, code } = await codeThenReload('alice', 'alice@example.com', 'a***e@example.com');
      await reset.getByLabel('Verification code').pressSequentially(code, { delay: 50 });
      await reset.getByRole('button', { name: 'Next' }).click();
      await currentStep(reset).filter({ hasText: 'Reset Password' }).waitFor({ timeout: 5000 });
      assert.deepEqual(
        unexpected(errors).filter((e) => !/status of 429/.test(e)),
        [],
        'only the expected refusal (the resend wait)',
      );
      await context.close();
    },
  );

  it('tells another browser asking within the minute to wait, not that a code was already sent to it', async () => {
    e2e.server.clock.advance(60_000);
    const toVerify = async () => {
      const opened = await open('/users/resetpassword');
      const reset = opened.page.locator('yx-password-reset');
      await reset.getByLabel(/^Account/).fill('demo');
      await reset.getByRole('button', { name: 'Next' }).click();
      await currentStep(reset).filter({ hasText: 'Security Verification' }).waitFor();
      await reset.getByRole('button', { name: 'Get Code' }).click();
      return { ...opened, reset };
    };
    const before = (await mailsTo('demo@example.com')).length;
    const first = await toVerify();
    await first.reset
      .getByRole('status')
      .filter({ hasText: 'A verification code was sent to d***o@example.com' })
      .waitFor();
    let seen = before;
    for (let i = 0; i < 100 && seen === before; i++) {
      seen = (await mailsTo('demo@example.com')).length;
      if (seen === before) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(seen, before + 1, 'the first browser’s code was mailed');

    // A second browser from the same address (its own session): the minute is the first one's.
    const second = await toVerify();
    const error = second.reset.locator('[part="form-error"]');
    await error.filter({ hasText: 'Too many requests. You can get a code when the countdown ends.' }).waitFor();
    assert.equal(await second.reset.getByRole('status').filter({ hasText: 'already sent' }).count(), 0);
    // It sent no code: the countdown is to Get Code, not to a resend.
    await second.reset.getByRole('button', { name: /^Get Code in \d+ s$/ }).waitFor();
    assert.equal((await mailsTo('demo@example.com')).length, seen, 'no second mail');
    assert.deepEqual(
      unexpected(second.errors).filter((e) => !/status of 429/.test(e)),
      [],
      'only the expected refusal (the wait)',
    );
    await first.context.close();
    await second.context.close();
  });

  it('says in place that an unknown account does not exist, and stays on the first step', async () => {
    const { context, page, errors } = await open('/users/resetpassword');
    const reset = page.locator('yx-password-reset');
    await reset.getByLabel(/^Account/).fill('nobody-by-this-name');
    await reset.getByRole('button', { name: 'Next' }).click();
    await reset.getByRole('alert').filter({ hasText: 'The account does not exist' }).waitFor();
    await currentStep(reset).filter({ hasText: 'Confirm Account' }).waitFor();
    assert.equal(await reset.getByRole('button', { name: 'Get Code' }).count(), 0);
    assert.deepEqual(unexpected(errors), []);
    await context.close();
  });
});
