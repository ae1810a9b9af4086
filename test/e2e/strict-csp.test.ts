/**
 * Every element under a strict policy (issue 12): the host page demo/hosts/csp/every-element.html
 * mounts each tag of custom-elements.json under demo/hosts/serve.ts's STRICT_CSP (no inline script
 * or style, Trusted Types enforced), and each test drives the elements through their main states
 * (drawers, confirmations, opened messages, error panels, every reachable sign-in step, the first
 * two reset steps) against the real server. No state may cause a `securitypolicyviolation` event,
 * a console line about the policy or Trusted Types, or an uncaught error.
 *
 * Needs the main build in YX_DIST_DIR (default dist/).
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { startE2E } from './support';
import type { E2E } from './support';
import { STRICT_CSP, startHostServer } from '../../demo/hosts/serve';
import type { HostServer } from '../../demo/hosts/serve';

/** Every tag the package defines, as its manifest lists them. */
const TAGS: string[] = (
  JSON.parse(readFileSync('custom-elements.json', 'utf8')) as {
    modules: Array<{ declarations?: Array<{ tagName?: string }> }>;
  }
).modules.flatMap((m) => (m.declarations ?? []).flatMap((d) => (d.tagName ? [d.tagName] : [])));

/** The values of `yx-error-page`'s `type` attribute (its manifest entry). */
const ERROR_TYPES = [
  'bad-parameter',
  'no-permission',
  'ip-restricted',
  'other-organization',
  'organization-inaccessible',
  'no-organization',
  'order-expired',
  'not-found',
  'server-error',
  'resource-not-in-organization',
  'generic',
  'system',
  'chunk-load',
  'login-failure',
  'ram-user',
];

/** A console line that speaks of the policy: the browser's own report of a blocked sink or load. */
const POLICY_LINE = /trusted ?type|content security policy|TrustedHTML|TrustedScript|refused to/i;

/** A new OpenSSH ed25519 public key line. */
function sshPublicKey(): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const withLength = (b: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(b.length, 0);
    return Buffer.concat([length, b]);
  };
  const blob = Buffer.concat([withLength(Buffer.from('ssh-ed25519')), withLength(raw)]);
  return `ssh-ed25519 ${blob.toString('base64')} csp@e2e`;
}

