import { expect } from '@open-wc/testing';
import '../../../elements/yx-error-page';
import { ERROR_TYPE_NAMES } from '../../../src/features/errors/types';
import { mountElement, settle } from '../fixtures/harness';
import { expectNoAxeViolations } from '../fixtures/axe';

const title = (el: Element) => el.shadowRoot!.querySelector('[part=title]')!.textContent;
const buttons = (el: Element) => [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part=actions] button')];

/** Captures one cancelable event and cancels it, so the test page does not navigate. */
function capture(type: 'yx-navigate' | 'yx-relogin') {
  const seen: Array<{ url: string }> = [];
  const listener = (e: Event) => {
    e.preventDefault();
    seen.push((e as CustomEvent<{ url: string }>).detail);
  };
  document.addEventListener(type, listener);
  return { seen, stop: () => document.removeEventListener(type, listener) };
}

describe('<yx-error-page>', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('says what went wrong on every error page, in English and Chinese, with at least one way out', async () => {
    for (const type of ERROR_TYPE_NAMES) {
      const en = await mountElement('yx-error-page', { type, locale: 'en_US', host: location.origin });
      const zh = await mountElement('yx-error-page', { type, locale: 'zh_CN', host: location.origin });
      expect(title(en), type).to.match(/[A-Za-z]/);
      expect(title(zh), type).to.match(/[\u4e00-\u9fa5]/);
      expect(buttons(en).length, type).to.be.greaterThan(0);
      en.remove();
      zh.remove();
    }
  });

  it('shows the 404 page with a code and takes the user home through a cancelable event', async () => {
    const el = await mountElement('yx-error-page', { type: 'not-found', locale: 'en_US' });
    expect(el.shadowRoot!.querySelector('[part=code]')!.textContent).to.equal('404');
    expect(title(el)).to.equal('Page not found');
    const nav = capture('yx-navigate');
    buttons(el)[0]!.click();
    nav.stop();
    expect(nav.seen).to.deep.equal([{ url: '/' }]);
  });

  it('focuses the message so screen readers announce it first', async () => {
    const el = await mountElement('yx-error-page', { type: 'no-permission', locale: 'en_US' });
    expect(el.shadowRoot!.activeElement).to.equal(el.shadowRoot!.querySelector('h1'));
  });

  it('names the login failure detail and offers Sign in Again', async () => {
    const el = await mountElement('yx-error-page', {
      type: 'login-failure',
      reason: 'bound-account-not-found',
      locale: 'en_US',
    });
    expect(title(el)).to.equal('Login failed: no bound account was found');
    const relogin = capture('yx-relogin');
    expect(buttons(el)[0]!.textContent).to.equal('Sign in Again');
    buttons(el)[0]!.click();
    relogin.stop();
    expect(relogin.seen).to.deep.equal([{ url: '#/users/login' }]);
  });

  it('ignores a login failure reason it does not know instead of echoing it', async () => {
    const el = await mountElement('yx-error-page', {
      type: 'login-failure',
      reason: 'Call 555-0100 to unlock your account',
      locale: 'en_US',
    });
    expect(title(el)).to.equal('Login failed');
    expect(el.shadowRoot!.textContent).not.to.contain('555-0100');
  });

  it('tells a RAM user to switch account in the global flavour and to log on again elsewhere', async () => {
    const global = await mountElement('yx-error-page', { type: 'ram-user', flavour: 'global', locale: 'en_US' });
    expect(title(global)).to.contain('Please switch account');
    expect(buttons(global)[0]!.textContent).to.equal('Switch Account');
    const relogin = capture('yx-relogin');
    buttons(global)[0]!.click();
    relogin.stop();
    expect(relogin.seen[0]!.url).to.match(/^\/users\/logout\?next_url=/);

    const standard = await mountElement('yx-error-page', { type: 'ram-user', flavour: 'standard', locale: 'en_US' });
    expect(buttons(standard)[0]!.textContent).to.equal('Log on again');
  });

  it('shows the request id of a server error for support', async () => {
    const el = await mountElement('yx-error-page', {
      type: 'server-error',
      'request-id': 'req-123',
      locale: 'en_US',
    });
    expect(el.shadowRoot!.querySelector('[part=request-id]')!.textContent).to.equal('Request ID: req-123');
  });

  it('falls back to the generic page for an unknown type, with a warning for the developer', async () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (m: string) => warnings.push(m);
    try {
      const el = await mountElement('yx-error-page', { type: 'made-up', locale: 'en_US' });
      expect(title(el)).to.equal('The page you visited has an exception');
      expect(warnings.some((w) => w.includes('type="made-up"'))).to.equal(true);
      el.setAttribute('type', 'server-error');
      await settle();
      expect(title(el)).to.equal('The server encountered an error (500)');
    } finally {
      console.warn = original;
    }
  });

  it('has no accessibility violations', async () => {
    for (const type of ['not-found', 'login-failure', 'ram-user', 'generic']) {
      const el = await mountElement('yx-error-page', { type, locale: 'en_US' });
      await expectNoAxeViolations(el.shadowRoot!);
      el.remove();
    }
  });
});
