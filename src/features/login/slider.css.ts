import { css } from '../../ui/css/sheet';

/** Styles of the slider (SliderCaptcha), adopted when it first shows: the sign-in page without it
 * does not download them. The handle travels --yx-slider-travel px; --x (set through the CSSOM,
 * strict CSP) is where it is. */
export const sliderCss = css`
  .yx-login-slider {
    display: grid;
    gap: var(--yx-space-2);
    margin-bottom: var(--yx-space-4);
  }
  .yx-login-slider__hint {
    margin: 0;
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
  }
  .yx-login-slider__track {
    position: relative;
    width: calc(var(--yx-slider-travel, 260px) + 40px);
    height: 40px;
    border-radius: var(--yx-radius);
    background: var(--yx-color-bg-subtle);
    border: 1px solid var(--yx-color-border);
    user-select: none;
  }
  .yx-login-slider__fill {
    position: absolute;
    inset: 0 auto 0 0;
    width: calc(var(--x, 0px) + 20px);
    border-radius: var(--yx-radius);
    background: var(--yx-color-brand-soft);
  }
  .yx-login-slider__track[data-status='verified'] .yx-login-slider__fill {
    background: var(--yx-color-success-soft);
  }
  .yx-login-slider__label {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    padding-left: 40px;
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
    pointer-events: none;
  }
  .yx-login-slider__handle {
    position: absolute;
    top: -1px;
    left: -1px;
    display: grid;
    place-items: center;
    width: 40px;
    height: 40px;
    border: 1px solid var(--yx-color-border-strong);
    border-radius: var(--yx-radius);
    background: var(--yx-color-bg);
    color: var(--yx-color-brand);
    transform: translateX(var(--x, 0px));
    cursor: grab;
    touch-action: none;
  }
  .yx-login-slider__handle:active {
    cursor: grabbing;
  }
  .yx-login-slider__handle[aria-disabled='true'] {
    cursor: default;
  }
  .yx-login-slider__handle svg {
    width: 20px;
    height: 20px;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
  }
  .yx-login-slider__track[data-status='verified'] .yx-login-slider__handle {
    color: var(--yx-color-success);
  }
`;
