import { css } from './sheet';

/** Styles of the live password checklist (PasswordChecklist). */
export const rulesCss = css`
  .yx-rules {
    display: grid;
    gap: var(--yx-space-1);
    font-size: var(--yx-font-size-sm);
    color: var(--yx-color-text-secondary);
  }
  .yx-rules__list {
    display: grid;
    gap: 2px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .yx-rules__item {
    display: flex;
    align-items: flex-start;
    gap: var(--yx-space-2);
  }
  /* On the first line of a rule that wraps, not in the middle of the lines. */
  .yx-rules__icon {
    flex: none;
    margin-top: calc((1lh - 8px) / 2);
    width: 8px;
    height: 8px;
    border-radius: 50%;
    border: 1px solid var(--yx-color-border-strong);
  }
  .yx-rules__item[data-state='met'] {
    color: var(--yx-color-success);
  }
  .yx-rules__item[data-state='met'] .yx-rules__icon {
    border-color: var(--yx-color-success);
    background: var(--yx-color-success);
  }
`;
