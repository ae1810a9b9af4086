import { css } from './sheet';

/** Styles of SecretInput: the show/hide toggle sits inside the input's end. */
export const secretCss = css`
  .yx-secret {
    position: relative;
    display: flex;
    align-items: center;
  }
  .yx-secret .yx-input {
    padding-right: 40px;
  }
  .yx-secret__toggle {
    position: absolute;
    right: 4px;
  }
  .yx-secret__toggle svg {
    width: 18px;
    height: 18px;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.8;
  }
`;
