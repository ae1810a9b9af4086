/**
 * The standalone page's own frame in both colour schemes (visual audit, findings 5 and 9): its
 * Switch Organization link and its "Loading…" line meet WCAG AA (4.5:1) in light and dark, the
 * link is the elements' link blue, and in the dark scheme the page's background is the elements'
 * own, so the narrow pages show no square slab.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { contrastOf } from './contrast';
import { useE2E } from './support';

describe("the standalone page's own frame", () => {
  const e2e = useE2E();

  for (const scheme of ['light', 'dark'] as const) {
    describe(`given the ${scheme} colour scheme`, () => {
      let context: BrowserContext;
      let page: Page;
      before(async () => {
        ({ context, page } = await e2e.newPage());
        await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
        await page.emulateMedia({ colorScheme: scheme });
        await e2e.login(page, 'demo', 'Demo@2026');
      });
      after(async () => {
        await context.close();
      });

      it('shows Switch Organization in the blue of the help link beside it, readable on the top bar', async () => {
        await page.goto(`${e2e.pageUrl}#/users/settings/profile`);
        const help = page.locator('yx-settings [part="help-link"]');
        await help.waitFor();
        const link = await contrastOf(page.locator('yx-settings > a.yx-page__switch'));
        assert.ok(link.ratio >= 4.5, `Switch Organization at ${link.ratio.toFixed(2)}:1`);
        assert.equal(link.color, await help.evaluate((el) => getComputedStyle(el).color));
      });

      it('shows "Loading…" readable while an element loads', async () => {
        await page.route('**/elements/yx-message-centre.js', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        });
        await page.goto('about:blank');
        await page.goto(`${e2e.pageUrl}#/users/notifications`);
        const status = page.getByRole('status').filter({ hasText: 'Loading…' });
        await status.waitFor();
        const { ratio } = await contrastOf(status);
        assert.ok(ratio >= 4.5, `"Loading…" at ${ratio.toFixed(2)}:1`);
        await page.locator('yx-message-centre').waitFor();
        await page.unrouteAll();
      });
    });
  }

  describe('given the dark colour scheme', () => {
    for (const [route, tag] of [
      ['/users/login', 'yx-login'],
      ['/users/resetpassword', 'yx-password-reset'],
      ['/login/errors', 'yx-error-page'],
      ['/users/emails?token=nonsense', 'yx-email-verify-result'],
    ] as const) {
      it(`shows ${tag} on a background of its own colour, with no slab`, async () => {
        const { context, page } = await e2e.newPage();
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.goto(`${e2e.pageUrl}#${route}`);
        const element = page.locator(tag);
        await element.getByRole('heading').first().waitFor();
        const own = await element.evaluate((el) => getComputedStyle(el).backgroundColor);
        assert.notEqual(own, 'rgba(0, 0, 0, 0)', 'the element paints its own background in the dark scheme');
        assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), own);
        await context.close();
      });
    }
  });
});
