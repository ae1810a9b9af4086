import { css } from '../../ui/css/sheet';

/** Styles of `<yx-profile>`, adopted after the shared sheets (no inline styles: strict CSP). The
 * password card brings its own (password.css.ts). */
export const profileCss = css`
  .yx-profile {
    display: grid;
    gap: var(--yx-space-5);
    max-width: 720px;
  }
  .yx-profile-title {
    margin: 0;
    font-size: var(--yx-font-size-xl);
    font-weight: 600;
  }
  .yx-profile-loading {
    display: grid;
    gap: var(--yx-space-4);
  }
  .yx-profile-card {
    display: grid;
    gap: var(--yx-space-4);
    padding: var(--yx-space-5);
    border: 1px solid var(--yx-color-border);
    border-radius: var(--yx-radius-lg);
    background: var(--yx-color-bg);
  }
  .yx-profile-hint {
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
  }
  p.yx-profile-hint {
    margin: 0;
  }
  .yx-profile-actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--yx-space-2);
  }

  /* Avatar: the picture or the initials, and the upload control beside it. */
  .yx-profile-avatar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--yx-space-4);
  }
  .yx-profile-avatar__image,
  .yx-profile-avatar__initials {
    flex: none;
    width: 72px;
    height: 72px;
    border-radius: 50%;
  }
  .yx-profile-avatar__image {
    object-fit: cover;
    background: var(--yx-color-bg-subtle);
  }
  .yx-profile-avatar__image[data-state='preview'] {
    opacity: 0.7;
  }
  .yx-profile-avatar__initials {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    color: #fff;
    font-size: 26px;
    font-weight: 600;
    user-select: none;
  }
  /* Eight colours, each dark enough for white text (contrast ≥ 4.5:1). */
  .yx-profile-avatar__initials[data-color='0'] {
    background: #006ad4;
  }
  .yx-profile-avatar__initials[data-color='1'] {
    background: #1c7c3c;
  }
  .yx-profile-avatar__initials[data-color='2'] {
    background: #8a4baf;
  }
  .yx-profile-avatar__initials[data-color='3'] {
    background: #b3261e;
  }
  .yx-profile-avatar__initials[data-color='4'] {
    background: #00707a;
  }
  .yx-profile-avatar__initials[data-color='5'] {
    background: #8a5a00;
  }
  .yx-profile-avatar__initials[data-color='6'] {
    background: #4a5568;
  }
  .yx-profile-avatar__initials[data-color='7'] {
    background: #b0306a;
  }
  .yx-profile-avatar__controls {
    display: grid;
    gap: var(--yx-space-1);
    justify-items: start;
  }
  .yx-profile-avatar__button {
    cursor: pointer;
  }
  .yx-profile-avatar__input:focus-visible + .yx-profile-avatar__button {
    box-shadow: var(--yx-focus-ring);
  }
  .yx-profile-avatar__input[aria-disabled='true'] + .yx-profile-avatar__button {
    cursor: progress;
    opacity: 0.55;
  }
  .yx-profile-avatar__progress {
    display: flex;
    align-items: center;
    gap: var(--yx-space-2);
  }
  .yx-profile-progress {
    width: 180px;
    height: 6px;
    border: 0;
    border-radius: 3px;
    overflow: hidden;
    appearance: none;
    background: var(--yx-color-bg-subtle);
    accent-color: var(--yx-color-brand);
  }
  .yx-profile-progress::-webkit-progress-bar {
    background: var(--yx-color-bg-subtle);
  }
  .yx-profile-progress::-webkit-progress-value {
    background: var(--yx-color-brand);
    transition: width 0.2s;
  }
  .yx-profile-progress::-moz-progress-bar {
    background: var(--yx-color-brand);
  }

  /* Name, account, email: label and value side by side, stacked on narrow screens. */
  .yx-profile-facts {
    display: grid;
    gap: var(--yx-space-4);
    margin: 0;
  }
  .yx-profile-row {
    display: grid;
    grid-template-columns: 120px minmax(0, 1fr);
    gap: var(--yx-space-1) var(--yx-space-4);
    align-items: start;
  }
  .yx-profile-row > dt {
    color: var(--yx-color-text-secondary);
  }
  .yx-profile-row > dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .yx-profile-language .yx-field {
    display: contents;
  }
  .yx-profile-language .yx-field__label {
    color: var(--yx-color-text-secondary);
    font-weight: normal;
  }
  .yx-profile-language .yx-select {
    max-width: 240px;
  }
  .yx-profile-language .yx-field__hint,
  .yx-profile-language .yx-field__error {
    grid-column: 2;
  }
  @media (max-width: 560px) {
    .yx-profile-row {
      grid-template-columns: minmax(0, 1fr);
    }
    .yx-profile-language .yx-field__hint,
    .yx-profile-language .yx-field__error {
      grid-column: 1;
    }
  }

  /* Email */
  .yx-profile-email {
    display: grid;
    gap: var(--yx-space-2);
    justify-items: start;
  }
  .yx-profile-email__line {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--yx-space-2);
  }
  .yx-profile-email__address {
    font-weight: 500;
  }
  .yx-profile-badge {
    padding: 0 var(--yx-space-2);
    border-radius: 999px;
    font-size: var(--yx-font-size-sm);
    font-weight: 500;
  }
  .yx-profile-badge[data-state='verified'] {
    background: var(--yx-color-success-soft);
    color: var(--yx-color-success);
  }
  .yx-profile-badge[data-state='unverified'] {
    background: var(--yx-color-warning-soft);
    color: var(--yx-color-warning);
  }

  /* Forms: the email dialog and the password form (password.css.ts has the card's own). */
  .yx-profile-form {
    display: grid;
    gap: var(--yx-space-4);
  }
  .yx-profile-form__error {
    padding: var(--yx-space-2) var(--yx-space-3);
    border-radius: var(--yx-radius);
    background: var(--yx-color-danger-soft);
    color: var(--yx-color-danger);
  }
`;
