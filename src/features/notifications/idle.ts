/** Runs `task` when the page is next idle (within 2 s at the latest); returns the cancel. For code
 * fetched ahead of need, so it never competes with what the screen is waiting for. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task, 200);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(task, { timeout: 2000 });
  return () => cancelIdleCallback(idle);
}
