import { css } from './sheet';

/** Styles of Tabs, adopted by the tabs that use them. */
export const tabsCss = css`
  .yx-tabs[data-orientation='vertical'] {
    display: flex;
    gap: var(--yx-space-5);
  }
  .yx-tabs__list {
    display: flex;
    gap: var(--yx-space-5);
    border-bottom: 1px solid var(--yx-color-border);
    overflow-x: auto;
  }
  .yx-tabs__list[aria-orientation='vertical'] {
    flex-direction: column;
    gap: var(--yx-space-1);
    border-bottom: 0;
    border-right: 1px solid var(--yx-color-border);
    overflow-x: visible;
  }
  .yx-tab {
    position: relative;
    padding: var(--yx-space-2) 0;
    border: 0;
    background: none;
    color: var(--yx-color-text-secondary);
    font: inherit;
    white-space: nowrap;
    cursor: pointer;
    border-radius: var(--yx-radius) var(--yx-radius) 0 0;
  }
  .yx-tabs__list[aria-orientation='vertical'] .yx-tab {
    padding: var(--yx-space-2) var(--yx-space-4);
    text-align: start;
    border-radius: var(--yx-radius) 0 0 var(--yx-radius);
  }
  .yx-tab:hover:not(:disabled) {
    color: var(--yx-color-text);
  }
  .yx-tab[data-state='active'] {
    color: var(--yx-color-brand);
    font-weight: 600;
    box-shadow: inset 0 -2px 0 var(--yx-color-brand);
  }
  .yx-tabs__list[aria-orientation='vertical'] .yx-tab[data-state='active'] {
    background: var(--yx-color-brand-soft);
    box-shadow: inset -2px 0 0 var(--yx-color-brand);
  }
  .yx-tab:focus-visible {
    box-shadow: var(--yx-focus-ring);
  }
  .yx-tab:disabled {
    color: var(--yx-color-text-disabled);
    cursor: not-allowed;
  }
  .yx-tab-panel {
    padding-top: var(--yx-space-4);
    border-radius: var(--yx-radius);
  }
  .yx-tabs[data-orientation='vertical'] .yx-tab-panel {
    flex: 1;
    min-width: 0;
    padding-top: 0;
  }
`;
