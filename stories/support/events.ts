/**
 * Every `yx-` event an element fires shows in the Actions panel. The ones that would leave the
 * page (navigation, sign in again, reload, organization change, session end) are cancelled, as a
 * host that routes itself would do, so the story stays where it is.
 */
import { action } from 'storybook/actions';
// The feature modules add their events to this map by declaration merging; the list below is
// checked against the merged map.
import type { YxEventType } from '../../src/core/events';

export const YX_EVENTS = [
  'yx-navigate',
  'yx-relogin',
  'yx-reload',
  'yx-org-change',
  'yx-login',
  'yx-token-create',
  'yx-token-update',
  'yx-token-delete',
  'yx-ssh-key-add',
  'yx-ssh-key-update',
  'yx-ssh-key-delete',
  'yx-identity-bind',
  'yx-identity-unbind',
  'yx-package-password-reset',
  'yx-profile-update',
  'yx-locale-change',
  'yx-unread-change',
  'yx-messages-view',
  'yx-session-end',
] as const satisfies readonly YxEventType[];

// A new event the list misses fails type checking here.
type Missing = Exclude<YxEventType, (typeof YX_EVENTS)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;

/** Events whose default action leaves (or reloads) the page. */
const LEAVING = new Set<string>(['yx-navigate', 'yx-relogin', 'yx-reload', 'yx-org-change', 'yx-session-end']);

let listening = false;

/** Logs every `yx-` event reaching the document (once per page). */
export function logElementEvents(): void {
  if (listening) return;
  listening = true;
  for (const type of YX_EVENTS) {
    const log = action(type);
    document.addEventListener(type, (event) => {
      if (LEAVING.has(type)) event.preventDefault();
      log((event as CustomEvent).detail);
    });
  }
}
