import { css } from '../../ui/css/sheet';

/** Styles of `<yx-package-credential>`, adopted after the shared sheets (no inline styles: strict CSP). */
export const packageCredentialCss = css`
  .yx-pkg {
    display: grid;
    gap: var(--yx-space-4);
    max-width: 720px;
  }
  .yx-pkg-heading {
    margin: 0;
    font-size: var(--yx-font-size-xl);
    font-weight: 600;
  }
  .yx-pkg-muted {
    margin: 0;
    color: var(--yx-color-text-secondary);
  }
  .yx-pkg-credential {
    display: grid;
    gap: var(--yx-space-4);
  }
  .yx-pkg-field {
    display: grid;
    gap: var(--yx-space-1);
  }
  .yx-pkg-field__row {
    display: flex;
    flex-wrap: wrap;
    gap: var(--yx-space-2);
  }
  .yx-pkg-field__value {
    flex: 1;
    min-width: min(100%, 240px);
    font-family: var(--yx-font-family-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
  }
  /* A live region, always present: it takes no room while empty. */
  .yx-pkg-field__status {
    margin: 0;
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
  }
  .yx-pkg-field__status:empty {
    display: none;
  }
  .yx-pkg-eye {
    width: 16px;
    height: 16px;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
  }
  .yx-pkg-password {
    display: grid;
    gap: var(--yx-space-1);
  }
  .yx-pkg-password .yx-field__label {
    margin: 0;
  }
  .yx-pkg-secret {
    display: grid;
    gap: var(--yx-space-2);
    padding: var(--yx-space-3);
    border: 1px solid var(--yx-color-warning);
    border-radius: var(--yx-radius);
    background: var(--yx-color-warning-soft);
  }
  .yx-pkg-secret__title {
    margin: 0;
    font-weight: 600;
  }
  .yx-pkg-secret__note {
    margin: 0;
  }
  .yx-pkg-effect {
    margin: 0;
    padding: var(--yx-space-2) var(--yx-space-3);
    border-radius: var(--yx-radius);
    background: var(--yx-color-brand-soft);
  }
  .yx-pkg-effect[data-state='effective'] {
    background: var(--yx-color-success-soft);
    color: var(--yx-color-success);
  }
  .yx-pkg-actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--yx-space-2) var(--yx-space-3);
  }
  .yx-pkg-form {
    display: grid;
    gap: var(--yx-space-3);
    padding: var(--yx-space-4);
    border: 1px solid var(--yx-color-border);
    border-radius: var(--yx-radius);
  }
  .yx-pkg-form__title {
    margin: 0;
    font-size: var(--yx-font-size-lg);
    font-weight: 600;
  }
  .yx-pkg-form__error {
    margin: 0;
    padding: var(--yx-space-2) var(--yx-space-3);
    border-radius: var(--yx-radius);
    background: var(--yx-color-danger-soft);
    color: var(--yx-color-danger);
  }
  .yx-pkg-note {
    margin: 0;
    padding-top: var(--yx-space-3);
    border-top: 1px solid var(--yx-color-border);
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
  }
`;
