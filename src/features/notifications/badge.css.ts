import { css } from '../../ui/css/sheet';

/** Styles of `<yx-unread-badge>`: an icon link with a count bubble, inline in a host's nav bar. */
export const badgeCss = css`
  :host {
    display: inline-block;
    vertical-align: middle;
  }
  .yx-badge {
    position: relative;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: var(--yx-badge-size, 32px);
    height: var(--yx-badge-size, 32px);
    border-radius: var(--yx-radius);
    color: inherit;
    text-decoration: none;
  }
  .yx-badge:hover {
    background: var(--yx-color-bg-subtle);
  }
  .yx-badge__icon {
    width: 20px;
    height: 20px;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.8;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .yx-badge__count {
    position: absolute;
    top: 0;
    right: 0;
    min-width: 16px;
    padding: 0 4px;
    border-radius: 999px;
    background: var(--yx-color-danger);
    color: var(--yx-color-on-danger);
    font-size: 10px;
    font-weight: 600;
    line-height: 16px;
    text-align: center;
    transform: translate(25%, -10%);
  }
`;
