import { css } from './sheet';

/** Styles of Table, adopted by the tables that use them. */
export const tableCss = css`
  /* Scrolls a too-wide table itself. Positioned so that visually hidden text in cells (absolute)
     stays inside it rather than widening the page from its far-off static position. */
  .yx-table-wrap {
    position: relative;
    overflow-x: auto;
  }
  .yx-table {
    width: 100%;
    border-collapse: collapse;
    text-align: start;
  }
  .yx-table__caption {
    caption-side: top;
    padding-bottom: var(--yx-space-2);
    text-align: start;
    font-weight: 600;
  }
  .yx-table__cell {
    padding: var(--yx-space-3);
    border-bottom: 1px solid var(--yx-color-border);
    text-align: start;
    vertical-align: middle;
    /* Not 'anywhere': that lets a narrow table crush its columns to a letter wide; a table too
       wide for words scrolls in its wrapper instead. */
    overflow-wrap: break-word;
  }
  th.yx-table__cell {
    background: var(--yx-color-bg-subtle);
    color: var(--yx-color-text-secondary);
    font-weight: 500;
    white-space: nowrap;
  }
  .yx-table__cell[data-align='center'] {
    text-align: center;
  }
  .yx-table__cell[data-align='end'] {
    text-align: end;
  }
  .yx-table__cell[data-width='xs'] {
    width: 80px;
  }
  .yx-table__cell[data-width='sm'] {
    width: 120px;
  }
  .yx-table__cell[data-width='md'] {
    width: 180px;
  }
  .yx-table__cell[data-width='lg'] {
    width: 280px;
  }
  .yx-table__row:hover > td {
    background: var(--yx-color-bg-subtle);
  }
  .yx-table__row[data-state='empty']:hover > td,
  .yx-table__row[data-state='skeleton']:hover > td {
    background: none;
  }
  .yx-table__empty {
    padding: var(--yx-space-6) var(--yx-space-3);
    text-align: center;
    color: var(--yx-color-text-secondary);
    border-bottom: 1px solid var(--yx-color-border);
  }
  .yx-table[aria-busy='true'] tbody {
    opacity: 0.7;
  }
`;
