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
  }
}
