import { css } from './sheet';

/** Styles of RadioGroup: the fieldset and its segmented variant (a row of toggle buttons). */
export const radioCss = css`
  .yx-radio-group {
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }
  .yx-radio-group__legend {
    padding: 0;
    margin-bottom: var(--yx-space-1);
    font-weight: 500;
  }
  .yx-radio-group__options {
    display: flex;
    flex-wrap: wrap;
    gap: var(--yx-space-2) var(--yx-space-4);
  }
  /* Separate buttons, not joined ones: joined segments wrapped on narrow screens into rows of
     broken pieces (square ends, touching rows). */
  .yx-radio-group[data-variant='segmented'] .yx-radio-group__options {
    gap: var(--yx-space-2);
  }
  .yx-radio-group[data-variant='segmented'] .yx-radio {
    position: relative;
    gap: 0;
  }
  /* The native radio stays in place (focusable, arrow keys) but invisible; its label is the segment. */
  .yx-radio-group[data-variant='segmented'] .yx-radio__input {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    opacity: 0;
  }
  .yx-radio-group[data-variant='segmented'] .yx-radio__label {
    display: inline-flex;
    align-items: center;
    height: var(--yx-control-height);
    padding: 0 var(--yx-space-3);
    border: 1px solid var(--yx-color-border);
    border-radius: var(--yx-radius);
    background: var(--yx-color-bg);
  }
  .yx-radio-group[data-variant='segmented'] .yx-radio[data-state='checked'] .yx-radio__label {
    border-color: var(--yx-color-brand);
    background: var(--yx-color-brand-soft);
    color: var(--yx-color-brand);
  }
  .yx-radio-group[data-variant='segmented'] .yx-radio__input:focus-visible + .yx-radio__label {
    box-shadow: var(--yx-focus-ring);
  }
`;
