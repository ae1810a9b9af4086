import { css } from './sheet';

/** Styles of checkboxes and radios. */
export const choiceCss = css`
  .yx-checkbox,
  .yx-radio {
    display: inline-flex;
    align-items: center;
    gap: var(--yx-space-2);
    cursor: pointer;
  }
  .yx-checkbox__input,
  .yx-radio__input {
    width: 16px;
    height: 16px;
    margin: 0;
    accent-color: var(--yx-color-brand);
    cursor: inherit;
  }
  .yx-checkbox:has(:disabled),
  .yx-radio:has(:disabled) {
    color: var(--yx-color-text-disabled);
    cursor: not-allowed;
  }
`;
