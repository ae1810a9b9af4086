import { expect } from '@open-wc/testing';
import { Table } from '../../../src/ui/Table';
import type { TableColumn } from '../../../src/ui/Table';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mount } from '../fixtures/harness';

interface Token {
  token_id: string;
  name: string;
  expires_at: string;
}

const columns: Array<TableColumn<Token>> = [
  { key: 'name', title: 'Name' },
  { key: 'expires_at', title: 'Expires', width: 'md' },
  { key: 'actions', title: 'Actions', align: 'end', render: (row) => <button type="button">Delete {row.name}</button> },
];

const tokens: Token[] = [
  { token_id: 't1', name: 'ci', expires_at: '2026-09-01' },
  { token_id: 't2', name: 'deploy', expires_at: '2026-10-01' },
];

const cellTexts = (root: ShadowRoot) =>
  [...root.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));

describe('Table', () => {
  it('lists the user’s tokens under named column headers', async () => {
    const m = await mount(<Table caption="Access tokens" columns={columns} rows={tokens} rowKey="token_id" />);
    const table = m.root.querySelector('table')!;
    expect(table.getAttribute('part')).to.equal('table');
    expect(table.getAttribute('data-status')).to.equal('ready');
    expect(table.caption!.textContent).to.equal('Access tokens');
    expect([...table.querySelectorAll('th')].map((th) => [th.textContent, th.getAttribute('scope')])).to.deep.equal([
      ['Name', 'col'],
      ['Expires', 'col'],
      ['Actions', 'col'],
    ]);
    expect(cellTexts(m.root)).to.deep.equal([
      ['ci', '2026-09-01', 'Delete ci'],
      ['deploy', '2026-10-01', 'Delete deploy'],
    ]);
    expect(table.hasAttribute('aria-busy')).to.equal(false);
    await expectNoAxeViolations(m.root);
    m.remove();
  });

  it('says there is nothing to show when the list is empty', async () => {
    const m = await mount(<Table caption="Access tokens" columns={columns} rows={[]} rowKey="token_id" />);
    const table = m.root.querySelector('table')!;
    expect(table.getAttribute('data-status')).to.equal('empty');
    const cell = m.root.querySelector('[part="table-empty"]') as HTMLTableCellElement;
    expect(cell.textContent).to.equal('No data');
    expect(cell.colSpan).to.equal(3);
    await expectNoAxeViolations(m.root);
    await m.rerender(
      <Table caption="Access tokens" columns={columns} rows={[]} rowKey="token_id" empty={<b>No access token</b>} />,
    );
    expect(m.root.querySelector('[part="table-empty"]')!.textContent).to.equal('No access token');
    m.remove();
  });

  it('shows placeholder rows while the tokens load, and keeps old rows during a reload', async () => {
    const m = await mount(<Table caption="Access tokens" columns={columns} rows={[]} rowKey="token_id" loading />);
    const table = m.root.querySelector('table')!;
    expect(table.getAttribute('aria-busy')).to.equal('true');
    expect(table.getAttribute('data-status')).to.equal('loading');
    const skeletonRows = m.root.querySelectorAll('tbody tr[data-state="skeleton"]');
    expect(skeletonRows.length).to.equal(3);
    expect(skeletonRows[0]!.querySelector('[part="skeleton"]')!.getAttribute('aria-hidden')).to.equal('true');
    await expectNoAxeViolations(m.root);
    await m.rerender(
      <Table caption="Access tokens" columns={columns} rows={tokens} rowKey={(t) => t.token_id} loading />,
    );
    expect(m.root.querySelectorAll('tbody tr[data-state="skeleton"]').length).to.equal(0);
    expect(cellTexts(m.root).length).to.equal(2);
    expect(table.getAttribute('aria-busy')).to.equal('true');
    m.remove();
  });
});
