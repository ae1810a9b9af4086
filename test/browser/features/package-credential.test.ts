import { expect } from '@open-wc/testing';
import '../../../elements/yx-package-credential';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { USER_INFO_PATH, stubClipboard, userInfoRoute } from './package-credential-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const toasts = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll('[part="toast"]')].map((t) => t.querySelector('span')!.textContent);

describe('<yx-package-credential> credential', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    document.body.innerHTML = '';
  });

  describe('given a user with a packages credential', () => {
    it('shows the username, no password, and who sets the permissions', async () => {
      const api = await mockApi([userInfoRoute('alice-pkg')]);
      const el = await mountElement('yx-package-credential', {
        host: api.host,
        locale: 'en_US',
        'app-id': 'app-9',
        'org-id': 'org-7',
      });
      const username = (await waitFor(() => $(el, '[part~="username-value"]'))) as HTMLInputElement;
      expect(username.value).to.equal('alice-pkg');
      expect(username.readOnly).to.equal(true);
      expect($(el, '[part="title"]')!.textContent).to.equal('Packages credential');
      expect($(el, '[part="password-hidden"]')!.textContent).to.contain('never shown again');
      expect($(el, '[part~="password-value"]'), 'no password on screen').to.equal(null);
      expect($(el, '[part="permissions-note"]')!.textContent).to.contain('administrators of each repository');
      expect($(el, '[part="package-credential"]')!.dataset.status).to.equal('ready');

      const calls = await api.calls();
      expect(calls.map((c) => `${c.method} ${c.path}`)).to.deep.equal([`GET ${USER_INFO_PATH}`]);
      // A /uiless/ path: the general client adds the app and tenant headers.
      expect(calls[0]!.headers['x-app-id']).to.equal('app-9');
      expect(calls[0]!.headers['x-tenant-id']).to.equal('org-7');
    });

    it('speaks Chinese with locale zh_CN', async () => {
      const api = await mockApi([userInfoRoute('bob')]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'zh_CN' });
      await waitFor(() => $(el, '[part~="username-value"]'));
      expect($(el, '[part="title"]')!.textContent).to.equal('制品仓库凭证');
      expect($(el, '[part~="reset-button"]')!.textContent).to.equal('重置密码');
      expect($(el, '[part="permissions-note"]')!.textContent).to.contain('各仓库管理员');
    });

    it('copies the username to the clipboard and says so', async () => {
      const copied: string[] = [];
      restore = stubClipboard(async (text) => void copied.push(text));
      const api = await mockApi([userInfoRoute('alice-pkg')]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      const copy = (await waitFor(() => $(el, '[part~="username-copy"]')))!;
      expect(copy.getAttribute('aria-label')).to.equal('Copy username');
      copy.click();
      await waitFor(() => toasts(el).includes('Username copied'), { message: 'the copied toast' });
      expect(copied).to.deep.equal(['alice-pkg']);
    });

    it('selects the username for copying by hand when the clipboard is unavailable (zh_CN)', async () => {
      restore = stubClipboard(undefined);
      const api = await mockApi([userInfoRoute('alice-pkg')]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'zh_CN' });
      const copy = (await waitFor(() => $(el, '[part~="username-copy"]')))!;
      copy.click();
      const input = $(el, '[part~="username-value"]') as HTMLInputElement;
      await waitFor(() => el.shadowRoot!.activeElement === input, { message: 'focus on the username' });
      await waitFor(() => input.selectionStart === 0 && input.selectionEnd === 'alice-pkg'.length, {
        message: 'the username selected',
      });
      expect($(el, '[part="copy-status"]')!.textContent).to.contain('Ctrl+C');
      expect(toasts(el)).to.deep.equal([]);
    });
  });

  describe('while loading and when loading fails', () => {
    it('shows a placeholder until the username arrives', async () => {
      const api = await mockApi([{ ...userInfoRoute(), delayMs: 600 }]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      expect($(el, '[part="skeleton"]')).to.exist;
      expect($(el, '[part="package-credential"]')!.getAttribute('aria-busy')).to.equal('true');
      await waitFor(() => $(el, '[part~="username-value"]'));
      expect($(el, '[part="skeleton"]')).to.equal(null);
    });

    it('shows the error with Retry, and loads again on Retry', async () => {
      const api = await mockApi([
        userInfoRoute('alice-pkg'),
        {
          method: 'GET',
          path: USER_INFO_PATH,
          status: 403,
          body: { code: 'forbidden', message: 'No access' },
          times: 1,
        },
      ]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      const result = (await waitFor(() => $(el, '[part="result"][data-status="error"]')))!;
      expect(result.textContent).to.contain('Could not load the packages credential');
      expect(result.textContent).to.contain('No access');
      result.querySelector('button')!.click();
      await waitFor(() => $(el, '[part~="username-value"]'), { message: 'the username after Retry' });
    });

    it('treats a malformed answer as an error (zh_CN)', async () => {
      const api = await mockApi([{ method: 'GET', path: USER_INFO_PATH, body: { user: 'x' } }]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'zh_CN' });
      const result = (await waitFor(() => $(el, '[part="result"][data-status="error"]')))!;
      expect(result.textContent).to.contain('制品仓库凭证加载失败');
      expect($(el, '[part~="reset-button"]')).to.equal(null);
    });

    it('treats broken JSON as an error', async () => {
      const api = await mockApi([{ method: 'GET', path: USER_INFO_PATH, raw: '{"username": ' }]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, '[part="result"][data-status="error"]'));
      expect($(el, '[part="package-credential"]')!.dataset.status).to.equal('error');
    });
  });
});
