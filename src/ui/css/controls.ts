import { css } from './sheet';

/** Styles of form fields, choices and DateInput. */
export const controlsCss = css`
  .yx-field {
    display: grid;
    gap: var(--yx-space-1);
    margin-bottom: var(--yx-space-4);
  }
  .yx-field__label {
    font-weight: 500;
  }
  .yx-field__required {
    margin-left: 2px;
    color: var(--yx-color-danger);
  }
  .yx-field__hint {
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
  }
  .yx-field__error {
    color: var(--yx-color-danger);
    font-size: var(--yx-font-size-sm);
  }
  .yx-field__error:empty {
    margin-top: calc(-1 * var(--yx-space-1));
  }

  .yx-input,
  .yx-select__control {
    width: 100%;
    min-height: var(--yx-control-height);
    padding: 4px var(--yx-space-3);
    border: 1px solid var(--yx-color-border);
    border-radius: var(--yx-radius);
    background: var(--yx-color-bg);
    color: var(--yx-color-text);
    font: inherit;
    transition: border-color 0.15s;
  }
  .yx-input:hover:not(:disabled),
  .yx-select__control:hover:not(:disabled) {
    border-color: var(--yx-color-border-strong);
  }
  .yx-input:focus-visible,
  .yx-select__control:focus-visible {
    border-color: var(--yx-color-brand);
  }
  .yx-input[aria-invalid='true'],
  .yx-select__control[aria-invalid='true'] {
    border-color: var(--yx-color-danger);
  }
  .yx-input:disabled,
  .yx-select__control:disabled {
    background: var(--yx-color-bg-subtle);
    color: var(--yx-color-text-disabled);
    cursor: not-allowed;
  }
  .yx-input::placeholder {
    color: var(--yx-color-text-disabled);
  }
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

  .yx-select {
    position: relative;
    display: inline-block;
    width: 100%;
  }
  .yx-select__control {
    appearance: none;
    padding-right: var(--yx-space-6);
    cursor: pointer;
  }
  .yx-select::after {
    content: '';
    position: absolute;
    top: 50%;
    right: var(--yx-space-3);
    width: 6px;
    height: 6px;
    border-right: 1.5px solid var(--yx-color-text-secondary);
    border-bottom: 1.5px solid var(--yx-color-text-secondary);
    transform: translateY(-70%) rotate(45deg);
    pointer-events: none;
  }

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
  .yx-radio-group[data-variant='segmented'] .yx-radio-group__options {
    gap: 0;
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
    margin-left: -1px;
    background: var(--yx-color-bg);
  }
  .yx-radio-group[data-variant='segmented'] .yx-radio:first-child .yx-radio__label {
    margin-left: 0;
    border-radius: var(--yx-radius) 0 0 var(--yx-radius);
  }
  .yx-radio-group[data-variant='segmented'] .yx-radio:last-child .yx-radio__label {
    border-radius: 0 var(--yx-radius) var(--yx-radius) 0;
  }
  .yx-radio-group[data-variant='segmented'] .yx-radio[data-state='checked'] .yx-radio__label {
    position: relative;
    border-color: var(--yx-color-brand);
    background: var(--yx-color-brand-soft);
    color: var(--yx-color-brand);
  }
  .yx-radio-group[data-variant='segmented'] .yx-radio__input:focus-visible + .yx-radio__label {
    position: relative;
    box-shadow: var(--yx-focus-ring);
  }

  .yx-date {
    display: grid;
    gap: var(--yx-space-2);
    justify-items: start;
  }
  .yx-date__input {
    width: auto;
    min-width: 160px;
  }
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
    align-items: center;
    gap: var(--yx-space-2);
  }
  .yx-rules__icon {
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
