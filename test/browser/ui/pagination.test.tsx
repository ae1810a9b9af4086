import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { useState } from 'react';
import { Pagination, pageItems } from '../../../src/ui/Pagination';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mount, settle, waitFor } from '../fixtures/harness';

function Pages({ total, log }: { total: number; log: Array<[number, number]> }) {
  const [state, setState] = useState({ page: 1, pageSize: 10 });
  return (
    <Pagination
      page={state.page}
      pageSize={state.pageSize}
      total={total}
      onChange={(page, pageSize) => {
        log.push([page, pageSize]);
        setState({ page, pageSize });
      }}
    />
  );
}

const current = (root: ShadowRoot) => root.querySelector('[aria-current="page"]')?.textContent;

describe('pageItems', () => {
  it('shows every page when there are few, and gaps around the current page when there are many', () => {
    expect(pageItems(1, 5)).to.deep.equal([1, 2, 3, 4, 5]);
    expect(pageItems(1, 10)).to.deep.equal([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(5, 10)).to.deep.equal([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(10, 10)).to.deep.equal([1, 'gap', 6, 7, 8, 9, 10]);
  });
});

describe('Pagination', () => {
  it('tells the user how many rows there are and which page they are on', async () => {
    const m = await mount(<Pages total={42} log={[]} />);
    const nav = m.root.querySelector('nav')!;
    expect(nav.getAttribute('part')).to.equal('pagination');
    expect(nav.getAttribute('aria-label')).to.equal('Pagination');
    expect(m.root.querySelector('[part="pagination-total"]')!.textContent).to.equal('Total 42');
    expect(current(m.root)).to.equal('1');
    expect(m.root.querySelector('[aria-label="Previous page"]')!.getAttribute('aria-disabled')).to.equal('true');
    await expectNoAxeViolations(m.root);
    m.remove();
  });

  it('speaks Chinese in a Chinese page', async () => {
    const m = await mount(<Pages total={42} log={[]} />, { locale: 'zh_CN' });
    expect(m.root.querySelector('[part="pagination-total"]')!.textContent).to.equal('共 42 条');
    expect(m.root.querySelector('nav')!.getAttribute('aria-label')).to.equal('分页');
    expect(m.root.querySelector('select')!.options[0]!.textContent).to.equal('10 条/页');
    m.remove();
  });

  it('lets the user page forward and back with the keyboard', async () => {
    const log: Array<[number, number]> = [];
    const m = await mount(<Pages total={42} log={log} />);
    const next = m.root.querySelector<HTMLButtonElement>('[aria-label="Next page"]')!;
    next.focus();
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Space' });
    await settle();
    expect(log).to.deep.equal([
      [2, 10],
      [3, 10],
    ]);
    expect(current(m.root)).to.equal('3');
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'Space' });
    await settle();
    expect(current(m.root)).to.equal('5');
    // On the last page Next does nothing and keeps focus.
    expect(next.getAttribute('aria-disabled')).to.equal('true');
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(log.length).to.equal(4);
    expect(deepActiveElement()).to.equal(next);

    const pageTwo = m.root.querySelector<HTMLButtonElement>('[aria-label="Page 2"]')!;
    pageTwo.focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(log.at(-1)).to.deep.equal([2, 10]);
    expect(pageTwo.getAttribute('aria-current')).to.equal('page');
    m.remove();
  });

  it('lets the user show more rows per page with the keyboard, keeping their place', async () => {
    const log: Array<[number, number]> = [];
    const m = await mount(<Pages total={42} log={log} />);
    m.root.querySelector<HTMLButtonElement>('[aria-label="Page 3"]')!.click();
    await settle();
    const select = m.root.querySelector('select')!;
    expect(select.getAttribute('aria-label')).to.equal('Rows per page');
    expect([...select.options].map((o) => o.textContent)).to.deep.equal([
      '10 / page',
      '20 / page',
      '50 / page',
      '100 / page',
    ]);
    select.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => log.length === 2, { message: 'page size change' });
    // Rows 21–30 were on screen; with 20 a page, row 21 is on page 2.
    expect(log.at(-1)).to.deep.equal([2, 20]);
    expect(select.value).to.equal('20');
    expect(current(m.root)).to.equal('2');
    expect(m.root.querySelectorAll('.yx-pagination__page').length).to.equal(3);
    await expectNoAxeViolations(m.root);
    m.remove();
  });
});
