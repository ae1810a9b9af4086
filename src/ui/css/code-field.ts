import { css } from './sheet';

/** Styles of the email code's row (CodeField): the six digits, spaced, and the send button beside
 * them. A long countdown ("Get Code in 55 minutes") goes under the field on a narrow screen rather
 * than squeeze the digits out of sight. */
export const codeFieldCss = css`
  .yx-code-row {
    display: flex;
    flex-wrap: wrap;
    gap: var(--yx-space-2);
    align-items: center;
  }
  .yx-code-row .yx-input {
    flex: 1;
    min-width: 7.5em;
    letter-spacing: 0.3em;
    font-variant-numeric: tabular-nums;
  }
`;
