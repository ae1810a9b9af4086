import { css } from './sheet';

/** Styles of Tree, adopted by the trees that use them. */
export const treeCss = css`
  .yx-tree__item[aria-disabled='true'] > .yx-tree__row {
    color: var(--yx-color-text-disabled);
    cursor: not-allowed;
  }
  .yx-tree {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  /* Tree rows are flat (see Tree.tsx); each level indents by one step. Eight levels cover any scope tree. */
  .yx-tree__item[data-level='2'] > .yx-tree__row {
    padding-left: calc(var(--yx-space-2) + 1 * var(--yx-space-5));
  }
  .yx-tree__item[data-level='3'] > .yx-tree__row {
    padding-left: calc(var(--yx-space-2) + 2 * var(--yx-space-5));
  }
  .yx-tree__item[data-level='4'] > .yx-tree__row {
    padding-left: calc(var(--yx-space-2) + 3 * var(--yx-space-5));
  }
  .yx-tree__item[data-level='5'] > .yx-tree__row {
    padding-left: calc(var(--yx-space-2) + 4 * var(--yx-space-5));
  }
  .yx-tree__item[data-level='6'] > .yx-tree__row {
    padding-left: calc(var(--yx-space-2) + 5 * var(--yx-space-5));
  }
  .yx-tree__item[data-level='7'] > .yx-tree__row {
    padding-left: calc(var(--yx-space-2) + 6 * var(--yx-space-5));
  }
  .yx-tree__item[data-level='8'] > .yx-tree__row {
    padding-left: calc(var(--yx-space-2) + 7 * var(--yx-space-5));
  }
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
    border: solid var(--yx-color-on-brand);
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
    background: var(--yx-color-on-brand);
  }
  .yx-tree__text {
    display: grid;
  }
  .yx-tree__description {
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
  }
`;
