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
    expect(panel.querySelector('[part="result-title"]')!.textContent).to.equal('Something went wrong');
    const retry = panel.querySelector('button')!;
    expect(retry.textContent).to.equal('Retry');
    retry.focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(retries).to.equal(1);
    await expectNoAxeViolations(m.root);
    m.remove();
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
