/**
 * Sidebar geometry (§2): it collapses below 1280 px of viewport width and can be dragged (pointer
 * or keyboard) no narrower than 200 px. Pure helpers plus the viewport hook; the width reaches
 * the page through the CSSOM (`style.setProperty`), which a strict CSP allows, never through a
 * `style` attribute in markup.
 */
import { useSyncExternalStore } from 'react';

/** §2/§9: the sidebar can never be dragged narrower than this. */
export const SIDEBAR_MIN_WIDTH = 200;
/** Wider than this the content area gets too little room. */
export const SIDEBAR_MAX_WIDTH = 480;
/** @default width of the expanded sidebar */
export const SIDEBAR_DEFAULT_WIDTH = 240;
/** Below this viewport width the sidebar starts collapsed (icons only). */
export const COLLAPSE_BELOW_PX = 1280;
/** Arrow keys move the edge by this much; with Shift by {@link KEY_STEP_LARGE}. */
export const KEY_STEP = 10;
export const KEY_STEP_LARGE = 50;

export const NARROW_QUERY = `(max-width: ${COLLAPSE_BELOW_PX - 0.02}px)`;

/** The width kept between the limits (whole pixels). */
export function clampWidth(width: number, min = SIDEBAR_MIN_WIDTH, max = SIDEBAR_MAX_WIDTH): number {
  return Math.round(Math.min(max, Math.max(min, width)));
}

/** The new width for a key pressed on the separator, or null when the key is not ours.
 * ← narrower, → wider (Shift: bigger steps), Home the narrowest, End the widest. */
export function widthForKey(key: string, width: number, shift = false): number | null {
  const step = shift ? KEY_STEP_LARGE : KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return clampWidth(width - step);
    case 'ArrowRight':
      return clampWidth(width + step);
    case 'Home':
      return SIDEBAR_MIN_WIDTH;
    case 'End':
      return SIDEBAR_MAX_WIDTH;
    default:
      return null;
  }
}

/** Follows one pointer drag of the separator `handle`: captures the pointer, reports each clamped width,
 * and lets go on pointerup / pointercancel (then calls `onEnd`). Returns a function that stops early. */
export function startDrag(
  handle: HTMLElement,
  event: PointerEvent,
  startWidth: number,
  onWidth: (width: number) => void,
  onEnd?: () => void,
): () => void {
  const startX = event.clientX;
  const id = event.pointerId;
  try {
    handle.setPointerCapture(id);
  } catch {
    // A synthetic pointer cannot be captured; the listeners below still follow it.
  }
  const move = (e: PointerEvent) => {
    if (e.pointerId === id) onWidth(clampWidth(startWidth + e.clientX - startX));
  };
  const stop = () => {
    handle.removeEventListener('pointermove', move);
    handle.removeEventListener('pointerup', stop);
    handle.removeEventListener('pointercancel', stop);
    if (handle.hasPointerCapture?.(id)) handle.releasePointerCapture(id);
    onEnd?.();
  };
  handle.addEventListener('pointermove', move);
  handle.addEventListener('pointerup', stop);
  handle.addEventListener('pointercancel', stop);
  return stop;
}

const subscribeNarrow = (onChange: () => void) => {
  const query = matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const readNarrow = () => matchMedia(NARROW_QUERY).matches;

/** Whether the viewport is narrower than 1280 px, live. */
export function useNarrowViewport(): boolean {
  return useSyncExternalStore(subscribeNarrow, readNarrow, () => false);
}
