import { css } from '../../ui/css/sheet';

/** Styles of the emailed code step, adopted when it is shown (useStyles): the first screen is the
 * password form. */
export const codeCss = css`
  .yx-login-notice:empty {
    display: none;
  }
  .yx-login-notice {
    margin-bottom: var(--yx-space-4);
    color: var(--yx-color-success);
  }
  /* A long countdown ("Resend in 55 minutes") goes under the field on a narrow screen rather
     than squeeze the six digits out of sight. */
  .yx-login-code-row {
    display: flex;
    flex-wrap: wrap;
    gap: var(--yx-space-2);
    align-items: center;
  }
  .yx-login-code-row .yx-input {
    flex: 1;
    min-width: 7.5em;
    letter-spacing: 0.3em;
    font-variant-numeric: tabular-nums;
  }
`;
