import { css } from '../../ui/css/sheet';

/** Styles of `<yx-ssh-keys>`, adopted after the shared sheets (no inline styles: strict CSP). */
export const sshKeysCss = css`
  .yx-ssh {
    display: block;
  }
  .yx-ssh-list {
    display: grid;
    gap: var(--yx-space-4);
  }
  .yx-ssh-toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--yx-space-3) var(--yx-space-4);
  }
  .yx-ssh-heading {
    margin: 0;
    margin-right: auto;
    font-size: var(--yx-font-size-xl);
    font-weight: 600;
  }
  .yx-ssh-intro {
    margin: 0;
    color: var(--yx-color-text-secondary);
  }
  .yx-ssh-mono {
    font-family: var(--yx-font-family-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    font-size: var(--yx-font-size-sm);
  }
  .yx-ssh-title {
    font-weight: 500;
    overflow-wrap: anywhere;
  }
  /* Always whole: on one line where the column has room, else broken between any two
     characters into lines of even length (no line of one or two characters). A click selects the
     whole value for copying. */
  .yx-ssh-fingerprint {
    display: block;
    word-break: break-all;
    text-wrap: balance;
    user-select: all;
  }
  /* Minimum widths keep a table readable between its cards (below 54rem, SshKeyList) and its full
     width: it scrolls in its wrapper rather than breaking titles letter by letter or the
     fingerprint into many lines (the cards drop these widths). 14rem holds 26 of the
     fingerprint's small monospace characters, so it takes two lines at most; given room, the
     column grows to the whole value on one line ('SHA256:' and 43 base64 characters: 50ch in the
     fingerprint's font, set here for ch). It is
     the only column with a width, so the table fills it before it widens the others: the name
     stays at its minimum until the fingerprint is whole. 7rem, not more: with the last use's
     day on screen too, the fingerprint still takes one line in an element 1,000 px wide. */
  .yx-ssh-list td[data-column='title'] {
    min-width: calc(7rem + 2 * var(--yx-space-3));
  }
  .yx-ssh-list td[data-column='fingerprint'] {
    min-width: calc(14rem + 2 * var(--yx-space-3));
    width: calc(50ch + 2 * var(--yx-space-3));
    font-family: var(--yx-font-family-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    font-size: var(--yx-font-size-sm);
  }
  /* Dates never break inside (the created column, the expiry's and the last use's day); 'Never
     expires' and the last column's title may, leaving the fingerprint room. */
  .yx-ssh-list td[data-column='created'],
  .yx-ssh-expiry:not([data-state='never-expires']) > span:first-child,
  .yx-ssh-when > time {
    white-space: nowrap;
  }
  .yx-ssh-list th[data-column='lastUsed'] {
    white-space: normal;
  }
  /* A day over its badge (the expiry) or over how long ago it is (the last use). */
  .yx-ssh-expiry,
  .yx-ssh-when {
    display: grid;
    gap: 2px;
    justify-items: start;
  }
  .yx-ssh-when__relative {
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
  }
  .yx-ssh-badge {
    padding: 0 var(--yx-space-2);
    border-radius: 999px;
    font-size: var(--yx-font-size-sm);
    font-weight: 500;
  }
  .yx-ssh-badge[data-state='expired'] {
    background: var(--yx-color-danger-soft);
    color: var(--yx-color-danger);
  }
  .yx-ssh-actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--yx-space-1) var(--yx-space-2);
  }

  .yx-ssh-form {
    display: grid;
    gap: var(--yx-space-4);
  }
  .yx-ssh-form__error {
    padding: var(--yx-space-2) var(--yx-space-3);
    border-radius: var(--yx-radius);
    background: var(--yx-color-danger-soft);
    color: var(--yx-color-danger);
  }
  .yx-ssh-form__key {
    word-break: break-all;
  }
  /* Always rendered (it is a live region), so it takes no room while empty. */
  .yx-ssh-form__fingerprint {
    margin-top: calc(-1 * var(--yx-space-3));
    color: var(--yx-color-text-secondary);
    overflow-wrap: anywhere;
  }
  .yx-ssh-form__fingerprint code {
    color: var(--yx-color-text);
  }
  .yx-ssh-form__expiry {
    display: grid;
    gap: var(--yx-space-3);
    min-width: 0;
    margin: 0;
    padding: 0;
    border: 0;
  }
  .yx-ssh-form__legend {
    margin-bottom: var(--yx-space-2);
    padding: 0;
    font-weight: 500;
  }

  .yx-ssh-help {
    display: grid;
    gap: var(--yx-space-2);
    padding: var(--yx-space-3);
    border-radius: var(--yx-radius);
    background: var(--yx-color-bg-subtle);
  }
  .yx-ssh-help__title {
    margin: 0;
    font-weight: 600;
  }
  .yx-ssh-help__text {
    margin: 0;
  }
  .yx-ssh-help__command {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--yx-space-2);
  }
  .yx-ssh-help__code {
    flex: 1;
    min-width: 0;
    padding: var(--yx-space-1) var(--yx-space-2);
    border: 1px solid var(--yx-color-border);
    border-radius: var(--yx-radius);
    background: var(--yx-color-bg);
    overflow-wrap: anywhere;
    user-select: all;
  }
  .yx-ssh-help__status {
    margin: 0;
    color: var(--yx-color-text-secondary);
    font-size: var(--yx-font-size-sm);
  }
`;
