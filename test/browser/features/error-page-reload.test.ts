/**
 * Reload on `<yx-error-page>` is announced like its other ways out: a cancelable `yx-reload` that
 * a host app can take over (to fetch its own data again), else the page reloads.
 */
import { expect } from '@open-wc/testing';
import '../../../elements/yx-error-page';
import { setErrorPageReloader } from '../../../src/features/errors/ErrorPage';
import { mountElement } from '../fixtures/harness';

const reloadButton = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part=actions] button')].find(
    (b) => b.textContent === 'Reload',
  )!;

describe('<yx-error-page> Reload', () => {
  let reloads = 0;
  let restoreReloader: () => void;
  beforeEach(() => {
    reloads = 0;
    restoreReloader = setErrorPageReloader(() => reloads++);
  });
  afterEach(() => {
    restoreReloader();
    document.body.innerHTML = '';
  });

  describe('given a host app that refetches its own data', () => {
    it('lets the host take Reload over, with the address it would reload', async () => {
      const el = await mountElement('yx-error-page', { type: 'server-error', locale: 'en_US' });
      const seen: Array<{ url: string }> = [];
      const takeOver = (e: CustomEvent<{ url: string }>) => {
        expect(e.cancelable, 'cancelable').to.equal(true);
        expect(e.composed, 'leaves the shadow root').to.equal(true);
        e.preventDefault();
        seen.push(e.detail);
      };
      document.addEventListener('yx-reload', takeOver);
      try {
        reloadButton(el).click();
      } finally {
        document.removeEventListener('yx-reload', takeOver);
      }
      expect(seen).to.deep.equal([{ url: location.href }]);
      expect(reloads, 'the page is not reloaded').to.equal(0);
    });
  });

  describe('given the system error', () => {
    it('calls the way out Retry, as §8 does, and reloads like Reload (both languages)', async () => {
      for (const [locale, label] of [
        ['en_US', 'Retry'],
        ['zh_CN', '重试'],
      ] as const) {
        const el = await mountElement('yx-error-page', { type: 'system', locale });
        const buttons = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part=actions] button')];
        expect(buttons.map((b) => b.textContent)).to.deep.equal([label]);
        const seen: string[] = [];
        const listen = (e: CustomEvent<{ url: string }>) => seen.push(e.detail.url);
        document.addEventListener('yx-reload', listen);
        try {
          buttons[0]!.click();
        } finally {
          document.removeEventListener('yx-reload', listen);
        }
        expect(seen).to.deep.equal([location.href]);
        el.remove();
      }
      expect(reloads).to.equal(2);
    });
  });

  describe('given a host that only listens', () => {
    it('reloads the page after announcing it', async () => {
      const el = await mountElement('yx-error-page', { type: 'generic', locale: 'en_US' });
      const seen: string[] = [];
      const listen = (e: CustomEvent<{ url: string }>) => seen.push(e.detail.url);
      document.addEventListener('yx-reload', listen);
      try {
        reloadButton(el).click();
      } finally {
        document.removeEventListener('yx-reload', listen);
      }
      expect(seen).to.deep.equal([location.href]);
      expect(reloads).to.equal(1);
    });
  });

  describe('given no listener', () => {
    it('reloads the page (zh_CN too)', async () => {
      const el = await mountElement('yx-error-page', { type: 'chunk-load', locale: 'zh_CN' });
      const button = el.shadowRoot!.querySelector<HTMLButtonElement>('[part=actions] button')!;
      expect(button.textContent).to.equal('刷新页面');
      button.click();
      expect(reloads).to.equal(1);
    });
  });
});
