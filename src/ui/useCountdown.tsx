import { useEffect, useState } from 'react';

/**
 * Whole seconds until `until` (epoch ms), ticking every half second; 0 once it has passed. Used
 * for "Resend in N s" after a code is sent.
 *
 * A new `until` counts from the render that brings it, not from the effect after it: the effect
 * runs after the frame is painted, and for that frame the old count (0 after a resend) would show
 * and enable the button again.
 * @example const seconds = useCountdown(state.resendAt);
 */
export function useCountdown(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [shown, setShown] = useState(() => ({ until, seconds: left() }));
  let seconds = shown.seconds;
  if (shown.until !== until) {
    seconds = left();
    setShown({ until, seconds });
  }
  useEffect(() => {
    // Half-second ticks keep the shown number within a second of the truth.
    const timer = setInterval(() => {
      const next = left();
      setShown({ until, seconds: next });
      if (next === 0) clearInterval(timer);
    }, 500);
    return () => clearInterval(timer);
    // `left` only reads `until`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until]);
  return seconds;
}
