import { css } from '../../ui/css/sheet';

/** Styles of `<yx-login>`, adopted after the shared sheets (no inline styles: strict CSP). The
 * emailed code step and the slider bring theirs (code.css.ts, slider.css.ts). */
export const loginCss = css`
  .yx-login {
    display: grid;
    gap: var(--yx-space-5);
    width: 100%;
    max-width: 400px;
    margin: 0 auto;
    padding: var(--yx-space-6) var(--yx-space-5);
  }
  .yx-login-header {
    display: grid;
    gap: var(--yx-space-1);
    justify-items: center;
    text-align: center;
  }
  .yx-login-logo {
    width: 48px;
    height: 48px;
  }
  .yx-login-title {
    margin: 0;
    font-size: 24px;
    font-weight: 600;
  }
  .yx-login-subtitle,
  .yx-login-text {
    margin: 0;
    color: var(--yx-color-text-secondary);
  }
  .yx-login-form {
    display: grid;
  }
  .yx-login-step-title {
    margin: 0 0 var(--yx-space-3);
    font-size: var(--yx-font-size-lg);
    font-weight: 600;
  }
  .yx-login-text {
    margin-bottom: var(--yx-space-4);
  }
  .yx-login-alert {
    margin-bottom: var(--yx-space-4);
    padding: var(--yx-space-2) var(--yx-space-3);
    border-radius: var(--yx-radius);
    background: var(--yx-color-danger-soft);
    color: var(--yx-color-danger);
  }
  .yx-login-field-error {
    color: var(--yx-color-danger);
    font-size: var(--yx-font-size-sm);
  }
  .yx-login-submit {
    width: 100%;
    height: 40px;
  }
  .yx-login-link,
  .yx-login-back {
    justify-self: center;
    margin-top: var(--yx-space-3);
    color: var(--yx-color-brand);
  }

  .yx-login-alternatives {
    display: grid;
    gap: var(--yx-space-2);
    padding-top: var(--yx-space-4);
    border-top: 1px solid var(--yx-color-border);
  }
  .yx-login-alternatives[data-failed] {
    justify-items: center;
    text-align: center;
  }
  .yx-login-alternatives__title {
    margin: 0;
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
    font-weight: 400;
    text-align: center;
  }
  .yx-login-alternatives__list {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: var(--yx-space-2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;
