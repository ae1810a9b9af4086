import { expect } from '@open-wc/testing';
import '../../../elements/yx-settings';
import { setSettingsReloader } from '../../../src/features/settings/SettingsShell';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import { APPS_PATH, noHelpRoute } from './settings-fixtures';

/** Mounts the real shell against an apps call that fails as told, and waits for its error panel. */
async function failedShell(apps: Omit<MockRoute, 'method' | 'path'>, locale = 'en_US') {
  const api = await mockApi([{ method: 'GET', path: APPS_PATH, ...apps }, noHelpRoute]);
  const el = await mountElement('yx-settings', { host: api.host, locale, section: 'profile' });
  const panel = (await waitFor(
    () => el.shadowRoot!.querySelector<HTMLElement>('[part="result"][data-status="error"]'),
    { timeout: 10_000, message: 'the error panel' },
  ))!;
  return panel;
}

const part = (panel: Element, name: string) => panel.querySelector(`[part="${name}"]`)?.textContent ?? null;

describe('<yx-settings> when the apps fetch fails on the server', () => {
  let reloads = 0;
  let restoreReloader: () => void;
  beforeEach(() => {
    reloads = 0;
    restoreReloader = setSettingsReloader(() => reloads++);
  });
  afterEach(() => {
    restoreReloader();
    document.body.innerHTML = '';
  });

  describe('given a 502 from the gateway, with no request id', () => {
    it('says only that the system is abnormal, with Retry', async () => {
      const panel = await failedShell({ status: 502, raw: '<html>bad gateway</html>' });
      expect(part(panel, 'result-title')).to.equal('The system is abnormal, please try again');
      expect(part(panel, 'result-description'), 'no second message').to.equal(null);
      expect(panel.textContent).not.to.contain('System exception');
      const buttons = [...panel.querySelectorAll('button')];
      expect(buttons.map((b) => b.textContent)).to.deep.equal(['Retry']);
      buttons[0]!.click();
      expect(reloads).to.equal(1);
    });

    it('says it once in Chinese too', async () => {
      const panel = await failedShell({ status: 502, raw: '<html>bad gateway</html>' }, 'zh_CN');
      expect(part(panel, 'result-title')).to.equal('系统异常，请稍后重试');
      expect(part(panel, 'result-description')).to.equal(null);
      expect(panel.textContent).not.to.contain('系统异常，请重试');
      expect([...panel.querySelectorAll('button')].map((b) => b.textContent)).to.deep.equal(['重试']);
    });
  });

  describe('given a 500 that carries a request id', () => {
    const route = { status: 500, body: { code: 'internal_error', message: 'x', requestId: 'req-shell-42' } };

    it('keeps the request id for support on a line of its own, without repeating the message', async () => {
      const panel = await failedShell(route);
      expect(part(panel, 'result-title')).to.equal('The system is abnormal, please try again');
      expect(part(panel, 'result-description')).to.equal('Request ID: req-shell-42');
      expect(panel.textContent).not.to.contain('System exception');
    });

    it('in Chinese as well', async () => {
      const panel = await failedShell(route, 'zh_CN');
      expect(part(panel, 'result-title')).to.equal('系统异常，请稍后重试');
      expect(part(panel, 'result-description')).to.equal('请求 ID：req-shell-42');
    });
  });
});
