import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useE2E } from './support';

interface Listed {
  kind: string;
  entry: Record<string, unknown>;
  created_at: string;
}

describe('usage tracking of the standalone page', () => {
  const e2e = useE2E();

  /** Polls the demo listing until an entry matches: beacons arrive when the browser sends them. */
  async function waitForEntry(match: (l: Listed) => boolean, timeoutMs = 15_000): Promise<Listed> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const listed = (await (await fetch(`${e2e.server.url}/users/dev/tracking`)).json()) as Listed[];
      const found = listed.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such entry in ${JSON.stringify(listed).slice(0, 2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it("reports a signed-in visit's page load, with user_type 101 and the user's id", async () => {
    const { page, context } = await e2e.newPage();
    await e2e.login(page, 'demo', 'Demo@2026');
    const me = (await (await page.request.get(`${e2e.server.url}/individual/proxy/me`)).json()) as { _id: string };
    await page.goto(`${e2e.pageUrl}#/users/settings/personalAccessToken`);
    await page.locator('yx-token-manager [part~="token-manager"]').waitFor();
    // Leaving the page hides it: the tracker sends what it holds by beacon.
    await page.waitForTimeout(300);
    await page.goto('about:blank');
    const report = await waitForEntry((l) => l.kind === 'performance' && l.entry.userId === me._id);
    assert.equal(report.entry.user_type, 101);
    assert.equal(report.entry.userName, 'demo');
    assert.equal(report.entry.appName, 'account');
    assert.equal(report.entry.pid, 'yx-account');
    assert.match(String(report.entry.organizationId), /^org_/);
    assert.match(String(report.entry.url), /#\/users\/settings\/personalAccessToken$/);
    assert.ok(Number(report.entry.loadTime) >= 0 && Number(report.entry.loadTime) <= 20_000);
    await context.close();
  });

  it('names the channel the visit came from and the version=ga variant (§9) in its reports', async () => {
    const { page, context } = await e2e.newPage();
    await context.addCookies([{ name: 'version', value: 'ga', url: e2e.server.url }]);
    await e2e.login(page, 'alice', 'Alice@2026');
    const me = (await (await page.request.get(`${e2e.server.url}/individual/proxy/me`)).json()) as { _id: string };
    // The channel sits inside the next URL of the address the visit landed on.
    // A channel of any length costs no report: it is cut to 200 characters.
    const channel = `newsletter-${'x'.repeat(1500)}`;
    const next = encodeURIComponent(`#/users/settings/ssh?channel=${channel}`);
    await page.goto(`${e2e.pageUrl}?nextUrl=${next}#/users/settings/personalAccessToken`);
    await page.locator('yx-token-manager [part~="token-manager"]').waitFor();
    await page.waitForTimeout(300);
    await page.goto('about:blank');
    const report = await waitForEntry((l) => l.kind === 'performance' && l.entry.userId === me._id);
    assert.equal(report.entry.channel, channel.slice(0, 200));
    assert.equal(report.entry.variant, 'ga');
    await context.close();
  });

  it('reports a call that fails with a 500 as an api-error whose message is cut to 50 characters', async () => {
    const { page, context } = await e2e.newPage();
    await e2e.login(page, 'demo', 'Demo@2026');
    // The token list call is answered by the server's always-failing demo call: a real 500 with a
    // request id, through the element's own HTTP client.
    await page.route('**/users/ajax/v1/my/tokens:search', async (route) => {
      const response = await route.fetch({ url: `${e2e.server.url}/users/dev/fail`, method: 'GET' });
      await route.fulfill({ response });
    });
    await page.goto(`${e2e.pageUrl}#/users/settings/personalAccessToken`);
    // No page hide this time: the tracker sends once the page has been quiet for a second.
    const report = await waitForEntry(
      (l) => l.kind === 'api-error' && String(l.entry.requestUrl).includes('tokens:search'),
    );
    const { entry } = report;
    assert.equal(entry.status, 500);
    assert.equal(entry.method, 'POST');
    assert.equal(entry.errorKind, 'server');
    assert.equal(entry.code, 'internal_error');
    assert.equal(entry.user_type, 101);
    assert.match(String(entry.userId), /^u_/);
    const requestId = String(entry.requestId);
    assert.ok(requestId.length > 0);
    // The page showed "System exception, please try again (request ID: <uuid>)" (in the user's
    // language): over 50 characters, so the report keeps the first 50, without the whole id.
    const message = String(entry.message);
    assert.equal(message.length, 50, message);
    assert.match(message, /^(System exception, please try again|系统异常)/);
    assert.ok(!message.includes(requestId), message);
    await context.close();
  });
});
