import { css } from '../../ui/css/sheet';

/** Styles of `<yx-third-party-bindings>`, adopted after the shared sheets (no inline styles: strict CSP). */
export const thirdPartyCss = css`
  .yx-tp {
    display: grid;
    gap: var(--yx-space-4);
    max-width: 720px;
  }
  .yx-tp-heading {
    margin: 0;
    font-size: var(--yx-font-size-xl);
    font-weight: 600;
  }
  .yx-tp-heading:focus {
    outline: none;
  }
  .yx-tp-muted {
    margin: 0;
    color: var(--yx-color-text-secondary);
  }
  .yx-tp-list {
    display: grid;
    gap: var(--yx-space-3);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .yx-tp-card {
    display: grid;
    grid-template-columns: auto 1fr auto;
    align-items: start;
    gap: var(--yx-space-3) var(--yx-space-4);
    padding: var(--yx-space-4);
    border: 1px solid var(--yx-color-border);
    border-radius: var(--yx-radius-lg);
    background: var(--yx-color-bg);
  }
  .yx-tp-card[data-state='unavailable'] {
    background: var(--yx-color-bg-subtle);
  }
  @media (max-width: 520px) {
    .yx-tp-card {
      grid-template-columns: auto 1fr;
    }
    .yx-tp-card__actions {
      grid-column: 1 / -1;
    }
  }
  .yx-tp-logo {
    width: 40px;
    height: 40px;
  }
  .yx-tp-logo__tile {
    fill: var(--yx-tp-logo-tile, var(--yx-color-brand));
  }
  .yx-tp-logo[data-provider='dingtalk'] {
    --yx-tp-logo-tile: var(--yx-tp-dingtalk-color, #1f6fe0);
  }
  .yx-tp-logo[data-provider='lark'] {
    --yx-tp-logo-tile: var(--yx-tp-lark-color, #0b8f7f);
  }
  .yx-tp-logo__mark {
    fill: #ffffff;
    fill-rule: evenodd;
  }
  .yx-tp-card__body {
    display: grid;
    gap: var(--yx-space-2);
    min-width: 0;
  }
  .yx-tp-card__head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--yx-space-2);
  }
  .yx-tp-card__name {
    margin: 0;
    font-size: var(--yx-font-size-lg);
    font-weight: 600;
  }
  .yx-tp-badge {
    padding: 0 var(--yx-space-2);
    border-radius: 999px;
    font-size: var(--yx-font-size-sm);
    font-weight: 500;
    background: var(--yx-color-bg-subtle);
    color: var(--yx-color-text-secondary);
  }
  .yx-tp-badge[data-state='bound'] {
    background: var(--yx-color-success-soft);
    color: var(--yx-color-success);
  }
  .yx-tp-account {
    display: grid;
    gap: var(--yx-space-1);
    margin: 0;
  }
  .yx-tp-account > div {
    display: flex;
    flex-wrap: wrap;
    gap: var(--yx-space-2);
  }
  .yx-tp-account dt {
    min-width: 6em;
    color: var(--yx-color-text-secondary);
  }
  .yx-tp-account dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .yx-tp-mono {
    font-family: var(--yx-font-family-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    font-size: var(--yx-font-size-sm);
  }
`;
