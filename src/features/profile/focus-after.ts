/**
 * Focus for after an action removed the control that had it (Unbind, Remove, the Bind button a
 * bind replaces). Set the returned flag when the action succeeds; `target` then takes the focus on
 * the first render where `ready` holds (the state the action brings, its dialog closed), a task
 * later, so a closing dialog's hand-back of the focus does not undo it. `settled` names other
 * state whose change should check again.
 */
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

export function useFocusAfter(ready: boolean, target: RefObject<HTMLElement | null>, settled?: string) {
  const armed = useRef(false);
  useEffect(() => {
    if (!ready || !armed.current) return undefined;
    armed.current = false;
    const timer = setTimeout(() => target.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [ready, settled, target]);
  return armed;
}
