import { css } from './sheet';

/** Design tokens on :host. Hosts override any `--yx-*` property from outside the shadow root. */
export const tokensCss = css`
  :host {
    --yx-color-brand: #006ad4;
    --yx-color-brand-hover: #0058b0;
    --yx-color-brand-soft: #e6f0fb;
    --yx-color-text: #1f2329;
    --yx-color-text-secondary: #5c636e;
    --yx-color-text-disabled: #8f959e;
    --yx-color-bg: #ffffff;
    --yx-color-bg-subtle: #f5f6f7;
    --yx-color-border: #d9dce1;
    --yx-color-border-strong: #b6bcc5;
    --yx-color-danger: #c92a2a;
    --yx-color-danger-soft: #fdecec;
    --yx-color-success: #1c7c3c;
    --yx-color-success-soft: #e8f5ec;
    --yx-color-warning: #8a5a00;
    --yx-color-warning-soft: #fff5e0;
    --yx-color-overlay: rgba(15, 20, 30, 0.45);
    --yx-focus-ring: 0 0 0 2px #ffffff, 0 0 0 4px var(--yx-color-brand);
    --yx-radius: 6px;
    --yx-radius-lg: 10px;
    --yx-shadow: 0 8px 28px rgba(15, 20, 30, 0.18);
    --yx-font-family:
      system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif;
    --yx-font-size: 14px;
    --yx-font-size-sm: 12px;
    --yx-font-size-lg: 16px;
    --yx-font-size-xl: 20px;
    --yx-line-height: 1.5715;
    --yx-space-1: 4px;
    --yx-space-2: 8px;
    --yx-space-3: 12px;
    --yx-space-4: 16px;
    --yx-space-5: 24px;
    --yx-space-6: 32px;
    --yx-control-height: 32px;
    --yx-drawer-width: 640px;
    --yx-z-overlay: 1000;

    display: block;
    color: var(--yx-color-text);
    font-family: var(--yx-font-family);
    font-size: var(--yx-font-size);
    line-height: var(--yx-line-height);
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  :focus-visible {
    outline: none;
    box-shadow: var(--yx-focus-ring);
  }
  .yx-visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
    }
  }
`;
