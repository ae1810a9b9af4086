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
`;
