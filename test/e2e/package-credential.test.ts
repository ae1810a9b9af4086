import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { FakeClock } from '../server/helpers/server';
import { useE2E } from './support';

const VERIFY = '/uiless/proxy/package/api/external/users/verify';

/**
 * This file's server reads the wall clock. What is proven here is that the element's countdown
 * and the server agree in real time: the new password is refused while the page counts down and
 * accepted once it says "in effect". Moving a fake clock 10 s could not show that, so the test
 * really waits the 10 seconds (twice), each time for the page's own signal, not a fixed sleep.
 */
class WallClock extends FakeClock {
  override now = (): Date => new Date();
}

describe('packages credential, end to end', () => {
  const e2e = useE2E({ clock: new WallClock() });

  /** What a package client (npm, Maven…) does with the credential: the registry's Basic check. */
  async function verify(username: string, password: string): Promise<number> {
    const basic = Buffer.from(`${username}:${password}`).toString('base64');
    const res = await fetch(`${e2e.server.url}${VERIFY}`, { headers: { authorization: `Basic ${basic}` } });
    return res.status;
  }

  /** The seconds the effect note counts down from, read from the page. */
  async function secondsLeft(note: Locator): Promise<number> {
    const text = (await note.textContent()) ?? '';
    const m = /takes effect in (\d+) s\./.exec(text);
    assert.ok(m, `a countdown, not "${text}"`);
    return Number(m[1]);
  }

  /** Waits for the countdown to move below `seconds`, then for the page to say it is over. */
  async function waitForEffect(credential: Locator, seconds: number) {
    const note = credential.locator('[part="effect-note"]');
    await credential
      .locator('[part="effect-note"][data-state="pending"]', { hasNotText: `in ${seconds} s.` })
      .waitFor({ timeout: 15_000 });
    assert.ok((await secondsLeft(note)) < seconds, 'the countdown is live');
    await credential.locator('[part="effect-note"][data-state="effective"]').waitFor({ timeout: 15_000 });
    assert.equal((await note.textContent())?.trim(), 'The new password is now in effect.');
  }

  it('sets a password, resets it in the page, and a package client gets in only once the countdown ends', async () => {
    const { context, page, errors } = await e2e.newPage();
    await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    await e2e.login(page, 'demo', 'Demo@2026');
    await page.goto(`${e2e.pageUrl}#/users/settings/packagesCredential`);

    const credential = page.locator('yx-package-credential');
    await credential.locator('[part="package-credential"][data-status="ready"]').waitFor({ timeout: 30_000 });
    const username = await credential.locator('[part~="username-value"]').inputValue();
    assert.equal(username, 'demo');
    const note = credential.locator('[part="effect-note"]');

    // First a password of the user's own: it is the "old" one the reset below must not cut off.
    const own = 'Own@2026packages';
    await credential.locator('[part~="custom-button"]').click();
    await credential.locator('[part="custom-form"] input[name="password"]').fill(own);
    await credential.locator('[part="custom-form"] [part~="submit-button"]').click();
    await note.waitFor();
    const first = await secondsLeft(note);
    assert.ok(first >= 9 && first <= 10, `counts down from 10 s, shows ${first}`);
    assert.equal(await verify(username, own), 401, 'refused at once');
    await waitForEffect(credential, first);
    assert.equal(await verify(username, own), 200, 'accepted once the page says so');

    // Reset: confirm, then the generated password is shown once, masked until revealed.
    await credential.locator('[part~="reset-button"]').click();
    await credential.locator('[part~="confirm-button"]').click();
    const secret = credential.locator('[part~="password-value"]');
    await secret.waitFor();
    assert.equal(await secret.getAttribute('type'), 'password');
    await credential.locator('[part~="reveal-button"]').click();
    assert.equal(await secret.getAttribute('type'), 'text');
    const generated = await secret.inputValue();
    assert.match(generated, /^\S{20,}$/);
    assert.notEqual(generated, own);

    await credential.locator('[part="effect-note"][data-state="pending"]').waitFor();
    const second = await secondsLeft(note);
    assert.ok(second >= 9 && second <= 10, `counts down from 10 s again, shows ${second}`);
    assert.equal(await verify(username, generated), 401, 'the new password is refused at once');
    assert.equal(await verify(username, own), 200, 'the old one keeps working meanwhile');
    await waitForEffect(credential, second);
    assert.equal(await verify(username, generated), 200, 'the new password works after 10 s');
    assert.equal(await verify(username, own), 401, 'and the old one no longer does');

    // Shown once: copying it offers Done, which forgets it for good.
    await credential.locator('[part~="password-copy"]').click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), generated);
    await credential.locator('[part~="done-button"]').click();
    await secret.waitFor({ state: 'detached' });
    await credential.locator('[part="password-hidden"]').waitFor();
    assert.equal(await page.locator('body').evaluate((b, value) => b.innerHTML.includes(value), generated), false);

    assert.deepEqual(errors, []);
    await context.close();
  });
});
