import { css } from '../../ui/css/sheet';
import { SIDEBAR_DEFAULT_WIDTH, SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH } from './resize';

/** Styles of `<yx-settings>`, adopted after the shared sheets (no inline styles: strict CSP). The
 * sidebar width is `--yx-sidebar-width`: the host's (inherited, so never declared here) until the
 * user drags the edge, then the user's, written on the sidebar through the CSSOM. */
export const settingsCss = css`
  .yx-settings {
    display: grid;
    grid-template-rows: auto 1fr;
    /* The one column is as wide as the element, never as wide as the top bar's content: on a
       phone a wider column would scroll the whole page sideways. */
    grid-template-columns: minmax(0, 1fr);
    min-height: 100%;
    background: var(--yx-color-bg);
    /* Narrow layouts follow the element's own width, which a host column may limit too. */
    container: yx-settings / inline-size;
  }
  .yx-settings[data-status='loading'] {
    display: none;
  }
  .yx-settings--failed {
    display: block;
    padding: var(--yx-space-6) var(--yx-space-5);
  }

  .yx-settings-top {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--yx-space-2) var(--yx-space-4);
    min-height: 52px;
    padding: 0 var(--yx-space-5);
    border-bottom: 1px solid var(--yx-color-border);
  }
  .yx-settings-top__title {
    margin: 0;
    font-size: var(--yx-font-size-lg);
    font-weight: 600;
  }
  .yx-settings-top__home {
    color: inherit;
    text-decoration: none;
    border-radius: var(--yx-radius);
  }
  .yx-settings-top__home:hover {
    color: var(--yx-color-brand);
  }
  .yx-settings-top__end {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--yx-space-3);
    min-width: 0;
    margin-left: auto;
  }
  .yx-settings-top__help {
    display: inline-flex;
    align-items: center;
    gap: var(--yx-space-1);
    color: var(--yx-color-brand);
    text-decoration: none;
    border-radius: var(--yx-radius);
  }
  .yx-settings-top__help:hover {
    text-decoration: underline;
  }
  .yx-settings-top svg,
  .yx-settings-toggle svg,
  .yx-settings-nav__icon {
    width: 18px;
    height: 18px;
    flex: none;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.8;
    stroke-linecap: round;
    stroke-linejoin: round;
  }

  .yx-settings-body {
    display: flex;
    min-height: 0;
  }
  .yx-settings-sidebar {
    position: relative;
    flex: none;
    /* Within the limits the separator announces, whatever the host sets. */
    width: clamp(${SIDEBAR_MIN_WIDTH}px, var(--yx-sidebar-width, ${SIDEBAR_DEFAULT_WIDTH}px), ${SIDEBAR_MAX_WIDTH}px);
    display: flex;
    flex-direction: column;
    gap: var(--yx-space-2);
    padding: var(--yx-space-3) var(--yx-space-2);
    border-right: 1px solid var(--yx-color-border);
    background: var(--yx-color-bg-subtle);
  }
  .yx-settings-sidebar[data-state='collapsed'] {
    width: 56px;
  }
  .yx-settings-sidebar[data-dragging] {
    user-select: none;
  }
  .yx-settings-toggle {
    position: relative;
    align-self: flex-start;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 36px;
    height: 32px;
    margin-left: 2px;
    border: 0;
    border-radius: var(--yx-radius);
    background: none;
    color: var(--yx-color-text-secondary);
    cursor: pointer;
  }
  .yx-settings-toggle:hover {
    background: var(--yx-color-border);
    color: var(--yx-color-text);
  }
  .yx-settings-nav__list {
    display: grid;
    gap: 2px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .yx-settings-nav__link {
    display: flex;
    align-items: center;
    gap: var(--yx-space-2);
    min-height: 36px;
    padding: var(--yx-space-2) var(--yx-space-3);
    border-radius: var(--yx-radius);
    color: var(--yx-color-text);
    text-decoration: none;
    overflow: hidden;
  }
  .yx-settings-nav__link:hover {
    background: var(--yx-color-border);
  }
  .yx-settings-nav__link[aria-current='page'] {
    background: var(--yx-color-brand-soft);
    color: var(--yx-color-brand-hover);
    font-weight: 600;
  }
  .yx-settings-nav__label {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .yx-settings-sidebar[data-state='collapsed'] .yx-settings-nav__link {
    position: relative;
    justify-content: center;
    padding: var(--yx-space-2) 0;
    overflow: visible;
  }
  /* Collapsed: icons only; the label stays for screen readers… */
  .yx-settings-sidebar[data-state='collapsed'] .yx-settings-nav__label {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
  /* …and shows as a bubble right of the icon under the pointer or keyboard focus, over the
     section (no ancestor clips it); so does the toggle's name, in both states. */
  .yx-settings-sidebar:not([data-names]) .yx-settings-toggle:is(:hover, :focus-visible) .yx-visually-hidden,
  .yx-settings-sidebar[data-state='collapsed']:not([data-names])
    .yx-settings-nav__link:is(:hover, :focus-visible)
    .yx-settings-nav__label {
    left: calc(100% + var(--yx-space-3));
    top: 50%;
    z-index: 100;
    width: auto;
    height: auto;
    margin: 0;
    padding: var(--yx-space-1) var(--yx-space-2);
    overflow: visible;
    clip: auto;
    transform: translateY(-50%);
    border-radius: var(--yx-radius);
    background: var(--yx-color-text);
    color: var(--yx-color-bg);
    box-shadow: var(--yx-shadow);
    font-size: var(--yx-font-size-sm);
    font-weight: 400;
    white-space: nowrap;
  }
  .yx-settings-resizer {
    position: absolute;
    top: 0;
    right: -4px;
    bottom: 0;
    width: 8px;
    cursor: col-resize;
    touch-action: none;
    z-index: 1;
  }
  .yx-settings-resizer::after {
    content: '';
    position: absolute;
    top: 0;
    bottom: 0;
    left: 3px;
    width: 2px;
    background: transparent;
  }
  .yx-settings-resizer:hover::after,
  .yx-settings-resizer:focus-visible::after,
  .yx-settings-sidebar[data-dragging] .yx-settings-resizer::after {
    background: var(--yx-color-brand);
  }

  .yx-settings-main {
    flex: 1;
    min-width: 0;
    padding: var(--yx-space-5);
  }
  .yx-settings-content__loading {
    display: flex;
    justify-content: center;
    padding: var(--yx-space-6);
  }
  .yx-settings-section[hidden] {
    display: none;
  }

  /* Phone widths: the top bar's controls move under the title, and the paddings shrink so the
     section keeps room beside the collapsed sidebar. */
  @container yx-settings (max-width: 600px) {
    .yx-settings-top {
      padding: var(--yx-space-2) var(--yx-space-3);
    }
    .yx-settings-main {
      padding: var(--yx-space-3);
    }
  }
`;
