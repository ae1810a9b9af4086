import { css } from './sheet';

// Tree rows are flat (see Tree.tsx); each level indents by one step. Eight levels cover any scope tree.
const indentLevels = Array.from(
  { length: 7 },
  (_, i) =>
    `.yx-tree__item[data-level='${i + 2}'] > .yx-tree__row { padding-left: calc(var(--yx-space-2) + ${i + 1} * var(--yx-space-5)); }`,
).join('\n');

/** Styles of Tree, Table, Pagination, Result, Spinner and Skeleton. */
export const dataCss = css`
  .yx-tree__item[aria-disabled='true'] > .yx-tree__row {
    color: var(--yx-color-text-disabled);
    cursor: not-allowed;
  }
  .yx-tree {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  ${indentLevels}
  .yx-tree__item {
    border-radius: var(--yx-radius);
  }
  .yx-tree__item:focus-visible {
    box-shadow: none;
  }
  .yx-tree__item:focus-visible > .yx-tree__row {
    box-shadow: var(--yx-focus-ring);
  }
  .yx-tree__row {
    display: flex;
    align-items: flex-start;
    gap: var(--yx-space-2);
    padding: var(--yx-space-1) var(--yx-space-2);
    border-radius: var(--yx-radius);
    cursor: pointer;
  }
  .yx-tree__row:hover {
    background: var(--yx-color-bg-subtle);
  }
  .yx-tree__toggle,
  .yx-tree__spacer {
    flex: none;
    width: 16px;
    height: 22px;
  }
  .yx-tree__toggle {
    position: relative;
  }
  .yx-tree__toggle::before {
    content: '';
    position: absolute;
    top: 8px;
    left: 4px;
    width: 6px;
    height: 6px;
    border-right: 1.5px solid var(--yx-color-text-secondary);
    border-bottom: 1.5px solid var(--yx-color-text-secondary);
    transform: rotate(-45deg);
    transition: transform 0.15s;
  }
  .yx-tree__toggle[data-state='open']::before {
    transform: rotate(45deg);
  }
  .yx-tree__box {
    position: relative;
    flex: none;
    width: 16px;
    height: 16px;
    margin-top: 3px;
    border: 1px solid var(--yx-color-border-strong);
    border-radius: 3px;
    background: var(--yx-color-bg);
  }
  .yx-tree__box[data-state='checked'],
  .yx-tree__box[data-state='mixed'] {
    border-color: var(--yx-color-brand);
    background: var(--yx-color-brand);
  }
  .yx-tree__box[data-state='checked']::after {
    content: '';
    position: absolute;
    left: 4px;
    top: 1px;
    width: 5px;
    height: 9px;
    border: solid #fff;
    border-width: 0 2px 2px 0;
    transform: rotate(45deg);
  }
  .yx-tree__box[data-state='mixed']::after {
    content: '';
    position: absolute;
    left: 3px;
    top: 6px;
    width: 8px;
    height: 2px;
    background: #fff;
  }
  .yx-tree__text {
    display: grid;
  }
  .yx-tree__description {
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
  }

  .yx-table-wrap {
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
    overflow-wrap: anywhere;
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

  .yx-pagination {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: flex-end;
    gap: var(--yx-space-3);
    margin-top: var(--yx-space-4);
  }
  .yx-pagination__total {
    color: var(--yx-color-text-secondary);
  }
  .yx-pagination__pages {
    display: flex;
    align-items: center;
    gap: var(--yx-space-1);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .yx-pagination__page {
    min-width: 28px;
  }
  .yx-pagination__page[aria-current='page'] {
    border-color: var(--yx-color-brand);
    color: var(--yx-color-brand);
    font-weight: 600;
  }
  .yx-pagination__gap {
    padding: 0 var(--yx-space-1);
    color: var(--yx-color-text-secondary);
  }
  .yx-pagination__size {
    width: auto;
  }

  .yx-result {
    display: grid;
    justify-items: center;
    gap: var(--yx-space-2);
    padding: var(--yx-space-6) var(--yx-space-4);
    text-align: center;
  }
  .yx-result__icon {
    width: 48px;
    height: 48px;
    fill: none;
    stroke: var(--yx-color-text-disabled);
    stroke-width: 1.5;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .yx-result[data-status='error'] .yx-result__icon,
  .yx-result[data-status='forbidden'] .yx-result__icon {
    stroke: var(--yx-color-danger);
  }
  .yx-result[data-status='success'] .yx-result__icon {
    stroke: var(--yx-color-success);
  }
  .yx-result__title {
    margin: 0;
    font-size: var(--yx-font-size-lg);
    font-weight: 600;
  }
  .yx-result__description {
    max-width: 480px;
    color: var(--yx-color-text-secondary);
  }
  .yx-result__actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: var(--yx-space-2);
    margin-top: var(--yx-space-2);
  }

  .yx-spin {
    display: inline-flex;
    align-items: center;
    gap: var(--yx-space-2);
    color: var(--yx-color-brand);
  }
  .yx-spin[data-size='sm'] .yx-spinner {
    width: 14px;
    height: 14px;
  }
  .yx-spin[data-size='lg'] .yx-spinner {
    width: 32px;
    height: 32px;
    border-width: 3px;
  }
  .yx-spin__label {
    color: var(--yx-color-text-secondary);
  }
  .yx-skeleton {
    display: grid;
    gap: var(--yx-space-2);
  }
  .yx-skeleton__line {
    display: block;
    height: 12px;
    border-radius: 4px;
    background: linear-gradient(
      90deg,
      var(--yx-color-bg-subtle) 25%,
      var(--yx-color-border) 50%,
      var(--yx-color-bg-subtle) 75%
    );
    background-size: 200% 100%;
    animation: yx-shimmer 1.4s ease-in-out infinite;
  }
  .yx-skeleton__line:last-child:not(:first-child) {
    width: 60%;
  }
  @keyframes yx-shimmer {
    from {
      background-position: 100% 0;
    }
    to {
      background-position: -100% 0;
    }
  }
`;
