import { css } from '../../ui/css/sheet';

export const errorsCss = css`
  .yx-error-page {
    display: grid;
    justify-items: center;
    gap: var(--yx-space-3);
    max-width: 560px;
    margin: 0 auto;
    padding: 12vh var(--yx-space-5) var(--yx-space-6);
    text-align: center;
  }
  .yx-error-page__code {
    margin: 0;
    font-size: 64px;
    font-weight: 700;
    line-height: 1;
    color: var(--yx-color-brand);
    letter-spacing: 0.04em;
  }
  .yx-error-page__title {
    margin: 0;
    font-size: var(--yx-font-size-xl);
    font-weight: 600;
  }
  /* Focus moves here by script so screen readers start with the message; no ring for that. */
  .yx-error-page__title:focus,
  .yx-error-page__title:focus-visible {
    outline: none;
    box-shadow: none;
  }
  .yx-error-page__hint,
  .yx-error-page__request-id {
    margin: 0;
    color: var(--yx-color-text-secondary);
  }
  .yx-error-page__request-id {
    font-size: var(--yx-font-size-sm);
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  }
  .yx-error-page__actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: var(--yx-space-3);
    margin-top: var(--yx-space-3);
  }
`;
