/**
 * §9: the standalone page reads the app id from its address (`appId`, `appid` or `app_id`, in the
 * query string or in the hash route's query) when its inlined settings name no app, so a suite
 * app that links to the organization switcher gets its app named and its id sent.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { useE2E } from './support';

describe('the app id in the address of the standalone page', () => {
  const e2e = useE2E();
  let context: BrowserContext;
  let page: Page;
  before(async () => {
    ({ context, page } = await e2e.newPage());
    await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
    await e2e.login(page, 'demo', 'Demo@2026');
  });
  after(async () => {
    await context.close();
  });

  /** Opens `address` afresh; returns the `x-app-id` of every `/uiless/` call made meanwhile. */
  async function open(address: string, ready: () => Promise<void>): Promise<Map<string, string>> {
    const sent = new Map<string, string>();
    const onRequest = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.includes('/uiless/')) sent.set(url.pathname, request.headers()['x-app-id'] ?? '');
    };
    await page.goto('about:blank');
    page.on('request', onRequest);
    await page.goto(address);
    await ready();
    page.off('request', onRequest);
    return sent;
  }

  for (const [name, where] of [
    ['appId', 'in the hash route'],
    ['appid', 'in the hash route'],
    ['app_id', 'in the query string'],
  ] as const) {
    it(`names the app in the organization switcher for ${name} ${where}, and sends its id`, async () => {
      const address =
        where === 'in the query string'
          ? `${e2e.pageUrl}?${name}=codeup#/users/switch/organization`
          : `${e2e.pageUrl}#/users/switch/organization?${name}=codeup`;
      const sent = await open(address, () =>
        page.locator('yx-org-switcher').getByText('Choose the organization to open Codeup in').waitFor(),
      );
      assert.equal(sent.get('/uiless/apps/codeup'), 'codeup');
    });
  }

  it('names no app when the address has none', async () => {
    const sent = await open(`${e2e.pageUrl}#/users/switch/organization`, () =>
      page.locator('yx-org-switcher').getByText('Choose the organization to work in').waitFor(),
    );
    assert.deepEqual(
      [...sent].filter(([path, appId]) => path.startsWith('/uiless/apps/') || appId),
      [],
    );
  });
});
