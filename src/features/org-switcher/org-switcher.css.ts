import { css } from '../../ui/css/sheet';

/** Styles of `<yx-org-switcher>` and `<yx-app-entry>`, adopted after the shared sheets (no inline
 * styles: strict CSP). */
export const orgSwitcherCss = css`
  .yx-orgs,
  .yx-apps {
    display: grid;
    gap: var(--yx-space-3);
    max-width: 640px;
    margin: 0 auto;
  }
  .yx-apps {
    max-width: 880px;
  }
  .yx-orgs-title,
  .yx-apps-org {
    margin: 0;
    font-size: var(--yx-font-size-xl);
    font-weight: 600;
  }
  .yx-orgs-intro,
  .yx-orgs-count,
  .yx-orgs-none {
    margin: 0;
    color: var(--yx-color-text-secondary);
  }
  .yx-orgs-count {
    font-size: var(--yx-font-size-sm);
  }
  .yx-orgs-loading {
    display: grid;
    gap: var(--yx-space-3);
    justify-items: start;
  }
  .yx-orgs-alert {
    margin: 0;
    padding: var(--yx-space-2) var(--yx-space-3);
    border-radius: var(--yx-radius);
    background: var(--yx-color-danger-soft);
    color: var(--yx-color-danger);
    overflow-wrap: anywhere;
  }
  .yx-orgs-scroller {
    max-height: min(60vh, 480px);
    overflow-y: auto;
    border: 1px solid var(--yx-color-border);
    border-radius: var(--yx-radius-lg);
  }
  .yx-orgs-list {
    margin: 0;
    padding: var(--yx-space-1);
    list-style: none;
  }
  .yx-orgs-org.yx-button,
  .yx-apps-app.yx-button {
    display: flex;
    align-items: center;
    justify-content: flex-start;
    gap: var(--yx-space-3);
    width: 100%;
    height: auto;
    min-height: 48px;
    padding: var(--yx-space-2) var(--yx-space-3);
    text-align: left;
    white-space: normal;
    color: var(--yx-color-text);
    font-weight: 400;
  }
  .yx-orgs-org.yx-button:hover,
  .yx-apps-app.yx-button:hover {
    background: var(--yx-color-bg-subtle);
  }
  .yx-orgs-org[data-current] {
    background: var(--yx-color-brand-soft);
  }
  /* Marked without changing its size: nothing in the list moves. */
  .yx-orgs-org.yx-button[data-failed] {
    background: var(--yx-color-danger-soft);
  }
  .yx-orgs-logo,
  .yx-apps-logo {
    flex: none;
    width: 32px;
    height: 32px;
    border-radius: var(--yx-radius);
    object-fit: cover;
  }
  .yx-orgs-logo--initials {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    background: var(--yx-color-brand);
    color: var(--yx-color-on-brand);
    font-weight: 600;
    font-size: var(--yx-font-size-sm);
  }
  .yx-orgs-name,
  .yx-apps-name {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .yx-orgs-badge {
    flex: none;
    padding: 0 var(--yx-space-2);
    border-radius: 999px;
    background: var(--yx-color-brand);
    color: var(--yx-color-on-brand);
    font-size: var(--yx-font-size-sm);
  }
  .yx-orgs-sentinel {
    height: 1px;
  }
  .yx-orgs-more {
    display: flex;
    justify-content: center;
  }

  .yx-apps-header {
    display: flex;
    align-items: center;
    gap: var(--yx-space-3);
  }
  .yx-apps-header .yx-orgs-logo {
    width: 48px;
    height: 48px;
    font-size: var(--yx-font-size-lg);
  }
  .yx-apps-grid {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
    gap: var(--yx-space-2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .yx-apps-app.yx-button {
    border: 1px solid var(--yx-color-border);
    border-radius: var(--yx-radius-lg);
  }
`;
