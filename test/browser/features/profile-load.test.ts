import { expect } from '@open-wc/testing';
import '../../../elements/yx-profile';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { $, ME, callsMatching, me } from './profile-fixtures';

describe('<yx-profile> loading', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows a skeleton while the current user loads, then the account read-only', async () => {
    const api = await mockApi([{ method: 'GET', path: ME, body: me(), delayMs: 300 }]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    expect($(el, '[part="profile"]')!.getAttribute('data-status')).to.equal('loading');
    expect($(el, '[part="skeleton"]')).to.not.equal(null);
    expect($(el, '[part="profile"]')!.getAttribute('aria-busy')).to.equal('true');
    await waitFor(() => $(el, '[part="account"]'), { message: 'the profile' });
    expect($(el, '[part="title"]')!.textContent).to.equal('Personal Information');
    expect($(el, '[part="account"]')!.textContent).to.equal('lin.wei');
    expect($(el, '[part="name"]')!.textContent).to.equal('Lin Wei');
    expect(
      el.shadowRoot!.querySelector('input[name="username"], input[name="account"]'),
      'no editable account',
    ).to.equal(null);
    const [call] = await callsMatching(api, (c) => c.path === ME);
    expect(call!.query).to.deep.equal({ with_email_info: 'true' });
  });

  it('shows the initials on a coloured circle when there is no avatar', async () => {
    const api = await mockApi([{ method: 'GET', path: ME, body: me({ avatar: null }) }]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    const initials = (await waitFor(() => $(el, '[part~="avatar-initials"]')))!;
    expect(initials.textContent).to.equal('LW');
    expect(initials.getAttribute('role')).to.equal('img');
    expect(initials.getAttribute('aria-label')).to.equal('Avatar of Lin Wei');
    expect(initials.getAttribute('data-color')).to.match(/^[0-7]$/);
  });

  it('shows the avatar picture from an http(s) or relative URL', async () => {
    const api = await mockApi([{ method: 'GET', path: ME, body: me({ avatar: '/static/a.png' }) }]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    const img = (await waitFor(() => $(el, 'img[part~="avatar"]'))) as HTMLImageElement;
    expect(img.getAttribute('src')).to.equal('/static/a.png');
    expect(img.alt).to.equal('Avatar of Lin Wei');
  });

  it('never uses a javascript: avatar URL, showing the initials instead', async () => {
    const api = await mockApi([{ method: 'GET', path: ME, body: me({ avatar: 'javascript:alert(1)' }) }]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part~="avatar-initials"]'));
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
  });

  it('offers Retry when the current user fails to load, and shows it after a retry', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me() },
      { method: 'GET', path: ME, status: 500, body: { code: 'boom', requestId: 'req-9' }, times: 1 },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    const result = (await waitFor(() => $(el, '[part="result"]'), { message: 'the error result' }))!;
    expect(result.getAttribute('data-status')).to.equal('error');
    expect(result.textContent).to.contain('Your personal information could not be loaded');
    expect(result.textContent).to.contain('System exception, please try again (request ID: req-9)');
    await expectNoAxeViolations(el.shadowRoot!);
    result.querySelector('button')!.click();
    await waitFor(() => $(el, '[part="account"]'), { message: 'the profile after Retry' });
  });

  it('treats a malformed answer as a failure with Retry, not a crash', async () => {
    const api = await mockApi([{ method: 'GET', path: ME, body: { username: 42 } }]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'zh_CN' });
    const result = (await waitFor(() => $(el, '[part="result"]')))!;
    expect(result.textContent).to.contain('个人信息加载失败');
    expect(result.textContent).to.contain('服务器返回的数据格式有误');
    expect(result.querySelector('button')!.textContent).to.equal('重试');
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read and use the whole tab (${locale})`, async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ email: { address: 'lin@example.com', verified: false } }) },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale });
      await waitFor(() => $(el, '[part="account"]'));
      expect($(el, '[part="title"]')!.textContent).to.equal(locale === 'en_US' ? 'Personal Information' : '个人信息');
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }
});
