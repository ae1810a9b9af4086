/**
 * Issue 6 acceptance, end to end: a new user on the standalone page binds an email in
 * <yx-profile>, the server mails the link over real SMTP (an `smtp-server` receiver on 127.0.0.1),
 * the link opened in Chromium verifies the address, resending within a minute is refused with a
 * countdown, a change of the verified address waits for the new link (then the old address is
 * told), bad avatars are refused and a GIF one shows at once, and after a password change only
 * the new password signs in. The email and password changes show in the message centre.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { hashPassword } from '../../server/auth/password';
import { insertUsers } from '../../server/repos/users';
import { gif, png } from '../server/helpers/profile-images';
import { startE2E } from './support';
import type { E2E } from './support';
import { plainText } from '../server/helpers/mail';

interface Received {
  to: string[];
  raw: string;
}

const USERNAME = 'newcomer';
const OLD_PASSWORD = 'Start@2026';
const NEW_PASSWORD = 'Moved#2027';
const ADDRESS = 'newcomer@example.net';
const NEW_ADDRESS = 'nora@example.net';
const LONG = { timeout: 20_000 };

/** Waits for `check` to hold, polling; fails with `what` after `ms`. */
async function until(what: string, check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Signs in through the login form; resolves once the page went on to the profile. */
async function signInOnPage(e2e: E2E, page: Page, password: string): Promise<void> {
  const next = encodeURIComponent('#/users/settings/profile');
  await page.goto(`${e2e.pageUrl}#/users/login?nextUrl=${next}`);
  await page.locator('yx-login input[name="username"]').fill(USERNAME);
  await page.locator('yx-login input[name="password"]').fill(password);
  await page.locator('yx-login [part~="submit-button"]').click();
}

describe('the Personal Information tab, end to end', () => {
  let e2e: E2E;
  let smtp: SMTPServer;
  const inbox: Received[] = [];

  before(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    e2e = await startE2E({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    // A new member of the seeded organization: no email, no avatar, none of the seeded users'
    // sign-in hurdles. (Without an organization the settings shell has no menu to show.)
    const db = e2e.server.deps.db;
    await insertUsers(db, [
      {
        id: 'u_e2e_newcomer',
        username: USERNAME,
        name: 'Nora Newcomer',
        email: null,
        email_verified: false,
        password_hash: await hashPassword(OLD_PASSWORD),
        locale: 'en_US',
      },
    ]);
    const acme = await db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Acme Engineering')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('memberships')
      .values({ org_id: acme.id, user_id: 'u_e2e_newcomer', role: 'member', created_at: new Date() })
      .execute();
  });
  after(async () => {
    await e2e?.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  // One user's walk through the tab: each step starts where the one before it left the page.
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let link = '';
  const rebinds: Request[] = [];

  it('binds an email in the profile, and the verification link arrives by mail', async () => {
    ({ context, page, errors } = await e2e.newPage());
    await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
    context.on('request', (request) => {
      if (request.url().endsWith('/users/ajax/v1/my/emails:rebind')) rebinds.push(request);
    });

    await signInOnPage(e2e, page, OLD_PASSWORD);
    await page.waitForURL(/#\/users\/settings\/profile$/, LONG);
    const profile = page.locator('yx-profile');
    const email = profile.locator('[part="email"]');
    await email.locator('[part="email-none"]').waitFor(LONG);
    assert.equal(await email.getAttribute('data-state'), 'none');
    assert.equal(await profile.locator('[part="account"]').textContent(), USERNAME);

    // Bind: the dialog takes the address, the server mails the link, the row says "Not verified".
    await email.locator('[part~="bind-button"]').click();
    await profile.locator('input[name="email"]').fill(ADDRESS);
    await profile.locator('[part~="email-form"]').press('Enter');
    await profile
      .locator('[part="toast"]', { hasText: `Email address added. A verification email was sent to ${ADDRESS}.` })
      .waitFor(LONG);
    await email.locator('[part="email-status"]', { hasText: 'Not verified' }).waitFor();
    assert.equal(await email.locator('[part="email-address"]').textContent(), ADDRESS);

    await until('the verification mail', () => inbox.length === 1);
    assert.deepEqual(inbox[0]!.to, [ADDRESS]);
    const text = plainText(inbox[0]!.raw);
    link = /^http:\/\/\S+$/m.exec(text)?.[0] ?? '';
    assert.ok(link.startsWith(`${e2e.server.url}/users/#/users/emails?token=`), `the link in the mail: ${text}`);
  });

  it('refuses to resend within the minute, with a countdown', async () => {
    const profile = page.locator('yx-profile');
    const email = profile.locator('[part="email"]');
    // Right after binding: the button counts down and sends nothing.
    const resend = email.locator('[part~="resend-button"]');
    const counting = Number(/^Resend in (\d+) s$/.exec((await resend.textContent()) ?? '')?.[1]);
    assert.ok(counting > 0 && counting <= 60, `the countdown: ${counting}`);
    assert.equal(await resend.getAttribute('aria-disabled'), 'true');
    await resend.click({ force: true });
    assert.equal(rebinds.length, 0, 'no request while the countdown runs');
    // A reloaded page has forgotten its countdown; the server still refuses and says how long.
    await page.reload();
    await resend.waitFor(LONG);
    assert.equal(await resend.textContent(), 'Resend verification email');
    await resend.click();
    await profile
      .locator('[part="toast"]', {
        hasText: 'Failed to send the email: Too many requests. Please try again after one minute.',
      })
      .waitFor(LONG);
    await resend.filter({ hasText: /^Resend in \d+ s$/ }).waitFor();
    const seconds = Number(/(\d+)/.exec((await resend.textContent()) ?? '')?.[1]);
    assert.ok(seconds > 0 && seconds <= 60, `seconds left: ${seconds}`);
    assert.equal(rebinds.length, 1);
    assert.equal((await rebinds[0]!.response())?.status(), 429);
    assert.equal(inbox.length, 1, 'no second mail');
  });

  it('verifies the address from the mailed link, then shows it verified in the profile', async () => {
    // Opened from the mail in a new tab: verified, then on to the profile by itself.
    const tab = await context.newPage();
    await tab.goto(link);
    const result = tab.locator('yx-email-verify-result');
    await result.locator('[part="address"]', { hasText: `${ADDRESS} is verified` }).waitFor(LONG);
    assert.match(
      (await result.locator('[part="countdown"]').textContent()) ?? '',
      /^Redirecting in (?:[2-5] seconds|1 second)$/,
    );
    await tab.waitForURL(/#\/users\/settings\/profile$/, LONG);
    const tabEmail = tab.locator('yx-profile [part="email"]');
    await tabEmail.locator('[part="email-status"]', { hasText: 'Verified' }).waitFor(LONG);
    assert.equal(await tabEmail.getAttribute('data-state'), 'verified');
    await tab.close();
    await page.reload();
    await page
      .locator('yx-profile [part="email"]')
      .locator('[part="email-status"]', { hasText: 'Verified' })
      .waitFor(LONG);
  });

  it('changes the verified address: it stays until the new one is verified, then the old one is told', async () => {
    e2e.server.clock.advance(60_000); // past the one-minute throttle of the bind's mail
    await page.reload();
    const profile = page.locator('yx-profile');
    const email = profile.locator('[part="email"]');
    await email.locator('[part~="change-button"]').click(LONG);
    await profile.locator('[part="keeps-current"]').waitFor(LONG);
    await profile.locator('input[name="email"]').fill(NEW_ADDRESS);
    await profile.locator('[part~="email-form"]').press('Enter');
    const sent = `A verification email was sent to ${NEW_ADDRESS}. Your email address changes once its link is opened.`;
    await profile.locator('[part="toast"]', { hasText: sent }).waitFor(LONG);
    await email.locator('[part="email-pending-address"]', { hasText: NEW_ADDRESS }).waitFor();
    assert.equal(await email.locator('[part="email-address"]').textContent(), ADDRESS, 'the verified one stays');
    assert.equal(await email.locator('[part="email-status"]').textContent(), 'Verified');
    // A reload reads the pending change back from the server.
    await page.reload();
    await email.locator('[part="email-pending-status"]', { hasText: 'Pending verification' }).waitFor(LONG);

    await until('the verification mail to the new address', () => inbox.length === 2);
    assert.deepEqual(inbox[1]!.to, [NEW_ADDRESS]);
    const newLink = /^http:\/\/\S+$/m.exec(plainText(inbox[1]!.raw))?.[0] ?? '';
    const tab = await context.newPage();
    await tab.goto(newLink);
    await tab
      .locator('yx-email-verify-result [part="address"]', { hasText: `${NEW_ADDRESS} is verified` })
      .waitFor(LONG);
    await tab.close();
    await until('the notice to the old address', () => inbox.length === 3);
    assert.deepEqual(inbox[2]!.to, [ADDRESS]);
    assert.ok(plainText(inbox[2]!.raw).includes(`changed to ${NEW_ADDRESS}`), plainText(inbox[2]!.raw));
    await page.reload();
    await email.locator('[part="email-address"]', { hasText: NEW_ADDRESS }).waitFor(LONG);
    assert.equal(await email.locator('[part="email-status"]').textContent(), 'Verified');
    assert.equal(await email.locator('[part="email-pending"]').count(), 0);
  });

  it('refuses a 2 MB PNG and an SVG with clear messages, keeping the initials', async () => {
    const profile = page.locator('yx-profile');
    const file = profile.locator('input[type="file"]');
    const avatarError = profile.locator('[part="avatar-section"] [part="error"]');
    const initials = profile.locator('[part~="avatar-initials"]');
    assert.equal(await initials.textContent(), 'NN');
    const twoMegabytes = Buffer.alloc(2 * 1024 * 1024);
    twoMegabytes.set(png(4, 4));
    await file.setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: twoMegabytes });
    await avatarError.filter({ hasText: 'The avatar cannot exceed 1 MB' }).waitFor();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await file.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: svg });
    await avatarError.filter({ hasText: 'The avatar must be a JPG, JPEG, PNG or GIF image' }).waitFor();
    // The same SVG renamed .png passes the browser's check; the server reads its bytes and refuses.
    await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: svg });
    await avatarError
      .filter({ hasText: 'Failed to change the avatar: The avatar must be a JPG, JPEG, PNG or GIF image' })
      .waitFor(LONG);
    assert.equal(await initials.textContent(), 'NN', 'the old avatar stays');
  });

  it('shows a GIF avatar at once, served by the server', async () => {
    const profile = page.locator('yx-profile');
    const file = profile.locator('input[type="file"]');
    await file.setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from(gif()) });
    const avatar = profile.locator('img[part~="avatar"][data-state="saved"]');
    await avatar.waitFor(LONG);
    const src = (await avatar.getAttribute('src')) ?? '';
    assert.match(src, new RegExp(`^${e2e.server.url}/objects/avatars/[0-9a-f]{32}\\.gif$`));
    assert.equal(await avatar.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)), 1);
    assert.equal(await profile.locator('[part="avatar-section"] [part="error"]').textContent(), '');
    // The preview while it uploaded is a data: URL; a blocked one (the page's CSP) would be logged.
    assert.deepEqual(
      errors.filter((e) => /Content Security Policy/.test(e)),
      [],
    );
  });

  it('changes the password, signing out the other browser; then only the new password signs in', async () => {
    const profile = page.locator('yx-profile');
    // A second browser is signed in; the change signs it out and says so.
    const phone = await e2e.newPage();
    await e2e.login(phone.page, USERNAME, OLD_PASSWORD);
    const phoneMe = () => phone.page.request.get(`${e2e.server.url}/individual/proxy/me`).then((r) => r.status());
    assert.equal(await phoneMe(), 200);
    const password = profile.locator('[part="password-form"]');
    await password.locator('input[name="old_password"]').fill(OLD_PASSWORD);
    await password.locator('input[name="new_password"]').fill(NEW_PASSWORD);
    await password.locator('input[name="confirm_password"]').fill(NEW_PASSWORD);
    await password.locator('[part~="submit-button"]').click();
    await profile
      .locator('[part="toast"]', { hasText: 'Password changed. 1 other session was signed out.' })
      .waitFor(LONG);
    assert.equal(await phoneMe(), 401);
    await phone.context.close();

    // The old password no longer signs in; the new one does.
    const later = await e2e.newPage();
    await later.context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
    await signInOnPage(e2e, later.page, OLD_PASSWORD);
    await later.page
      .locator('yx-login [part="form-error"]', { hasText: 'The account or password is incorrect' })
      .waitFor(LONG);
    await later.page.locator('yx-login input[name="password"]').fill(NEW_PASSWORD);
    await later.page.locator('yx-login [part~="submit-button"]').click();
    await later.page.waitForURL(/#\/users\/settings\/profile$/, LONG);
    await later.page.locator('yx-profile [part="account"]', { hasText: USERNAME }).waitFor(LONG);
    await later.context.close();
  });

  it('lists the email and password changes as sensitive messages', async () => {
    await page.goto(`${e2e.pageUrl}#/users/notifications`);
    const centre = page.locator('yx-message-centre');
    const titles = [
      'Email address added to your account',
      'Your email address was changed',
      'Your password was changed',
    ];
    for (const title of titles) {
      const message = centre.locator('[part="message"]', {
        has: page.locator('[part="message-title"]', { hasText: title }),
      });
      await message.waitFor(LONG);
      await message.locator('[part="sensitive-badge"]').waitFor();
    }

    // Only the refusals this walk provoked reached the console.
    const unexpected = errors.filter(
      (e) => !/Failed to load resource: the server responded with a status of 4(00|29)/.test(e),
    );
    assert.deepEqual(unexpected, []);
    await context.close();
  });
});
