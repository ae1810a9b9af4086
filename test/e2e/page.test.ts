import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useE2E } from './support';

describe('the standalone page', () => {
  const e2e = useE2E();

  it('serves the page under a strict content security policy with the settings inlined', async () => {
    const { page, context, errors } = await e2e.newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportViolation(v: string): void }).reportViolation(
          `${e.violatedDirective} ${e.blockedURI}`,
        ),
      );
    });
    const response = await page.goto(`${e2e.pageUrl}#/nowhere`);
    assert.equal(response?.status(), 200);
    assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'/);
    await page.locator('yx-error-page').getByRole('heading', { name: 'Page not found' }).waitFor();
    assert.equal(await page.title(), 'Personal Settings');
    assert.deepEqual(violations, []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('sends a signed-out visitor of a settings page to sign in, keeping where they wanted to go', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto(`${e2e.pageUrl}#/users/settings/personalAccessToken`);
    await page.waitForURL(/#\/users\/login\?nextUrl=/);
    assert.match(decodeURIComponent(page.url()), /nextUrl=#\/users\/settings\/personalAccessToken/);
    await context.close();
  });

  it('shows the access tokens of a signed-in user', async () => {
    const { page, context, errors } = await e2e.newPage();
    await e2e.login(page, 'demo', 'Demo@2026');
    await page.goto(`${e2e.pageUrl}#/users/settings/personalAccessToken`);
    await page.locator('yx-token-manager [part~="token-manager"]').waitFor();
    assert.deepEqual(
      errors.filter((e) => !/status of 404/.test(e)),
      [],
    );
    await context.close();
  });
});
