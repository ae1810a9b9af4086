import { css } from '../../ui/css/sheet';

/** Styles of `<yx-token-manager>`, adopted after the shared sheets (no inline styles: strict CSP). */
export const tokensCss = css`
  .yx-tokens {
    display: block;
  }
  .yx-tokens-list,
  .yx-tokens-page {
    display: grid;
    gap: var(--yx-space-4);
  }
  .yx-tokens-page {
    max-width: 720px;
  }
  .yx-tokens-toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--yx-space-3) var(--yx-space-4);
  }
  .yx-tokens-title {
    margin: 0;
    margin-right: auto;
    font-size: var(--yx-font-size-xl);
    font-weight: 600;
  }
  .yx-tokens-modal .yx-tokens-toolbar {
    justify-content: flex-end;
  }
  .yx-tokens-intro,
  .yx-tokens-count {
    margin: 0;
    color: var(--yx-color-text-secondary);
  }
  /* Wide enough that a table between card and full width scrolls rather than breaking names letter
     by letter. */
  .yx-tokens-name {
    display: grid;
    gap: var(--yx-space-1);
    justify-items: start;
    min-width: 10rem;
  }
  .yx-tokens-name__text {
    font-weight: 500;
    overflow-wrap: anywhere;
  }
  .yx-tokens-label {
    max-width: 100%;
    padding: 0 var(--yx-space-2);
    border-radius: var(--yx-radius);
    background: var(--yx-color-bg-subtle);
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
    overflow-wrap: anywhere;
  }
  .yx-tokens-date {
    white-space: nowrap;
  }
  /* A day over how long ago it is (the expiry, the last use). */
  .yx-tokens-expiry,
  .yx-tokens-when {
    display: grid;
    gap: 2px;
    justify-items: start;
  }
  .yx-tokens-expiry__relative,
  .yx-tokens-when__relative,
  .yx-tokens-actions__reason {
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
  }
  .yx-tokens-badge {
    padding: 0 var(--yx-space-2);
    border-radius: 999px;
    font-size: var(--yx-font-size-sm);
    font-weight: 500;
  }
  .yx-tokens-badge[data-state='expired'] {
    background: var(--yx-color-danger-soft);
    color: var(--yx-color-danger);
  }
  .yx-tokens-badge[data-state='expiring'] {
    background: var(--yx-color-warning-soft);
    color: var(--yx-color-warning);
  }
  .yx-tokens-actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--yx-space-1) var(--yx-space-2);
  }
  .yx-tokens-actions__reason {
    flex-basis: 100%;
  }

  /* The value shown once: framed like a warning so it is not mistaken for ordinary row text. Its one
     column is no wider than the box, so a long unbreakable name in the title wraps inside it. */
  .yx-tokens-secret {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--yx-space-2);
    width: 100%;
    min-width: min(100%, 360px);
    margin-top: var(--yx-space-2);
    padding: var(--yx-space-3);
    border: 1px solid var(--yx-color-warning);
    border-radius: var(--yx-radius);
    background: var(--yx-color-warning-soft);
  }
  .yx-tokens-secret__title {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .yx-tokens-secret__note {
    margin: 0;
    color: var(--yx-color-text);
  }
  /* The Copy button goes under the value when both do not fit side by side. */
  .yx-tokens-secret__row {
    display: flex;
    flex-wrap: wrap;
    gap: var(--yx-space-2);
  }
  .yx-tokens-secret__value {
    flex: 1 1 12rem;
    min-width: 0;
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    user-select: all;
  }
  /* Where the table shows its rows as cards (Table's cardsBelow), the Copy button goes under the
     value. */
  @container yx-cards-44 (max-width: 44rem) {
    .yx-tokens-secret__value {
      flex-basis: 100%;
    }
  }

  .yx-tokens-form {
    display: grid;
    gap: var(--yx-space-4);
  }
  .yx-tokens-form__error {
    padding: var(--yx-space-2) var(--yx-space-3);
    border-radius: var(--yx-radius);
    background: var(--yx-color-danger-soft);
    color: var(--yx-color-danger);
  }
  .yx-tokens-scopes {
    display: grid;
    gap: var(--yx-space-2);
  }
  .yx-tokens-scopes__head {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: var(--yx-space-2);
  }
  .yx-tokens-scopes__count {
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
  }
  .yx-tokens-scopes__tree {
    max-height: 360px;
    overflow: auto;
    padding: var(--yx-space-1);
    border: 1px solid var(--yx-color-border);
    border-radius: var(--yx-radius);
  }
  .yx-tokens-page__actions {
    display: flex;
    gap: var(--yx-space-3);
  }
`;
