import { css } from './sheet';

/** Styles of DateInput. */
export const dateCss = css`
  .yx-date {
    display: grid;
    gap: var(--yx-space-2);
    justify-items: start;
  }
  .yx-date__input {
    width: auto;
    min-width: 160px;
  }
`;
