import { expect } from '@open-wc/testing';
import axe from 'axe-core';
import '../../../elements/yx-email-verify-result';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';

const VERIFY = '/individual/proxy/my/email:verify';
/** The profile settings on the account host's standalone page: the element's default. */
const settingsOf = (host: string) => `${host}/users/#/users/settings/profile`;
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const verified = { email: { address: 'lin@example.com', verified: true } };

let listening = new AbortController();

/** Records every yx-navigate and cancels it, so the test page stays where it is. */
function navigations(el: EventTarget, cancel = true) {
  const urls: string[] = [];
  el.addEventListener(
    'yx-navigate',
    (event) => {
      const e = event as CustomEvent<{ url: string }>;
      urls.push(e.detail.url);
      if (cancel) e.preventDefault();
    },
    { signal: listening.signal },
  );
  return urls;
}

describe('<yx-email-verify-result>', () => {
  const startUrl = location.href;
  afterEach(() => {
    listening.abort();
    listening = new AbortController();
    document.body.innerHTML = '';
    history.replaceState(null, '', startUrl);
  });

  describe('given a valid link', () => {
    it('verifies the token, counts down and then goes to the next URL', async () => {
      const api = await mockApi([{ method: 'POST', path: VERIFY, body: verified }]);
      const el = await mountElement('yx-email-verify-result', {
        host: api.host,
        locale: 'en_US',
        token: 'tok-1',
        seconds: '2',
        'next-url': '#/users/settings/personalAccessToken',
      });
      const urls = navigations(el);
      const result = (await waitFor(() => $(el, '[part="result"]'), { message: 'the result' }))!;
      expect(result.getAttribute('data-status')).to.equal('success');
      expect($(el, '[part="result-title"]')!.textContent).to.equal('Your email address is verified');
      expect($(el, '[part="address"]')!.textContent).to.equal('lin@example.com is verified');
      const countdown = $(el, '[part="countdown"]')!;
      expect(countdown.textContent).to.equal('Redirecting in 2 seconds');
      // The ticking number is hidden from screen readers; they hear one fixed sentence.
      expect(countdown.getAttribute('aria-hidden')).to.equal('true');
      expect($(el, '[part="result-description"] .yx-visually-hidden')!.textContent).to.equal(
        'Redirecting in 2 seconds',
      );
      await expectNoAxeViolations(el.shadowRoot!);
      await waitFor(() => countdown.textContent === 'Redirecting in 1 second', { message: 'one tick' });
      expect(urls).to.deep.equal([]);
      await waitFor(() => urls.length === 1, { timeout: 3000, message: 'the redirect' });
      expect(urls).to.deep.equal(['#/users/settings/personalAccessToken']);
      const [call] = await api.calls();
      expect(call!.body).to.deep.equal({ token: 'tok-1' });
    });

    for (const [locale, sentence] of [
      ['en_US', 'Redirecting in 1 second'],
      ['zh_CN', '1 秒后自动跳转'],
    ] as const) {
      it(`counts one second in the singular (${locale})`, async () => {
        const api = await mockApi([{ method: 'POST', path: VERIFY, body: verified }]);
        const el = await mountElement('yx-email-verify-result', {
          host: api.host,
          locale,
          token: 'tok-1',
          seconds: '1',
        });
        navigations(el);
        await waitFor(() => $(el, '[part="result"]'), { message: 'the result' });
        // The sentence screen readers hear names the starting count, however far the ticking got.
        expect($(el, '[part="result-description"] .yx-visually-hidden')!.textContent).to.equal(sentence);
      });
    }

    it('goes at once with Enter Now, and only once', async () => {
      const api = await mockApi([{ method: 'POST', path: VERIFY, body: verified }]);
      const el = await mountElement('yx-email-verify-result', {
        host: api.host,
        locale: 'zh_CN',
        token: 'tok-1',
        seconds: '1',
      });
      const urls = navigations(el);
      const enter = (await waitFor(() => $(el, '[part~="enter-button"]'))) as HTMLButtonElement;
      expect(enter.textContent).to.equal('立即进入');
      expect($(el, '[part="result-title"]')!.textContent).to.equal('邮箱验证成功');
      enter.click();
      expect(urls).to.deep.equal([settingsOf(api.host)]);
      await new Promise((r) => setTimeout(r, 1500));
      expect(urls, 'the countdown does not go a second time').to.deep.equal([settingsOf(api.host)]);
    });

    it('leaves for the next URL itself when the host does not take the navigation over', async () => {
      // A hash route: the default (the account host's page) would take the test page away.
      const next = '#/users/settings/profile';
      const api = await mockApi([{ method: 'POST', path: VERIFY, body: verified }]);
      const el = await mountElement('yx-email-verify-result', {
        host: api.host,
        locale: 'en_US',
        token: 't',
        'next-url': next,
      });
      const urls = navigations(el, false);
      ((await waitFor(() => $(el, '[part~="enter-button"]'))) as HTMLButtonElement).click();
      expect(urls).to.deep.equal([next]);
      await waitFor(() => location.hash === next, { message: 'location.assign to the hash route' });
    });

    it('ignores a next URL on another origin and goes to the settings instead', async () => {
      const api = await mockApi([{ method: 'POST', path: VERIFY, body: verified }]);
      // Listen before mounting: with 0 seconds the redirect follows the answer at once.
      const urls = navigations(document.body);
      await mountElement('yx-email-verify-result', {
        host: api.host,
        locale: 'en_US',
        token: 't',
        seconds: '0',
        'next-url': 'https://evil.example/steal',
      });
      await waitFor(() => urls.length === 1, { message: 'the immediate redirect' });
      expect(urls).to.deep.equal([settingsOf(api.host)]);
    });

    it('reads the token from the hash route when the page passes none', async () => {
      history.replaceState(null, '', '#/users/emails?token=from-hash');
      const api = await mockApi([{ method: 'POST', path: VERIFY, body: verified }]);
      const el = await mountElement('yx-email-verify-result', { host: api.host, locale: 'en_US', seconds: '60' });
      navigations(el);
      await waitFor(() => $(el, '[part="result"][data-status="success"]'));
      const [call] = await api.calls();
      expect(call!.body).to.deep.equal({ token: 'from-hash' });
    });

    it('shows a labelled spinner while verifying', async () => {
      const api = await mockApi([{ method: 'POST', path: VERIFY, body: verified, delayMs: 400 }]);
      const el = await mountElement('yx-email-verify-result', { host: api.host, locale: 'en_US', token: 't' });
      navigations(el);
      expect($(el, '[part="email-verify"]')!.getAttribute('data-status')).to.equal('loading');
      expect($(el, '[part="spinner"]')!.textContent).to.equal('Verifying your email address…');
      await waitFor(() => $(el, '[part="result"]'));
    });
  });

  describe('given a link opened a second time', () => {
    for (const [locale, title, text, countdown] of [
      ['en_US', 'Your email address is verified', 'This email address is already verified', 'Redirecting in 3 seconds'],
      ['zh_CN', '邮箱验证成功', '该邮箱已经验证过了', '3 秒后自动跳转'],
    ] as const) {
      it(`says the address is verified, counts down and goes on, as after the first time (${locale})`, async () => {
        const api = await mockApi([
          { method: 'POST', path: VERIFY, status: 409, body: { code: 'email_already_verified', message: 'x' } },
        ]);
        const el = await mountElement('yx-email-verify-result', { host: api.host, locale, token: 't', seconds: '3' });
        const urls = navigations(el);
        const result = (await waitFor(() => $(el, '[part="result"]'), { message: 'the result' }))!;
        expect($(el, '[part="email-verify"]')!.getAttribute('data-status')).to.equal('success');
        expect($(el, '[part="email-verify"]')!.hasAttribute('data-reason')).to.equal(false);
        expect(result.getAttribute('data-status')).to.equal('success');
        expect(result.getAttribute('role')).to.equal('status');
        expect($(el, '[part="result-title"]')!.textContent).to.equal(title);
        expect($(el, '[part="already-verified"]')!.textContent).to.equal(text);
        expect($(el, '[part="countdown"]')!.textContent).to.equal(countdown);
        expect($(el, '[part~="settings-button"]')).to.equal(null);
        await expectNoAxeViolations(el.shadowRoot!);
        ($(el, '[part~="enter-button"]') as HTMLButtonElement).click();
        expect(urls).to.deep.equal([settingsOf(api.host)]);
      });
    }
  });

  describe('as the page the link opens', () => {
    it('has one level-1 heading naming the page, which labels it', async () => {
      const api = await mockApi([{ method: 'POST', path: VERIFY, body: verified }]);
      const el = await mountElement('yx-email-verify-result', {
        host: api.host,
        locale: 'en_US',
        token: 't',
        seconds: '60',
      });
      navigations(el);
      await waitFor(() => $(el, '[part="result"]'));
      const headings = [...el.shadowRoot!.querySelectorAll('h1')];
      expect(headings.map((h) => h.textContent)).to.deep.equal(['Email Verification']);
      const page = $(el, '[part="email-verify"]')!;
      expect(page.getAttribute('aria-labelledby')).to.equal(headings[0]!.id);
      // axe's page-level check (best practice), on this test page holding only the element.
      const check = await axe.run(document, { runOnly: { type: 'rule', values: ['page-has-heading-one'] } });
      expect(check.violations.map((v) => v.id)).to.deep.equal([]);
      expect(check.passes.map((v) => v.id)).to.deep.equal(['page-has-heading-one']);
    });
  });

  describe('given a link that cannot be used', () => {
    it('says the link is invalid when there is no token, without calling the server', async () => {
      const api = await mockApi([{ method: 'POST', path: VERIFY, body: verified }]);
      const el = await mountElement('yx-email-verify-result', { host: api.host, locale: 'en_US' });
      await settle();
      expect($(el, '[part="email-verify"]')!.getAttribute('data-reason')).to.equal('invalid-link');
      expect($(el, '[part="result-title"]')!.textContent).to.equal('Email verification failed');
      expect($(el, '[part="result-description"]')!.textContent).to.equal(
        'The verification link is invalid. Send a new one from Personal Settings.',
      );
      expect(await api.calls()).to.deep.equal([]);
    });

    it('says an expired link can be reactivated in personal settings, and goes there', async () => {
      const api = await mockApi([
        { method: 'POST', path: VERIFY, status: 400, body: { code: 'email_link_expired', message: 'expired' } },
      ]);
      const el = await mountElement('yx-email-verify-result', { host: api.host, locale: 'en_US', token: 'old' });
      const urls = navigations(el);
      await waitFor(() => $(el, '[part="result"]'));
      expect($(el, '[part="email-verify"]')!.getAttribute('data-reason')).to.equal('expired');
      expect($(el, '[part="result-description"]')!.textContent).to.equal(
        'The activation link has expired. Reactivate it in Personal Settings.',
      );
      await expectNoAxeViolations(el.shadowRoot!);
      const button = $(el, '[part~="settings-button"]') as HTMLButtonElement;
      expect(button.textContent).to.equal('Go to Personal Settings');
      button.click();
      expect(urls).to.deep.equal([settingsOf(api.host)]);
    });

    const failures = [
      {
        code: 'email_token_mismatch',
        reason: 'token-mismatch',
        en: 'The activation token does not match',
        zh: '激活凭证不匹配',
      },
      {
        code: 'email_activate_mismatch',
        reason: 'activate-mismatch',
        en: 'The email to activate does not match your current email',
        zh: '待激活的邮箱与当前邮箱不一致',
      },
      {
        code: 'email_binding_status',
        reason: 'binding-status',
        en: 'Your email address changed in the meantime. Reload the page and try again.',
        zh: '邮箱状态已变化，请刷新页面后重试',
      },
      {
        // Another account verified the same address first.
        code: 'email_already_bound',
        reason: 'already-bound',
        en: 'This email address is already bound',
        zh: '该邮箱已被绑定',
      },
      {
        code: 'invalid_request',
        reason: 'invalid-link',
        en: 'The verification link is invalid. Send a new one from Personal Settings.',
        zh: '验证链接无效，请前往个人设置重新发送验证邮件',
      },
    ];
    for (const { code, reason, en, zh } of failures) {
      for (const locale of ['en_US', 'zh_CN'] as const) {
        it(`explains ${code} (${locale})`, async () => {
          const api = await mockApi([{ method: 'POST', path: VERIFY, status: 400, body: { code, message: 'x' } }]);
          const el = await mountElement('yx-email-verify-result', { host: api.host, locale, token: 't' });
          await waitFor(() => $(el, '[part="result"]'));
          expect($(el, '[part="email-verify"]')!.getAttribute('data-reason')).to.equal(reason);
          expect($(el, '[part="result"]')!.getAttribute('role')).to.equal('alert');
          expect($(el, '[part="result-description"]')!.textContent).to.equal(locale === 'en_US' ? en : zh);
          expect($(el, '[part="result-title"]')!.textContent).to.equal(
            locale === 'en_US' ? 'Email verification failed' : '邮箱验证失败',
          );
        });
      }
    }

    it('offers Retry after a server fault, and succeeds on retrying', async () => {
      const api = await mockApi([
        { method: 'POST', path: VERIFY, body: verified },
        { method: 'POST', path: VERIFY, status: 503, body: { code: 'down', requestId: 'req-5' }, times: 1 },
      ]);
      const el = await mountElement('yx-email-verify-result', {
        host: api.host,
        locale: 'en_US',
        token: 't',
        seconds: '60',
      });
      navigations(el);
      await waitFor(() => $(el, '[part="result"]'));
      expect($(el, '[part="email-verify"]')!.getAttribute('data-reason')).to.equal('other');
      expect($(el, '[part="result-description"]')!.textContent).to.equal(
        'System exception, please try again (request ID: req-5)',
      );
      ($(el, '[part="result-actions"] button') as HTMLButtonElement).click();
      await waitFor(() => $(el, '[part="result"][data-status="success"]'), { message: 'success after Retry' });
      expect(await api.calls()).to.have.length(2);
    });
  });
});
