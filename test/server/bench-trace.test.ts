/**
 * The benchmarks' reading of Chromium traces (bench/trace-tasks.ts): which events are the main
 * thread's tasks, so the CPU figures count React's render in a microtask checkpoint once.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isTaskEvent, outermostTasks } from '../../bench/trace-tasks';

const task = (name: string, ts: number, dur: number, tdur = dur) => ({ ph: 'X', name, ts, dur, tdur });

describe('bench trace tasks', () => {
  it('takes both kinds of task event, and only complete events', () => {
    assert.equal(isTaskEvent(task('ThreadControllerImpl::RunTask', 0, 1)), true);
    assert.equal(isTaskEvent(task('BlinkScheduler_PerformMicrotaskCheckpoint', 0, 1)), true);
    assert.equal(isTaskEvent(task('RunMicrotasks', 0, 1)), false);
    assert.equal(isTaskEvent({ ...task('ThreadControllerImpl::RunTask', 0, 1), ph: 'B' }), false);
  });

  it('keeps a microtask checkpoint of its own and drops one nested in a task', () => {
    const events = [
      task('ThreadControllerImpl::RunTask', 100, 50),
      // Inside the task above: its time is already the task's.
      task('BlinkScheduler_PerformMicrotaskCheckpoint', 120, 20),
      task('Layout', 130, 5),
      // On its own, where React renders fetched data.
      task('BlinkScheduler_PerformMicrotaskCheckpoint', 200, 30, 25),
      task('ThreadControllerImpl::RunTask', 10, 5),
    ];
    const tasks = outermostTasks(events);
    assert.deepEqual(
      tasks.map((e) => [e.name, e.ts]),
      [
        ['ThreadControllerImpl::RunTask', 10],
        ['ThreadControllerImpl::RunTask', 100],
        ['BlinkScheduler_PerformMicrotaskCheckpoint', 200],
      ],
    );
    assert.equal(
      tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0),
      80,
    );
  });

  it('prefers the longer of two events that start together', () => {
    const tasks = outermostTasks([
      task('BlinkScheduler_PerformMicrotaskCheckpoint', 50, 10),
      task('ThreadControllerImpl::RunTask', 50, 40),
    ]);
    assert.deepEqual(
      tasks.map((e) => e.name),
      ['ThreadControllerImpl::RunTask'],
    );
  });
});
