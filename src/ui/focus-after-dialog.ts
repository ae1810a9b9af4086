import { useCallback, useEffect, useRef } from 'react';

/** Focus for after a confirmation (`[part~="confirm"]`) whose action removed or replaced what had
 * focus: call the returned function with the `target` to focus once the dialog has gone and
 * handed focus back (Radix does that a task after removing it), so the hand-back does not undo
 * it. Focus the user has moved on meanwhile is left alone: it moves only from nowhere or from
 * `handedBackTo`, the dialog's trigger when that is still there. A later call, and unmounting,
 * cancel an earlier one.
 * @example const focusAfterDialog = useFocusAfterDialog(root); focusAfterDialog(() => copy.current) */
export function useFocusAfterDialog(root: ShadowRoot) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (target: () => HTMLElement | null | undefined, handedBackTo?: HTMLElement | null) => {
      clearTimeout(timer.current);
      let gone = 0;
      let tries = 0;
      const check = () => {
        gone = root.querySelector('[part~="confirm"]') ? 0 : gone + 1;
        if (gone >= 2) {
          const active = root.activeElement;
          if (!active || active === handedBackTo) target()?.focus();
        } else if (++tries < 60) timer.current = setTimeout(check, 50);
      };
      timer.current = setTimeout(check, 50);
    },
    [root],
  );
}
