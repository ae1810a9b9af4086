import { css } from '../../ui/css/sheet';

/** Styles of `<yx-message-centre>`, adopted after the shared sheets (no inline styles: strict
 * CSP). Rows are positioned by react-virtual through the CSSOM; see MessageList. */
export const notificationsCss = css`
  .yx-msgs {
    display: grid;
    gap: var(--yx-space-4);
    container-type: inline-size;
  }
  .yx-msgs-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--yx-space-3);
  }
  .yx-msgs-title {
    margin: 0;
    margin-right: auto;
    font-size: var(--yx-font-size-xl);
    font-weight: 600;
  }
  .yx-msgs-toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: var(--yx-space-2);
  }
  .yx-msgs-body {
    display: grid;
    grid-template-columns: minmax(160px, 220px) minmax(0, 1fr);
    gap: var(--yx-space-4);
    align-items: start;
  }
  .yx-msgs-main {
    min-width: 0;
  }
  .yx-msgs-tab-count {
    display: inline-block;
    min-width: 20px;
    margin-inline-start: var(--yx-space-1);
    padding: 0 6px;
    border-radius: 999px;
    background: var(--yx-color-danger);
    color: var(--yx-color-on-danger);
    font-size: var(--yx-font-size-sm);
    line-height: 18px;
    text-align: center;
  }

  .yx-msgs-filter__list {
    display: grid;
    gap: 2px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .yx-msgs-filter__option {
    display: flex;
    align-items: center;
    gap: var(--yx-space-2);
    width: 100%;
    min-height: var(--yx-control-height);
    padding: var(--yx-space-1) var(--yx-space-2);
    border: 0;
    border-radius: var(--yx-radius);
    background: transparent;
    color: inherit;
    font: inherit;
    text-align: start;
    cursor: pointer;
  }
  .yx-msgs-filter__option:hover {
    background: var(--yx-color-bg-subtle);
  }
  .yx-msgs-filter__option[aria-pressed='true'] {
    background: var(--yx-color-brand-soft);
    color: var(--yx-color-brand-hover);
    font-weight: 500;
  }
  .yx-msgs-filter__logo {
    flex: none;
    width: 20px;
    height: 20px;
    border-radius: 4px;
  }
  .yx-msgs-filter__logo--none {
    background: var(--yx-color-border);
  }
  .yx-msgs-filter__name {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .yx-msgs-filter__count {
    min-width: 20px;
    padding: 0 6px;
    border-radius: 999px;
    background: var(--yx-color-danger);
    color: var(--yx-color-on-danger);
    font-size: var(--yx-font-size-sm);
    font-weight: 400;
    text-align: center;
  }

  .yx-msgs-loading {
    display: grid;
    gap: var(--yx-space-3);
    padding: var(--yx-space-4) 0;
  }
  .yx-msgs-scroll {
    position: relative;
    max-height: var(--yx-message-list-height, 560px);
    overflow-y: auto;
    overscroll-behavior: contain;
    border: 1px solid var(--yx-color-border);
    border-radius: var(--yx-radius);
  }
  .yx-msgs-feed {
    position: relative;
    width: 100%;
  }
  .yx-msgs-more {
    display: flex;
    justify-content: center;
    align-items: center;
    min-height: 44px;
    padding: var(--yx-space-2);
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
  }
  .yx-msgs-more__error {
    display: flex;
    align-items: center;
    gap: var(--yx-space-2);
    color: var(--yx-color-danger);
  }

  /* One message. Absolute, anchored at the top: react-virtual moves it with a transform. Paint
     containment keeps whatever the content does inside the row's box. */
  .yx-msg {
    position: absolute;
    top: 0;
    left: 0;
    width: 100%;
    display: grid;
    grid-template-columns: 32px minmax(0, 1fr) auto;
    gap: var(--yx-space-3);
    padding: var(--yx-space-3) var(--yx-space-4);
    border-bottom: 1px solid var(--yx-color-border);
    background: var(--yx-color-bg);
    overflow: hidden;
    contain: layout paint;
  }
  .yx-msg[data-state='unread'] {
    box-shadow: inset 3px 0 0 var(--yx-color-brand);
  }
  .yx-msg:focus-visible {
    outline: 2px solid var(--yx-color-brand);
    outline-offset: -2px;
    box-shadow: none;
  }
  .yx-msg__logo {
    width: 32px;
    height: 32px;
    border-radius: 7px;
  }
  .yx-msg__logo--letter {
    display: grid;
    place-items: center;
    background: var(--yx-color-bg-subtle);
    color: var(--yx-color-text-secondary);
    font-weight: 600;
  }
  .yx-msg__main {
    display: grid;
    gap: var(--yx-space-1);
    min-width: 0;
  }
  .yx-msg__head {
    display: flex;
    align-items: center;
    gap: var(--yx-space-2);
    min-width: 0;
  }
  .yx-msg__dot {
    flex: none;
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: var(--yx-color-danger);
  }
  .yx-msg__heading {
    min-width: 0;
    margin: 0;
    font-size: inherit;
    font-weight: inherit;
  }
  .yx-msg__title {
    padding: 0;
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    font-weight: 500;
    text-align: start;
    overflow-wrap: anywhere;
    cursor: pointer;
  }
  .yx-msg[data-state='unread'] .yx-msg__title {
    font-weight: 600;
  }
  .yx-msg__title:hover {
    color: var(--yx-color-brand);
    text-decoration: underline;
  }
  .yx-msg__meta {
    display: flex;
    flex-wrap: wrap;
    gap: 0 var(--yx-space-3);
    margin: 0;
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
  }
  .yx-msg__badge {
    padding: 0 6px;
    border-radius: 999px;
    background: var(--yx-color-warning-soft);
    color: var(--yx-color-warning);
  }
  .yx-msg__content {
    min-width: 0;
    max-width: 100%;
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  .yx-msg__content[data-state='closed'] {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    max-height: calc(2em * var(--yx-line-height));
    color: var(--yx-color-text-secondary);
  }
  .yx-msg__content :is(p, ul, ol, pre, blockquote) {
    margin: 0 0 var(--yx-space-2);
  }
  .yx-msg__content :is(ul, ol) {
    padding-inline-start: var(--yx-space-5);
  }
  .yx-msg__content pre {
    max-width: 100%;
    overflow-x: auto;
    white-space: pre-wrap;
  }
  .yx-msg__content code {
    padding: 0 4px;
    border-radius: 4px;
    background: var(--yx-color-bg-subtle);
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  }
  .yx-msg__content blockquote {
    padding-inline-start: var(--yx-space-3);
    border-inline-start: 3px solid var(--yx-color-border);
  }
  .yx-msg__content a {
    color: var(--yx-color-brand);
  }
  .yx-msg__actions {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    justify-content: flex-end;
    gap: var(--yx-space-1);
  }

  @container (max-width: 640px) {
    .yx-msgs-body {
      grid-template-columns: minmax(0, 1fr);
    }
    .yx-msgs-filter__list {
      display: flex;
      flex-wrap: wrap;
    }
    .yx-msgs-filter__option {
      width: auto;
    }
    .yx-msg {
      grid-template-columns: 32px minmax(0, 1fr);
    }
    .yx-msg__actions {
      grid-column: 2;
      justify-content: flex-start;
    }
  }
`;
