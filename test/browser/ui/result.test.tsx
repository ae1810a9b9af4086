import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { Result } from '../../../src/ui/Result';
import type { ResultStatus } from '../../../src/ui/Result';
import { Skeleton, Spinner } from '../../../src/ui/Spinner';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mount, settle } from '../fixtures/harness';

describe('Result', () => {
  it('lets the user retry after a failed load', async () => {
    let retries = 0;
    const m = await mount(<Result status="error" description="The request timed out" onRetry={() => (retries += 1)} />);
    const panel = m.root.querySelector('[part="result"]')!;
    expect(panel.getAttribute('role')).to.equal('alert');
    expect(panel.getAttribute('data-status')).to.equal('error');
    expect(panel.querySelector('[part="result-title"]')!.textContent).to.equal('The content could not be loaded');
    const retry = panel.querySelector('button')!;
    expect(retry.textContent).to.equal('Retry');
    retry.focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(retries).to.equal(1);
    await expectNoAxeViolations(m.root);
    m.remove();
  });

  it('keeps keyboard focus in the element while a retry loads, and on the next Retry if it fails again', async () => {
    let presses = 0;
    const screen = (state: 'error' | 'loading' | 'loaded') => (
      <section aria-label="Keys">
        {state === 'error' && <Result status="error" description="Timed out" onRetry={() => (presses += 1)} />}
        {state === 'loading' && <Spinner />}
        {state === 'loaded' && <button type="button">Add key</button>}
      </section>
    );
    const m = await mount(screen('error'));
    const section = m.root.querySelector('section')!;
    const active = () => m.root.activeElement;
    const retryButton = () => m.root.querySelector<HTMLButtonElement>('[part="result"] button')!;

    retryButton().focus();
    await sendKeys({ press: 'Enter' });
    expect(presses).to.equal(1);
    await m.rerender(screen('loading'));
    // Not on <body>: on the section that held the panel, made focusable for the purpose.
    expect(active() === section, 'focus on the surrounding section').to.equal(true);
    expect(section.getAttribute('tabindex')).to.equal('-1');

    // The retry fails again: the new panel takes focus onto its Retry button.
    await m.rerender(screen('error'));
    expect(active() === retryButton(), 'focus on the new Retry').to.equal(true);
    await sendKeys({ press: 'Enter' });
    expect(presses).to.equal(2);
    await m.rerender(screen('loading'));
    await m.rerender(screen('loaded'));
    expect(active() === section, 'focus stays in the element once loaded').to.equal(true);
    // Tab continues from there into the loaded content.
    await sendKeys({ press: 'Tab' });
    expect(active()?.textContent).to.equal('Add key');
    m.remove();
  });

  it('leaves focus alone when Retry was pressed without it, or the user has moved on', async () => {
    const outside = document.createElement('input');
    outside.setAttribute('aria-label', 'Search the page');
    document.body.append(outside);
    let onRetry = () => {};
    const screen = (state: 'error' | 'loading') => (
      <section aria-label="Keys">
        {state === 'error' ? <Result status="error" onRetry={() => onRetry()} /> : <Spinner />}
      </section>
    );
    const m = await mount(screen('error'));
    // A click without focus (e.g. an assistive technology's activation) changes nothing.
    m.root.querySelector<HTMLButtonElement>('[part="result"] button')!.click();
    await m.rerender(screen('loading'));
    expect(m.root.querySelector('section')!.hasAttribute('tabindex')).to.equal(false);

    await m.rerender(screen('error'));
    onRetry = () => outside.focus();
    m.root.querySelector<HTMLButtonElement>('[part="result"] button')!.focus();
    await sendKeys({ press: 'Enter' });
    await m.rerender(screen('loading'));
    expect(document.activeElement === outside, 'focus stays where the user went').to.equal(true);
    m.remove();
    outside.remove();
  });

  it('tells the user calmly when there is nothing, or when they may not look', async () => {
    const titles: Record<ResultStatus, string> = {
      empty: 'No data',
      success: 'Done',
      forbidden: 'You do not have permission to access this page',
      'not-found': '',
      error: '',
    };
    for (const status of ['empty', 'success', 'forbidden', 'not-found'] as const) {
      const m = await mount(<Result status={status} headingLevel={2} actions={<a href="#/">Back</a>} />);
      const panel = m.root.querySelector('[part="result"]')!;
      expect(panel.getAttribute('role'), status).to.equal('status');
      const title = panel.querySelector('h2')!.textContent!;
      expect(title.length, status).to.be.greaterThan(0);
      if (titles[status]) expect(title, status).to.equal(titles[status]);
      expect(panel.querySelector('button'), status).to.equal(null);
      await expectNoAxeViolations(m.root);
      m.remove();
    }
  });
});

describe('Spinner and Skeleton', () => {
  it('announces loading once and hides the placeholder lines from screen readers', async () => {
    const m = await mount(
      <>
        <Spinner />
        <Skeleton lines={4} />
      </>,
    );
    const spinner = m.root.querySelector('[part="spinner"]')!;
    expect(spinner.getAttribute('role')).to.equal('status');
    expect(spinner.textContent).to.equal('Loading…');
    const skeleton = m.root.querySelector('[part="skeleton"]')!;
    expect(skeleton.getAttribute('aria-hidden')).to.equal('true');
    expect(skeleton.children.length).to.equal(4);
    await expectNoAxeViolations(m.root);
    m.remove();
  });

  it('speaks Chinese in a Chinese page', async () => {
    const m = await mount(<Spinner />, { locale: 'zh_CN' });
    expect(m.root.querySelector('[part="spinner"]')!.textContent).to.equal('加载中…');
    m.remove();
  });
});
