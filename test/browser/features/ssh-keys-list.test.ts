import { expect } from '@open-wc/testing';
import '../../../elements/yx-ssh-keys';
import { formatDate } from '../../../src/core/dates';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';
import { GLOBAL_KEYS_PATH, KEYS, KEYS_PATH, daysFromNow, listRoute, sshKey } from './ssh-keys-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const rows = (el: Element) => $$(el, 'tr[part="table-row"]');
const lists = (calls: MockCall[]) => calls.filter((c) => c.method === 'GET');

async function until(check: () => Promise<boolean>, message: string) {
  for (let i = 0; i < 150; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${message}`);
}

describe('<yx-ssh-keys> list', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  describe('given a user without keys', () => {
    it('shows a loading skeleton, then "No SSH keys" with an Add button', async () => {
      const api = await mockApi([{ ...listRoute([]), delayMs: 400 }]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      expect($(el, 'table[aria-busy="true"]'), 'busy table').to.exist;
      expect($$(el, '[part="skeleton"]').length).to.be.greaterThan(0);
      expect($(el, '[part="ssh-keys"]')!.getAttribute('data-status')).to.equal('loading');
      await waitFor(() => $(el, '[part="result"][data-status="empty"]'), { message: 'the empty result' });
      expect($(el, '[part="result-title"]')!.textContent).to.equal('No SSH keys');
      expect($(el, '[part="result"] [part~="add-button"]')!.textContent).to.equal('Add SSH key');
      expect($$(el, '[part~="add-button"]'), 'one Add button').to.have.length(1);
      expect($(el, 'table')).to.equal(null);
    });

    it('says so in Chinese too', async () => {
      const api = await mockApi([listRoute([])]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'zh_CN' });
      await waitFor(() => $(el, '[part="result"][data-status="empty"]'));
      expect($(el, '[part="result-title"]')!.textContent).to.equal('暂无 SSH 公钥');
      expect($(el, '[part~="add-button"]')!.textContent).to.equal('添加 SSH 公钥');
    });
  });

  describe('given a user with keys', () => {
    const keys = [
      sshKey(11, {
        title: 'work laptop',
        created_at: '2026-01-02T03:04:05.000Z',
        last_used_at: daysFromNow(-2),
      }),
      sshKey('k2', {
        title: 'build server',
        key: KEYS.rsa3072.line,
        fingerprint: KEYS.rsa3072.fingerprint,
        scope: 'read',
        expires_at: daysFromNow(40),
      }),
    ];

    it('shows a row per key: name, fingerprint, scope, expiry, created and last used', async () => {
      const api = await mockApi([listRoute(keys)]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 2, { message: 'two rows' });
      expect($$(el, 'th').map((th) => th.textContent)).to.deep.equal([
        'Name',
        'Fingerprint',
        'Scope',
        'Expires',
        'Created',
        'Last used',
        'Actions',
      ]);
      const [laptop, server] = rows(el);
      expect(laptop!.querySelector('[part="key-title"]')!.textContent).to.equal('work laptop');
      const fingerprint = laptop!.querySelector<HTMLElement>('[part="fingerprint"]')!;
      expect(fingerprint.textContent).to.equal(KEYS.ed25519.fingerprint);
      expect(fingerprint.localName).to.equal('code');
      expect(getComputedStyle(fingerprint).fontFamily).to.match(/mono/i);
      expect(laptop!.querySelector('[part="scope"]')!.textContent).to.equal('All (clone, pull, push)');
      expect(laptop!.querySelector('[part="expiry"]')!.textContent).to.equal('Never expires');
      expect(laptop!.textContent).to.contain(formatDate('2026-01-02T03:04:05.000Z'));
      expect(laptop!.querySelector('[part="last-used"]')!.textContent).to.equal(
        `${formatDate(keys[0]!.last_used_at)}2 days ago`,
      );
      expect(laptop!.querySelector('[part="badge"]')).to.equal(null);

      expect(server!.querySelector('[part="scope"]')!.textContent).to.equal('Read-only');
      expect(server!.querySelector('[part="expiry"]')!.textContent).to.equal(formatDate(daysFromNow(40)));
      const never = server!.querySelector('[part="last-used"]')!;
      expect(never.getAttribute('data-state')).to.equal('never');
      expect(never.querySelector('[aria-hidden="true"]')!.textContent).to.equal('—');
      expect(never.textContent).to.contain('Never used');
      expect(server!.querySelector('[part~="edit-button"]')!.getAttribute('aria-label')).to.equal(
        'Edit SSH key build server',
      );
      expect(lists(await api.calls()).map((c) => c.path)).to.deep.equal([KEYS_PATH]);
    });

    it('shows the columns and values in Chinese', async () => {
      const api = await mockApi([listRoute(keys)]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'zh_CN' });
      await waitFor(() => rows(el).length === 2);
      expect($$(el, 'th').map((th) => th.textContent)).to.include.members(['指纹', '适用范围', '最后使用']);
      expect($(el, '[part="intro"]')!.textContent).to.equal(
        'SSH 公钥用于通过 SSH 克隆、拉取和推送代码，无需输入密码。请为您使用的每台电脑分别添加公钥。',
      );
      expect(rows(el)[0]!.querySelector('[part="scope"]')!.textContent).to.equal('全部（克隆、拉取、推送）');
      expect(rows(el)[0]!.querySelector('[part="expiry"]')!.textContent).to.equal('永不过期');
      expect(rows(el)[1]!.querySelector('[part="scope"]')!.textContent).to.equal('只读');
      expect(rows(el)[0]!.querySelector('[part="last-used"]')!.textContent).to.contain('2 天前');
    });

    it('shows the day a key was last used and how long ago, in view rather than only on hover', async () => {
      const api = await mockApi([listRoute(keys)]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 2, { message: 'two rows' });
      const lastUsed = keys[0]!.last_used_at!;
      const used = rows(el)[0]!.querySelector<HTMLElement>('[part="last-used"]')!;
      // What keyboard, touch and screen reader users get too: the words on screen, no hover title.
      expect(used.innerText.split('\n')).to.deep.equal([formatDate(lastUsed), '2 days ago']);
      expect(used.closest('td')!.querySelector('[title]'), 'no hover-only title').to.equal(null);
      const time = used.querySelector('time')!;
      expect(time.textContent).to.equal(formatDate(lastUsed));
      expect(time.dateTime).to.equal(lastUsed);
      expect(time.getBoundingClientRect().width, 'the day is in view').to.be.above(1);
      // Like the other dates of the list, the day does not break; how long ago goes under it.
      expect(getComputedStyle(time).whiteSpace).to.equal('nowrap');
      const ago = time.nextElementSibling as HTMLElement;
      expect(ago.getBoundingClientRect().top).to.be.at.least(time.getBoundingClientRect().bottom - 1);
    });
  });

  describe('given an expired key', () => {
    it('marks the key the server flags as expired, and the one whose expiry has passed', async () => {
      const api = await mockApi([
        listRoute([
          sshKey('flagged', { expires_at: daysFromNow(3), expired: true }),
          sshKey('past', { expires_at: daysFromNow(-1) }),
          sshKey('fine', { expires_at: daysFromNow(3) }),
        ]),
      ]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 3);
      const [flagged, past, fine] = rows(el);
      expect(flagged!.querySelector('[part="badge"]')!.textContent).to.equal('Expired');
      expect(flagged!.querySelector('[part="expiry"]')!.getAttribute('data-state')).to.equal('expired');
      expect(past!.querySelector('[part="badge"]')!.textContent).to.equal('Expired');
      expect(fine!.querySelector('[part="badge"]')).to.equal(null);
      expect(fine!.querySelector('[part="expiry"]')!.getAttribute('data-state')).to.equal('valid');
    });

    it('says "expired" in Chinese', async () => {
      const api = await mockApi([listRoute([sshKey('old', { expires_at: daysFromNow(-3), expired: true })])]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'zh_CN' });
      await waitFor(() => $(el, '[part="badge"]'));
      expect($(el, '[part="badge"]')!.textContent).to.equal('已过期');
    });
  });

  describe('given the list cannot be loaded', () => {
    it('shows the error with Retry, and the list once Retry works', async () => {
      const api = await mockApi([
        listRoute([sshKey('k1', { title: 'back again' })]),
        {
          method: 'GET',
          path: KEYS_PATH,
          status: 500,
          body: { code: 'internal', message: 'x', requestId: 'req-9' },
          times: 1,
        },
      ]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      const result = (await waitFor(() => $(el, '[part="result"][data-status="error"]'), { message: 'the error' }))!;
      expect(result.getAttribute('role')).to.equal('alert');
      expect($(el, '[part="result-title"]')!.textContent).to.equal('The SSH keys could not be loaded');
      expect(result.textContent).to.contain('req-9');
      const retry = [...result.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!;
      retry.click();
      await waitFor(() => rows(el).length === 1, { message: 'the list after Retry' });
      expect(rows(el)[0]!.querySelector('[part="key-title"]')!.textContent).to.equal('back again');
    });

    it('shows the error state for an answer that is not a list of keys', async () => {
      const api = await mockApi([{ method: 'GET', path: KEYS_PATH, body: { keys: [{ id: 1 }] } }]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, '[part="result"][data-status="error"]'), { message: 'the error' });
      expect($(el, '[part="ssh-keys"]')!.getAttribute('data-status')).to.equal('error');
      expect($(el, 'table')).to.equal(null);
    });

    it('shows the error state in Chinese for an answer that is not JSON', async () => {
      const api = await mockApi([{ method: 'GET', path: KEYS_PATH, raw: '[{"id": ' }]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'zh_CN' });
      await waitFor(() => $(el, '[part="result"][data-status="error"]'));
      expect($(el, '[part="result-title"]')!.textContent).to.equal('SSH 公钥加载失败');
      expect($(el, '[part="result"] button')!.textContent).to.equal('重试');
    });
  });

  describe('given the global flavour', () => {
    it('loads the keys without the proxy prefix', async () => {
      const api = await mockApi([listRoute([sshKey(1)], GLOBAL_KEYS_PATH)]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US', flavour: 'global' });
      await waitFor(() => rows(el).length === 1, { message: 'the row' });
      await until(async () => lists(await api.calls()).length === 1, 'the list call');
      expect(lists(await api.calls()).map((c) => c.path)).to.deep.equal([GLOBAL_KEYS_PATH]);
    });
  });
});
