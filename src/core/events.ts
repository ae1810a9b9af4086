/**
 * Events every element emits: `yx-` prefix, kebab-case, bubbling out of the shadow root
 * (`composed`), with a typed `detail`. Features add their events to {@link YxEventDetailMap}
 * by declaration merging, so `addEventListener('yx-…')` is typed for hosts.
 */

/** Detail type of each `yx-*` event. Requests a host may take over are cancelable. */
export interface YxEventDetailMap {
  /** The element wants to go to a URL; call `preventDefault()` to route it yourself. */
  'yx-navigate': { url: string };
  /** The session is gone; call `preventDefault()` to send the user to sign in yourself. */
  'yx-relogin': { url: string };
  /** A call of any element found nobody signed in any more (401 `unauthenticated`: signed out in
   * another tab, expired). Fired once until the next sign-in, from the element whose call it was.
   * `url` is where signing in again goes (the account host's sign-in page coming back to this
   * address; in the global flavour the cloud provider's home page); call `preventDefault()` to
   * handle it yourself, else the page goes there. */
  'yx-session-end': { url: string };
}

export type YxEventType = keyof YxEventDetailMap;

export interface EmitOptions {
  /** The host may call `preventDefault()` to take the action over. @default false */
  cancelable?: boolean;
}

/** Dispatches a bubbling, composed `CustomEvent` from the element's host. Returns false when a
 * listener cancelled it (so the element leaves the action to the host).
 * @example if (emit(host, 'yx-navigate', { url })) location.assign(url); */
export function emit<K extends YxEventType>(
  target: EventTarget,
  type: K,
  detail: YxEventDetailMap[K],
  options: EmitOptions = {},
): boolean {
  return target.dispatchEvent(
    new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: Boolean(options.cancelable) }),
  );
}

declare global {
  interface GlobalEventHandlersEventMap {
    'yx-navigate': CustomEvent<YxEventDetailMap['yx-navigate']>;
    'yx-relogin': CustomEvent<YxEventDetailMap['yx-relogin']>;
    'yx-session-end': CustomEvent<YxEventDetailMap['yx-session-end']>;
  }
}
