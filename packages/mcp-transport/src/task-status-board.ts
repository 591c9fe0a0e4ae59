import type { Task } from "@modelcontextprotocol/sdk/types.js";

/** How many notified task states are kept for calls that have not asked yet. */
const KEPT_STATES = 128;

type Waiter = (task: Task) => void;

/**
 * The `notifications/tasks/status` a connection's server sent, for the task calls waiting on
 * them: a call polling a task waits here instead of sleeping, and wakes as soon as the server
 * says the task changed. One board per connection, fed by every client it connects; task ids
 * are the server's own, random and unique. The latest state of a task is kept (a bounded
 * number of them) until its call asks, so a notification that arrives before the call knows
 * its task id is not lost.
 */
export class TaskStatusBoard {
  private readonly latest = new Map<string, Task>();
  private readonly waiters = new Map<string, Set<Waiter>>();

  /** The server notified `task`'s new state. */
  notify(task: Task): void {
    const waiting = this.waiters.get(task.taskId);
    if (waiting && waiting.size > 0) {
      for (const wake of [...waiting]) wake(task);
      return;
    }
    this.latest.delete(task.taskId);
    this.latest.set(task.taskId, task);
    if (this.latest.size > KEPT_STATES) {
      const oldest = this.latest.keys().next().value;
      if (oldest !== undefined) this.latest.delete(oldest);
    }
  }

  /**
   * Waits up to `ms` for a notified state of task `taskId`: resolves with it, or undefined
   * when `ms` passed without one (time to poll). Rejects with `stop`'s reason when it aborts.
   */
  waitFor(taskId: string, ms: number, stop: AbortSignal): Promise<Task | undefined> {
    return new Promise((resolve, reject) => {
      if (stop.aborted) return reject(stop.reason);
      const kept = this.latest.get(taskId);
      if (kept !== undefined) {
        this.latest.delete(taskId);
        return resolve(kept);
      }
      const waiting = this.waiters.get(taskId) ?? new Set<Waiter>();
      this.waiters.set(taskId, waiting);
      const settle = () => {
        clearTimeout(timer);
        stop.removeEventListener("abort", aborted);
        waiting.delete(wake);
        if (waiting.size === 0 && this.waiters.get(taskId) === waiting) this.waiters.delete(taskId);
      };
      const wake: Waiter = (task) => {
        settle();
        resolve(task);
      };
      const aborted = () => {
        settle();
        reject(stop.reason);
      };
      const timer = setTimeout(() => {
        settle();
        resolve(undefined);
      }, ms);
      waiting.add(wake);
      stop.addEventListener("abort", aborted, { once: true });
    });
  }

  /** The call of task `taskId` is over: drop what was kept for it. */
  forget(taskId: string): void {
    this.latest.delete(taskId);
  }
}
