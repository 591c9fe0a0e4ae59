import { spawnSync } from "node:child_process";
import { win32 } from "node:path";

/** What {@link processTreeSignalPlan} looks at; each part defaults to this process's own. */
export interface ProcessTreeHost {
  /** Default `process.platform`. */
  platform?: NodeJS.Platform;
  /** Windows' folder, for `System32\taskkill.exe` (never looked up in PATH). Default `process.env.SystemRoot`, else `C:\Windows`. */
  systemRoot?: string;
}

/** How a signal reaches a server's whole process tree. */
export type ProcessTreeSignalPlan =
  /** POSIX: `kill(-pgid, signal)`, every process of the server's process group. */
  | { kind: "signal-group"; pid: number; signal: NodeJS.Signals }
  /** Windows (no process groups, no signals): run this program, which ends the tree. */
  | { kind: "run"; file: string; args: string[] };

/**
 * How `signal` reaches the process tree of the server whose pid (POSIX: also its process
 * group id, since it was spawned detached) is `rootPid`.
 *
 * - POSIX (Linux, macOS): the negative pid, so the signal reaches the whole group.
 * - Windows: `taskkill /pid N /T /F` for SIGTERM and SIGKILL alike. Windows has no
 *   polite stop for a console process without a window (Node's own `kill()` there always
 *   terminates), so the graceful step is the end of stdin before it; `/T` takes the
 *   children too (an `npx` server's real process is a grandchild).
 */
export function processTreeSignalPlan(
  rootPid: number,
  signal: NodeJS.Signals,
  host: ProcessTreeHost = {},
): ProcessTreeSignalPlan {
  const platform = host.platform ?? process.platform;
  if (platform !== "win32") return { kind: "signal-group", pid: -rootPid, signal };
  return {
    kind: "run",
    file: taskkillPath(host),
    args: ["/pid", String(rootPid), "/T", "/F"],
  };
}

/** Full path of Windows' `taskkill.exe`, from the system folder (a PATH entry cannot stand in for it). */
export function taskkillPath(host: ProcessTreeHost = {}): string {
  const systemRoot = host.systemRoot ?? process.env.SystemRoot ?? "C:\\Windows";
  return win32.join(systemRoot, "System32", "taskkill.exe");
}

/**
 * Sends `signal` to the process tree of `rootPid` as {@link processTreeSignalPlan} says;
 * ignores a tree that is already gone. Synchronous, so `process.on("exit")` can use it.
 */
export function signalProcessTree(rootPid: number, signal: NodeJS.Signals): void {
  const plan = processTreeSignalPlan(rootPid, signal);
  if (plan.kind === "run") {
    spawnSync(plan.file, plan.args, { stdio: "ignore", windowsHide: true, timeout: 5_000 });
    return;
  }
  try {
    process.kill(plan.pid, plan.signal);
  } catch {
    // ESRCH: nothing left to signal
  }
}
