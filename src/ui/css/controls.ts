import { css } from './sheet';

/** Styles of form fields, text inputs and selects, adopted by the controls when they render
 * (useControlStyles in ../field-control). Choices, dates, text areas and the password checklist
 * bring their own sheets. */
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
`;
