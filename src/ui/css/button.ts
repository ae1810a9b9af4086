import { css } from './sheet';

/** Styles of Button (shared by every primitive that shows a button). */
export const buttonCss = css`
  .yx-button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: var(--yx-space-2);
    height: var(--yx-control-height);
    padding: 0 var(--yx-space-4);
    border: 1px solid var(--yx-color-border);
    border-radius: var(--yx-radius);
    background: var(--yx-color-bg);
    color: var(--yx-color-text);
    font: inherit;
    white-space: nowrap;
    cursor: pointer;
    transition:
      background-color 0.15s,
      border-color 0.15s,
      color 0.15s;
  }
  .yx-button[data-size='sm'] {
    height: 24px;
    padding: 0 var(--yx-space-2);
    font-size: var(--yx-font-size-sm);
  }
  .yx-button:hover:not(:disabled) {
    border-color: var(--yx-color-brand);
    color: var(--yx-color-brand);
  }
  .yx-button[data-variant='primary'] {
    background: var(--yx-color-brand);
    border-color: var(--yx-color-brand);
    color: var(--yx-color-on-brand);
  }
  .yx-button[data-variant='primary']:hover:not(:disabled) {
    background: var(--yx-color-brand-hover);
    border-color: var(--yx-color-brand-hover);
    color: var(--yx-color-on-brand);
  }
  .yx-button[data-variant='danger'] {
    background: var(--yx-color-danger);
    border-color: var(--yx-color-danger);
    color: var(--yx-color-on-danger);
  }
  .yx-button[data-variant='danger']:hover:not(:disabled) {
    filter: brightness(0.92);
    color: var(--yx-color-on-danger);
  }
  .yx-button[data-variant='text'],
  .yx-button[data-variant='link'] {
    border-color: transparent;
    background: transparent;
    padding: 0 var(--yx-space-2);
  }
  .yx-button[data-variant='link'] {
    color: var(--yx-color-brand);
    height: auto;
    padding: 0;
  }
  .yx-button:disabled,
  .yx-button[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.55;
  }
  .yx-button[data-state='loading'] {
    cursor: progress;
  }
  .yx-spinner {
    display: inline-block;
    width: 20px;
    height: 20px;
    border: 2px solid currentColor;
    border-right-color: transparent;
    border-radius: 50%;
    animation: yx-spin 0.8s linear infinite;
  }
  .yx-spinner--inline {
    width: 1em;
    height: 1em;
  }
  @keyframes yx-spin {
    to {
      transform: rotate(360deg);
    }
  }
`;
