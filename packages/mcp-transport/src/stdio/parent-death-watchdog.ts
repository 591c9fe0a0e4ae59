import { type ChildProcess, spawn } from "node:child_process";
import { parentDeathWatchdogCommand } from "./watchdog-command.js";

let watchdog: ChildProcess | undefined;

/** The running watchdog's pid, if {@link startParentDeathWatchdog} was called. */
export function parentDeathWatchdogPid(): number | undefined {
  return watchdog?.pid;
}

/**
 * Starts (once per process) a small watchdog process that takes the stdio servers' process
 * groups down when this process dies without closing them — including by SIGKILL, which
 * no exit hook survives. The watchdog runs in its own process group (a signal to this
 * process's group does not reach it), holds the read end of a pipe from this process, and
 * acts when the pipe closes. It costs one extra process (`/bin/sh`; on Windows a `node`,
 * see {@link parentDeathWatchdogCommand}); it is opt-in.
 */
export function startParentDeathWatchdog(): void {
  if (watchdog) return;
  const { file, args, env } = parentDeathWatchdogCommand();
  const child = spawn(file, args, {
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
    env, // nothing of this process's environment
    windowsHide: true,
  });
  child.on("error", () => {}); // without a watchdog, the exit hook still covers normal exits
  child.stdin?.on("error", () => {});
  child.unref();
  // The pipe must not keep this process alive either.
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  watchdog = child;
}

/** Tells the watchdog (if any) about a process group to guard, or one that is gone. */
export function watchProcessGroup(pgid: number, alive: boolean): void {
  const stdin = watchdog?.stdin;
  if (!stdin?.writable) return;
  stdin.write(`${alive ? "+" : "-"}${pgid}\n`);
}
