import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useE2E } from './support';

describe('personal access tokens, end to end', () => {
  const e2e = useE2E();

  it('signs in, creates a token with two scopes for 30 days, uses it, edits it, deletes it, and sees it refused', async () => {
    const { context, page, errors } = await e2e.newPage();
    await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });

    // Sign in from the page, which then goes where the visitor wanted to go.
    const next = encodeURIComponent('#/users/settings/personalAccessToken');
    await page.goto(`${e2e.pageUrl}#/users/login?nextUrl=${next}`);
    await page.locator('yx-login input[name="username"]').fill('demo');
    await page.locator('yx-login input[name="password"]').fill('Demo@2026');
    await page.locator('yx-login [part~="submit-button"]').click();
    await page.waitForURL(/#\/users\/settings\/personalAccessToken$/);

    // Create: name, the 30-day preset and two scopes.
    const manager = page.locator('yx-token-manager');
    await manager.locator('.yx-tokens-toolbar [part~="create-button"], [part~="create-button"]').first().click();
    const drawer = manager.locator('[part~="drawer"]');
    await drawer.locator('input[name="name"]').fill('e2e deploy');
    // The drawer slides in: let it settle, or a forced check can land while the radio still moves.
    await drawer.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await drawer.locator('input[type="radio"][value="30"]').check({ force: true });
    await drawer.locator('li[data-key="codeup:repository:read"]').click();
    await drawer.locator('li[data-key="codeup:repository:write"]').click();
    await drawer.locator('[part~="submit-button"]').click();

    // The value is shown once, in its row, until it is copied.
    const secret = manager.locator('[part="secret-value"]');
    await secret.waitFor();
    const value = await secret.inputValue();
    assert.match(value, /^yxp_[A-Za-z0-9]{40,}$/);
    await manager.locator('[part~="copy-button"]').click();
    await manager.locator('[part="secret"]').waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), value);
    assert.equal(await page.locator('body').evaluate((b) => b.innerHTML.includes('yxp_')), false);

    // The token works against the API in place of a session, within its scopes.
    const api = (path: string) =>
      fetch(`${e2e.server.url}${path}`, { headers: { Authorization: `Bearer ${value}` } }).then((r) => r.status);
    assert.equal(await api('/individual/proxy/me'), 200);
    assert.equal(await api('/codeup/api/v3/user/keys'), 403, 'repository scopes do not cover SSH keys');

    // Edit the name.
    const row = manager.locator('tr', { hasText: 'e2e deploy' });
    await row.locator('[part~="edit-button"]').click();
    await drawer.locator('input[name="name"]').fill('e2e deploy (edited)');
    await drawer.locator('[part~="submit-button"]').click();
    await manager.locator('[part="token-name"]', { hasText: 'e2e deploy (edited)' }).waitFor();

    // Delete it; the API refuses it from then on.
    await manager.locator('tr', { hasText: 'e2e deploy (edited)' }).locator('[part~="delete-button"]').click();
    await manager.locator('[part~="confirm-button"]').click();
    await manager.locator('[part="token-name"]', { hasText: 'e2e deploy' }).waitFor({ state: 'detached' });
    assert.equal(await api('/individual/proxy/me'), 401);

    assert.deepEqual(errors, []);
    await context.close();
  });
});
