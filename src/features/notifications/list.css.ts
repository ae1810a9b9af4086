import { css } from '../../ui/css/sheet';

/** Styles of the message list, adopted with it (MessageList loads on demand; see MessageCentre).
 * Rows are positioned by react-virtual through the CSSOM, which a strict CSP allows. */
export const messageListCss = css`
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
  .yx-msg__when {
    white-space: nowrap;
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

  /* The centre is the container (notifications.css.ts). */
  @container (max-width: 640px) {
    .yx-msg {
      grid-template-columns: 32px minmax(0, 1fr);
    }
    .yx-msg__actions {
      grid-column: 2;
      justify-content: flex-start;
    }
  }
`;
