import { css } from './sheet';

const base = css`
  /* Scrolls a too-wide table itself. Positioned so that visually hidden text in cells (absolute)
     stays inside it rather than widening the page from its far-off static position. */
  .yx-table-wrap {
    position: relative;
    overflow-x: auto;
  }
  .yx-table-wrap[data-cards='44'] {
    container: yx-cards-44 / inline-size;
  }
  .yx-table-wrap[data-cards='54'] {
    container: yx-cards-54 / inline-size;
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

/* A table with cardsBelow, narrower than that: each row a card, its cells stacked, each under its
   column's title (generated, and silent for screen readers, which have the column headers). The
   header row stays for them, out of sight. Widths and alignments of columns give way. */
const cards = css`
  .yx-table,
  .yx-table > tbody,
  .yx-table__row {
    display: block;
  }
  .yx-table > thead {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
  }
  .yx-table__row {
    padding: var(--yx-space-1) 0;
    border: 1px solid var(--yx-color-border);
    border-radius: var(--yx-radius);
  }
  .yx-table__row + .yx-table__row {
    margin-top: var(--yx-space-3);
  }
  .yx-table__row:hover > .yx-table__cell {
    background: none;
  }
  .yx-table__row > .yx-table__cell[data-column] {
    display: block;
    width: auto;
    min-width: 0;
    padding: var(--yx-space-2) var(--yx-space-3);
    border: 0;
    text-align: start;
  }
  .yx-table__cell[data-label]::before {
    content: attr(data-label) / '';
    display: block;
    margin-bottom: 2px;
    color: var(--yx-color-text-secondary);
    font-family: var(--yx-font-family);
    font-size: var(--yx-font-size-sm);
    font-weight: 500;
  }
`;

/** Styles of Table, adopted by the tables that use them: the cards in a query for each cardsBelow. */
export const tableCss =
  base + [44, 54].map((rem) => `@container yx-cards-${rem} (max-width: ${rem}rem) {${cards}}`).join('');
