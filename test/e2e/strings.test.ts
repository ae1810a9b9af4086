/**
 * Messages per element and per language, end to end on the built page (issue 12): an element
 * downloads only the message parts it shows, in the language it shows, and no message key is
 * ever on screen while they load.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useE2E } from './support';

/** A message key as it would appear if shown untranslated ('page.login.title'). */
const KEY = /\b(?:common|action|error|success|page|validation|http|date|ui|login|reset)\.[a-zA-Z]+(?:\.[a-zA-Z]+)*\b/g;

describe('messages loaded per element and language', () => {
  const e2e = useE2E();

  for (const [locale, title, other] of [
    ['zh_CN', '登录', 'en_US'],
    ['en_US', 'Sign In', 'zh_CN'],
  ] as const) {
    it(`shows the login page in ${locale} without a message key on screen, downloading no ${other} messages`, async () => {
      const { page, context, errors } = await e2e.newPage();
      await context.addCookies([{ name: 'ak_user_locale', value: locale, url: e2e.pageUrl }]);
      const strings: string[] = [];
      page.on('request', (request) => {
        const file = /\/chunks\/(strings-[^/]+)\.js$/.exec(request.url())?.[1];
        if (file) strings.push(file);
      });
      // Every frame, whatever the login element shows: a key rendered even for one frame is seen.
      // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
      await page.addInitScript(`
        window.shownTexts = [];
        requestAnimationFrame(function look() {
          const text = document.querySelector('yx-login')?.shadowRoot?.textContent;
          if (text) window.shownTexts.push(text);
          requestAnimationFrame(look);
        });
      `);
      await page.goto(`${e2e.pageUrl}#/users/login`);
      await page.locator('yx-login').getByRole('button', { name: title, exact: true }).waitFor();
      const shown = await page.evaluate(() => (window as unknown as { shownTexts: string[] }).shownTexts);
      assert.ok(shown.length > 0, 'the login element was seen rendering');
      assert.deepEqual([...new Set(shown.flatMap((text) => text.match(KEY) ?? []))], []);
      assert.ok(strings.length > 0, 'messages were loaded');
      assert.deepEqual(
        strings.filter((file) => !file.startsWith(`strings-${locale}-`)),
        [],
        `only ${locale} messages`,
      );
      const parts = new Set(strings.map((file) => file.split('-')[2]));
      for (const part of ['common', 'page', 'validation', 'login']) assert.ok(parts.has(part), `loads ${part}`);
      for (const part of ['tokens', 'ssh', 'notifications', 'profile']) assert.ok(!parts.has(part), `skips ${part}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  it('keeps what the user typed when the locale attribute changes to a language not loaded yet', async () => {
    const { page, context, errors } = await e2e.newPage();
    await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.pageUrl }]);
    // The Chinese messages arrive late, so the switch has a moment without them.
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/chunks\/strings-zh_CN-[^/]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto(`${e2e.pageUrl}#/users/login`);
    const login = page.locator('yx-login');
    await login.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    const account = login.locator('input[name="username"]');
    await account.fill('someone');
    await login.evaluate((el) => el.setAttribute('locale', 'zh_CN'));
    // While the messages load, the element stays as it was: in English, with the typed account.
    await page.waitForTimeout(200);
    assert.equal(await account.inputValue(), 'someone');
    assert.ok(await login.getByRole('button', { name: 'Sign In', exact: true }).isVisible());
    release();
    await login.getByRole('button', { name: '登录', exact: true }).waitFor();
    assert.equal(await account.inputValue(), 'someone', 'the account survives the switch');
    assert.equal(await login.getAttribute('lang'), 'zh-CN');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
