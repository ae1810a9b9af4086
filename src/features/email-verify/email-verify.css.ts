import { css } from '../../ui/css/sheet';

/** Styles of `<yx-email-verify-result>`, adopted after the shared sheets (no inline styles). */
export const emailVerifyCss = css`
  .yx-email-verify {
    display: grid;
    place-items: center;
    min-height: 320px;
    padding: var(--yx-space-6) var(--yx-space-4);
  }
  .yx-email-verify__title {
    margin: 0 0 var(--yx-space-4);
    font-size: var(--yx-font-size-xl);
    font-weight: 600;
    text-align: center;
  }
  .yx-email-verify .yx-result {
    max-width: 520px;
  }
  /* A long address breaks anywhere rather than widen the page on a phone. */
  .yx-email-verify__text {
    margin: 0 0 var(--yx-space-1);
    overflow-wrap: anywhere;
  }
  .yx-email-verify__text[part='countdown'] {
    color: var(--yx-color-text-secondary);
    font-variant-numeric: tabular-nums;
  }
`;