describe('every element on a host page under a strict CSP with Trusted Types enforced', () => {
  let e2e: E2E;
  let hosts: HostServer;

  before(async () => {
    e2e = await startE2E();
    hosts = await startHostServer({ api: e2e.server.url });
  });
  after(async () => {
    await hosts?.close();
    await e2e?.close();
  });
  const open: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });

  /** The page in a new context (signed in as `username`, or a visitor), with every violation, policy
   * console line and uncaught error collected from before the first script runs. */
  async function openPage(username?: string) {
    const context = await e2e.browser.newContext({ locale: 'en-US' });
    open.push(context);
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (POLICY_LINE.test(m.text())) problems.push(`console.${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${String(error)}`));
    if (username) {
      const passwords: Record<string, string> = { demo: 'Demo@2026' };
      await e2e.login(page, username, passwords[username]!);
    }
    const response = await page.goto(`${hosts.url}/hosts/csp/every-element.html`);
    assert.equal(response?.headers()['content-security-policy'], STRICT_CSP);
    // Every tag of the manifest is on the page and defined.
    await page.waitForFunction(
      (tags) => tags.every((tag) => document.querySelector(tag) && customElements.get(tag)),
      TAGS,
    );
    return { context, page, problems };
  }

  /** Nothing the page did broke the policy: no violation event, no policy console line, the page's
   * own counter at zero; and the policy is really in force (a raw HTML string is refused). */
  async function assertClean(page: Page, problems: string[]) {
    const violations = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    assert.deepEqual(violations, []);
    assert.deepEqual(problems, []);
    assert.equal(await page.locator('#violations').textContent(), '0 policy violations');
    const refused = await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<b>raw</b>';
        return 'allowed';
      } catch (error) {
        return (error as Error).name;
      }
    });
    assert.equal(refused, 'TypeError', 'Trusted Types are enforced on this page');
  }

  /** Opens a confirmation with `opener` and backs out of it with Cancel. */
  async function confirmAndCancel(host: Locator, opener: Locator) {
    await opener.click();
    const confirm = host.locator('[part~="confirm"]');
    await confirm.waitFor();
    await confirm.locator('[part~="cancel-button"]').click();
    await confirm.waitFor({ state: 'detached' });
  }

  /** The host's log of the navigation it took over, e.g. `yx-navigate #/signed-in`. */
  const routed = (page: Page, text: string) => page.locator('#routes li', { hasText: text }).first().waitFor();

  it('mounts every tag of the manifest and drives the signed-in elements through drawers, confirmations and messages', async () => {
    assert.equal(TAGS.length, 14);
    const { page, problems } = await openPage('demo');

    await page.locator('yx-unread-badge [part="link"][data-count]').waitFor();
    await page.locator('yx-settings [part~="settings"][data-status="ready"]').waitFor();
    await page.locator('yx-third-party-bindings [part~="provider-card"]').first().waitFor();

    // Tokens: the create drawer, a created token's value, the edit drawer, the delete confirmation.
    const tokens = page.locator('yx-token-manager');
    await tokens.locator('[part~="token-list"][data-status="ready"]').waitFor();
    await tokens.locator('[part~="create-button"]').first().click();
    const tokenDrawer = tokens.locator('[part~="drawer"]');
    await tokenDrawer.locator('input[name="name"]').fill('CSP e2e');
    await tokenDrawer.locator('li[data-key="codeup:repository:read"]').click();
    await tokenDrawer.locator('[part~="submit-button"]').click();
    await tokens.locator('[part="secret-value"]').waitFor();
    await tokens.locator('[part~="edit-button"]').first().click();
    await tokenDrawer.locator('input[name="name"]').waitFor();
    await page.keyboard.press('Escape');
    await tokenDrawer.waitFor({ state: 'detached' });
    await confirmAndCancel(tokens, tokens.locator('[part~="delete-button"]').first());

    // SSH keys: the add drawer with a fingerprint preview, then edit and delete of the new key.
    const keys = page.locator('yx-ssh-keys');
    await keys.locator('[part="ssh-keys"][data-status="ready"]').waitFor();
    await keys.locator('[part~="add-button"]').first().click();
    const keyForm = keys.locator('[part="ssh-key-form"]');
    await keyForm.locator('textarea[name="key"]').fill(sshPublicKey());
    await keyForm.locator('[part="fingerprint-preview"] [part="fingerprint"]').waitFor();
    await keyForm.locator('input[name="title"]').fill('CSP laptop');
    await keys.locator('[part~="submit-button"]').click();
    const keyRow = keys.locator('tr', { hasText: 'CSP laptop' });
    await keyRow.waitFor();
    await keyRow.locator('[part~="edit-button"]').click();
    await keys.locator('[part~="drawer"] input[name="title"]').waitFor();
    await page.keyboard.press('Escape');
    await keys.locator('[part~="drawer"]').waitFor({ state: 'detached' });
    await confirmAndCancel(keys, keyRow.locator('[part~="delete-button"]'));

    // Package credential: the reset confirmation and the custom password form.
    const credential = page.locator('yx-package-credential');
    await credential.locator('[part="package-credential"][data-status="ready"]').waitFor();
    await confirmAndCancel(credential, credential.locator('[part~="reset-button"]'));
    await credential.locator('[part~="custom-button"]').click();
    await credential.locator('[part="custom-form"] input[name="password"]').fill('Csp#Package2026');
    await credential.locator('[part="custom-form"] [part~="cancel-button"]').click();
    await credential.locator('[part="custom-form"]').waitFor({ state: 'detached' });

    // Profile: the change-email dialog (sent, so a real activation link exists), the unbind
    // confirmation, the password rules.
    const profile = page.locator('yx-profile');
    const email = profile.locator('[part="email"]');
    await email.locator('[part="email-status"]', { hasText: 'Verified' }).waitFor();
    await email.locator('[part~="change-button"]').click();
    await profile.locator('[part~="modal"] input[name="email"]').fill('demo.csp@example.com');
    await profile.locator('[part~="email-form"]').press('Enter');
    await email.locator('[part="email-pending-address"]', { hasText: 'demo.csp@example.com' }).waitFor();
    await confirmAndCancel(profile, email.locator('[part~="unbind-button"]'));
    await profile.locator('[part~="password-form"] input').first().fill('a');
    await profile.locator('[part="password-rule"][data-state="unmet"]').first().waitFor();

    // The message centre with a message opened (so read), and the Clear all read confirmation.
    const centre = page.locator('yx-message-centre');
    await centre.locator('[part~="message-centre"][data-status="ready"]').waitFor();
    const message = centre.locator('[part~="message"]').first();
    await message.locator('[part="message-title"]').click();
    await message.locator('[part="message-content"][data-state="open"]').waitFor();
    await confirmAndCancel(centre, centre.locator('[part~="clear-read-button"]'));

    // The organization switcher open with its list: filtered, then an organization chosen.
    const switcher = page.locator('yx-org-switcher');
    await switcher.locator('[part~="org-switcher"][data-status="ready"]').waitFor();
    const other = switcher.locator('[part~="org"]:not([data-current])').first();
    const otherName = (await other.locator('[part="org-name"]').textContent()) ?? '';
    await switcher.locator('[part~="input"]').fill(otherName.slice(0, 4));
    await switcher.locator('[part~="org"]:not([data-current])', { hasText: otherName }).click();
    await routed(page, 'yx-org-change');

    // The app entry: an app chosen.
    const entry = page.locator('yx-app-entry');
    await entry.locator('[part~="app-entry"][data-status="ready"]').waitFor();
    await entry.locator('[part~="app"]').first().click();
    await routed(page, 'yx-navigate');

    // Email verification: the page's bogus link fails; the real one mailed above succeeds, with its
    // countdown and Enter Now.
    const result = page.locator('yx-email-verify-result');
    await result.locator('[part~="email-verify"][data-status="error"]').waitFor();
    const token = await activationToken('demo.csp@example.com');
    await result.evaluate((el, value) => {
      const fresh = document.createElement('yx-email-verify-result');
      for (const { name, value: v } of el.attributes) fresh.setAttribute(name, v);
      fresh.setAttribute('token', value);
      el.replaceWith(fresh);
    }, token);
    await result.locator('[part~="email-verify"][data-status="success"] [part="countdown"]').waitFor();
    await result.locator('[part~="enter-button"]').click();
    await routed(page, 'yx-navigate #/verified');

    // Every error page, and its way out.
    const errorPage = page.locator('yx-error-page');
    for (const type of ERROR_TYPES) {
      await errorPage.evaluate((el, t) => el.setAttribute('type', t), type);
      await page.waitForFunction((t) => document.querySelector('yx-error-page')?.getAttribute('type') === t, type);
      await errorPage.locator('[part="title"]').waitFor();
    }
    await errorPage.locator('[part~="button"]').last().click();

    await assertClean(page, problems);
  });

  /** The token of the newest activation link mailed to `to` (the demo outbox, loopback only). */
  async function activationToken(to: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const mails = (await (await fetch(`${e2e.server.url}/users/dev/outbox`)).json()) as Array<{
        to: string;
        text: string;
      }>;
      const token = /[?&]token=([^\s&]+)/.exec(mails.filter((m) => m.to === to).at(-1)?.text ?? '')?.[1];
      if (token) return token;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no activation link mailed to ${to}`);
  }

  it('shows the error panels with Retry when every call fails', async () => {
    const { context, page, problems } = await openPage();
    await e2e.login(page, 'demo', 'Demo@2026');
    // Everything but the settings the page is rendered with answers 500.
    await context.route(/\/(individual|uiless|users\/ajax)\//, (route) =>
      /page-settings/.test(route.request().url())
        ? route.continue()
        : route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"internal"}' }),
    );
    await page.reload();
    for (const selector of [
      'yx-token-manager [part~="token-list"][data-status="error"]',
      'yx-ssh-keys [part="ssh-keys"][data-status="error"]',
      'yx-package-credential [part="package-credential"][data-status="error"]',
      'yx-message-centre [part~="message-centre"][data-status="error"]',
      'yx-org-switcher [part~="org-switcher"][data-status="error"]',
      'yx-app-entry [part~="app-entry"][data-status="error"]',
      'yx-settings [part~="settings"][data-status="error"]',
      'yx-third-party-bindings [part="result"]',
      'yx-profile [part="result"]',
    ]) {
      await page.locator(selector).first().waitFor();
    }
    await page.locator('yx-token-manager [part~="result"] [part~="button"]').first().click();
    await page.locator('yx-token-manager [part~="token-list"][data-status="error"]').waitFor();
    await assertClean(page, problems);
  });

  it('walks a visitor through a refused password, the slider, and reset steps 1 and 2', async () => {
    const { page, problems } = await openPage();
    const login = page.locator('yx-login');
    const signIn = async (username: string, password: string) => {
      await login.getByLabel(/^Account/).fill(username);
      await login.getByLabel(/^Password/).fill(password);
      await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    };
    const formError = login.locator('[part="form-error"]');
    for (let i = 0; i < 3; i++) {
      await signIn('alice', `Wrong@${i}2026`);
      await formError.filter({ hasText: 'The account or password is incorrect' }).waitFor();
      await login.getByLabel(/^Password/).fill('');
      await formError.waitFor({ state: 'detached' });
    }
    await signIn('alice', 'Alice@2026');
    await login.locator('[part="slider"][data-status="ready"]').waitFor();
    await login.getByRole('slider', { name: 'Verification slider' }).waitFor();

    // Reset: an unknown account refused in place, then alice's step 2 with a code sent.
    const reset = page.locator('yx-password-reset');
    const step = (name: string) => reset.locator('[part="step"][aria-current="step"]', { hasText: name });
    await reset.getByLabel(/^Account/).fill('nobody-by-this-name');
    await reset.getByRole('button', { name: 'Next' }).click();
    await reset.getByRole('alert').filter({ hasText: 'The account does not exist' }).waitFor();
    await reset.getByLabel(/^Account/).fill('alice');
    await reset.getByRole('button', { name: 'Next' }).click();
    await step('Security Verification').waitFor();
    await reset.getByRole('button', { name: 'Get Code' }).click();
    await reset.getByRole('status').filter({ hasText: 'A verification code was sent to a***e@example.com' }).waitFor();
    await reset.getByLabel('Verification code').pressSequentially('000000');
    await reset.getByRole('button', { name: 'Next' }).click();
    await reset.locator('[part="form-error"], [part~="error"]').first().waitFor();

    // A signed-out visitor's settings elements were told the session is over; the host kept them.
    await routed(page, 'yx-session-end');
    await assertClean(page, problems);
  });

  it('takes carol to her code step and dave through his forced password change', async () => {
    const carol = await openPage();
    const login = carol.page.locator('yx-login');
    await login.getByLabel(/^Account/).fill('carol');
    await login.getByLabel(/^Password/).fill('Carol@2026');
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await login.getByRole('heading', { name: 'Security Verification' }).waitFor();
    await login.locator('[part="login"][data-step="code"]').waitFor();
    await assertClean(carol.page, carol.problems);

    const dave = await openPage();
    const daveLogin = dave.page.locator('yx-login');
    await daveLogin.getByLabel(/^Account/).fill('dave');
    await daveLogin.getByLabel(/^Password/).fill('Dave@2026');
    await daveLogin.getByRole('button', { name: 'Sign In', exact: true }).click();
    await daveLogin.getByRole('heading', { name: 'Set Password' }).waitFor();
    await daveLogin.getByLabel(/^New password/).fill('NewDave#2027');
    await daveLogin.getByLabel(/^Confirm new password/).fill('NewDave#2027');
    await daveLogin.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await routed(dave.page, 'yx-navigate #/signed-in');
    await assertClean(dave.page, dave.problems);
  });
});
