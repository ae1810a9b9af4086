import { css } from './sheet';

/** Styles of the element frame itself: toasts and the render-error box. */
export const baseCss = css`
  .yx-toasts {
    position: fixed;
    top: var(--yx-space-5);
    left: 50%;
    transform: translateX(-50%);
    z-index: calc(var(--yx-z-overlay) + 10);
    display: grid;
    gap: var(--yx-space-2);
    pointer-events: none;
  }
  .yx-toasts__region {
    display: grid;
    gap: var(--yx-space-2);
  }
  .yx-toast {
    pointer-events: auto;
    display: flex;
    align-items: center;
    gap: var(--yx-space-3);
    min-width: 240px;
    max-width: min(560px, 90vw);
    padding: var(--yx-space-2) var(--yx-space-3);
    border-radius: var(--yx-radius);
    background: var(--yx-color-bg);
    box-shadow: var(--yx-shadow);
    border-left: 4px solid var(--yx-color-brand);
  }
  .yx-toast[data-tone='success'] {
    border-left-color: var(--yx-color-success);
  }
  .yx-toast[data-tone='error'] {
    border-left-color: var(--yx-color-danger);
  }
  .yx-toast__message {
    flex: 1;
    overflow-wrap: anywhere;
  }
  .yx-toast__close {
    border: 0;
    background: none;
    font-size: 18px;
    line-height: 1;
    cursor: pointer;
    color: var(--yx-color-text-secondary);
    padding: 2px 6px;
    border-radius: var(--yx-radius);
  }
  .yx-crash {
    margin: var(--yx-space-5) auto;
    max-width: 480px;
    padding: var(--yx-space-5);
    text-align: center;
    border: 1px solid var(--yx-color-border);
    border-radius: var(--yx-radius-lg);
    background: var(--yx-color-bg);
  }
  .yx-crash__title {
    margin: 0 0 var(--yx-space-2);
    font-size: var(--yx-font-size-lg);
    font-weight: 600;
  }
  .yx-crash__hint {
    margin: 0 0 var(--yx-space-4);
    color: var(--yx-color-text-secondary);
  }
`;
