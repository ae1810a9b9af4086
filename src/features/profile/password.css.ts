import { css } from '../../ui/css/sheet';

/** Styles of the password card, adopted when it renders (useStyles): its code loads alongside the
 * user's data, not with the element. */
export const passwordCss = css`
  .yx-profile-subtitle {
    margin: 0;
    font-size: var(--yx-font-size-lg);
    font-weight: 600;
  }
  .yx-profile-password .yx-profile-form {
    max-width: 400px;
  }
  .yx-profile-secret {
    position: relative;
    display: flex;
    align-items: center;
  }
  .yx-profile-secret .yx-input {
    flex: 1;
    padding-right: 40px;
  }
  .yx-profile-secret__toggle {
    position: absolute;
    right: 2px;
  }
  .yx-profile-secret__toggle svg {
    width: 16px;
    height: 16px;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
  }
`;
