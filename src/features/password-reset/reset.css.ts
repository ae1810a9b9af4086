import { css } from '../../ui/css/sheet';

/** Styles of `<yx-password-reset>`, adopted after the shared sheets (no inline styles: strict CSP). */
export const resetCss = css`
  /* One column no wider than the padding box: the steps' labels wrap rather than widen it. */
  .yx-reset {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--yx-space-4);
    width: 100%;
    max-width: 480px;
    margin: 0 auto;
    padding: var(--yx-space-6) var(--yx-space-5);
  }
  .yx-reset-title {
    margin: 0;
    font-size: 24px;
    font-weight: 600;
    text-align: center;
  }
  .yx-reset-steps {
    display: flex;
    gap: var(--yx-space-2);
    margin: 0;
    padding: 0;
    list-style: none;
    counter-reset: none;
  }
  /* On a narrow column a label that does not fit beside its number goes under it. */
  .yx-reset-steps__item {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--yx-space-1) var(--yx-space-2);
    padding-top: var(--yx-space-2);
    border-top: 3px solid var(--yx-color-border);
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
    overflow-wrap: anywhere;
  }
  .yx-reset-steps__number {
    display: inline-grid;
    place-items: center;
    flex: none;
    width: 22px;
    height: 22px;
    border-radius: 50%;
    border: 1px solid currentColor;
  }
  .yx-reset-steps__item[data-state='current'] {
    border-top-color: var(--yx-color-brand);
    color: var(--yx-color-brand);
    font-weight: 600;
  }
  .yx-reset-steps__item[data-state='done'] {
    border-top-color: var(--yx-color-success);
    color: var(--yx-color-success);
  }
  .yx-reset-step-title {
    margin: 0;
    font-size: var(--yx-font-size-lg);
    font-weight: 600;
  }
  .yx-reset-form {
    display: grid;
  }
  .yx-reset-text {
    margin: 0 0 var(--yx-space-4);
    color: var(--yx-color-text-secondary);
    overflow-wrap: anywhere;
  }
  .yx-reset-alert {
    margin-bottom: var(--yx-space-4);
    padding: var(--yx-space-2) var(--yx-space-3);
    border-radius: var(--yx-radius);
    background: var(--yx-color-danger-soft);
    color: var(--yx-color-danger);
  }
  .yx-reset-notice {
    margin-bottom: var(--yx-space-4);
    color: var(--yx-color-success);
  }
  .yx-reset-notice:empty {
    display: none;
  }
  /* The show/hide toggle sits inside the field, as on the login's set-password step. */
  .yx-reset-submit {
    width: 100%;
    height: 40px;
  }
  .yx-reset-link {
    justify-self: center;
    color: var(--yx-color-brand);
  }
  .yx-reset-done-title:focus {
    outline: none;
  }
`;
