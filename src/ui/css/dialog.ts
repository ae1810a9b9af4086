import { css } from './sheet';

/** Styles of Drawer, Confirm and Modal, adopted by the dialog frame when the first dialog opens.
 * Enter animations only: Radix unmounts a closed dialog at once when its closed state has no
 * animation, so closing never waits on CSS. */
export const dialogCss = css`
  .yx-overlay {
    position: fixed;
    inset: 0;
    z-index: var(--yx-z-overlay);
    background: var(--yx-color-overlay);
    /* Radix sets pointer-events: none on <body> while a modal is open; the overlay must still
       receive the outside click that closes it. */
    pointer-events: auto;
    animation: yx-overlay-in 0.2s ease-out;
  }
  .yx-dialog {
    position: fixed;
    z-index: calc(var(--yx-z-overlay) + 1);
    display: flex;
    flex-direction: column;
    min-height: 0;
    background: var(--yx-color-bg);
    color: var(--yx-color-text);
    box-shadow: var(--yx-shadow);
    outline: none;
  }

  .yx-dialog[data-kind='drawer'] {
    top: 0;
    right: 0;
    bottom: 0;
    width: min(var(--yx-drawer-width), 100vw);
    border-left: 1px solid var(--yx-color-border);
  }
  .yx-dialog[data-kind='drawer'][data-state='open'] {
    animation: yx-drawer-in 0.24s cubic-bezier(0.2, 0.8, 0.2, 1);
  }
  @media (max-width: 699.98px) {
    .yx-dialog[data-kind='drawer'] {
      width: 100vw;
      border-left: 0;
    }
  }

  /* Centred without transforms (inset + auto margins), so the enter animation may scale freely. */
  .yx-dialog[data-kind='modal'],
  .yx-dialog[data-kind='confirm'] {
    inset: 0;
    margin: auto;
    width: min(520px, calc(100vw - 2 * var(--yx-space-4)));
    height: fit-content;
    max-height: calc(100vh - 2 * var(--yx-space-6));
    border-radius: var(--yx-radius-lg);
  }
  .yx-dialog[data-size='sm'] {
    width: min(400px, calc(100vw - 2 * var(--yx-space-4)));
  }
  .yx-dialog[data-size='lg'] {
    width: min(800px, calc(100vw - 2 * var(--yx-space-4)));
  }
  .yx-dialog[data-kind='modal'][data-state='open'],
  .yx-dialog[data-kind='confirm'][data-state='open'] {
    animation: yx-dialog-in 0.18s ease-out;
  }

  .yx-dialog__header {
    display: flex;
    align-items: flex-start;
    gap: var(--yx-space-3);
    padding: var(--yx-space-4) var(--yx-space-5);
    border-bottom: 1px solid var(--yx-color-border);
  }
  .yx-dialog[data-kind='confirm'] .yx-dialog__header {
    border-bottom: 0;
    padding-bottom: var(--yx-space-2);
  }
  .yx-dialog__heading {
    flex: 1;
    min-width: 0;
    display: grid;
    gap: var(--yx-space-1);
  }
  .yx-dialog__title {
    margin: 0;
    font-size: var(--yx-font-size-lg);
    font-weight: 600;
    line-height: 1.4;
    overflow-wrap: anywhere;
  }
  .yx-dialog__description {
    margin: 0;
    color: var(--yx-color-text-secondary);
    overflow-wrap: anywhere;
  }
  .yx-dialog[data-kind='confirm'] .yx-dialog__description {
    color: var(--yx-color-text);
  }
  .yx-dialog__close {
    flex: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: var(--yx-control-height);
    height: var(--yx-control-height);
    margin: calc(-1 * var(--yx-space-1)) calc(-1 * var(--yx-space-2)) 0 0;
    border: 0;
    border-radius: var(--yx-radius);
    background: transparent;
    color: var(--yx-color-text-secondary);
    font: inherit;
    font-size: 20px;
    line-height: 1;
    cursor: pointer;
  }
  .yx-dialog__close:hover {
    background: var(--yx-color-bg-subtle);
    color: var(--yx-color-text);
  }
  .yx-dialog__body {
    flex: 1 1 auto;
    min-height: 0;
    overflow: auto;
    /* The page behind is not scroll-locked (see Modal.tsx): at least stop scroll chaining. */
    overscroll-behavior: contain;
    padding: var(--yx-space-5);
  }
  .yx-dialog__body:empty {
    display: none;
  }
  .yx-dialog__footer {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    align-items: center;
    gap: var(--yx-space-2);
    padding: var(--yx-space-3) var(--yx-space-5);
    border-top: 1px solid var(--yx-color-border);
  }
  .yx-dialog[data-kind='confirm'] .yx-dialog__footer {
    border-top: 0;
    padding-top: var(--yx-space-4);
    padding-bottom: var(--yx-space-4);
  }

  @keyframes yx-overlay-in {
    from {
      opacity: 0;
    }
  }
  @keyframes yx-drawer-in {
    from {
      transform: translateX(100%);
    }
  }
  @keyframes yx-dialog-in {
    from {
      opacity: 0;
      transform: scale(0.96);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .yx-overlay,
    .yx-dialog[data-kind][data-state='open'] {
      animation: none;
    }
  }
`;
