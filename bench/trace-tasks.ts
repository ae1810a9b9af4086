/**
 * The main-thread tasks of a Chromium trace (`toplevel` category). Most work runs in a
 * `ThreadControllerImpl::RunTask`, but the microtask checkpoint where a fetch's promise resolves
 * (and React renders the answer) is recorded on its own, as
 * `BlinkScheduler_PerformMicrotaskCheckpoint`: counting only the first would miss that work. The
 * outermost event of either name counts (a checkpoint inside a task is part of the task).
 */
export interface TaskEvent {
  ph: string;
  name: string;
  ts: number;
  dur?: number;
  tdur?: number;
}

const TASK_NAMES = new Set(['ThreadControllerImpl::RunTask', 'BlinkScheduler_PerformMicrotaskCheckpoint']);

/** Whether the event is a task event of either name (before nesting is resolved). */
export function isTaskEvent(e: TaskEvent): boolean {
  return e.ph === 'X' && TASK_NAMES.has(e.name);
}

/** One thread's task events, in time order, without those nested inside another. */
export function outermostTasks<E extends TaskEvent>(events: readonly E[]): E[] {
  const sorted = events.filter(isTaskEvent).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const out: E[] = [];
  let end = -Infinity;
  for (const e of sorted) {
    if (e.ts < end) continue;
    out.push(e);
    end = e.ts + (e.dur ?? 0);
  }
  return out;
}
