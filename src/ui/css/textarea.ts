import { css } from './sheet';

/** Styles of TextArea (on top of the text input's). */
export const textareaCss = css`
  .yx-textarea {
    min-height: 80px;
    resize: vertical;
  }
  .yx-textarea-wrap {
    display: grid;
    gap: 2px;
  }
  .yx-textarea__counter {
    justify-self: end;
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
    font-variant-numeric: tabular-nums;
  }
  .yx-textarea__counter[data-status='over'] {
    color: var(--yx-color-danger);
  }
`;
