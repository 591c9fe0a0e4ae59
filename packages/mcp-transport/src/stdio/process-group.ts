import { readdirSync, readFileSync } from "node:fs";
import { watchProcessGroup } from "./parent-death-watchdog.js";

/** True while any non-zombie process is in process group `pgid`. */
export function processGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  if (process.platform !== "linux") return true;
  // kill(…, 0) also succeeds for zombies nobody reaped yet (common under a minimal init
  // in containers); they hold no resources, so look for a live member.
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid && fields[0] !== "Z" && fields[0] !== "X") return true;
    } catch {
      // the process ended while we looked
    }
  }
  return false;
}

/** Sends `signal` to every process in group `pgid`; ignores a group that is already gone. */
export function signalProcessGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: nothing left to signal
  }
}

/** Resolves true once group `pgid` is gone, or false when `deadline` (epoch ms) passes. */
export async function waitForProcessGroupExit(pgid: number, deadline: number): Promise<boolean> {
  for (;;) {
    if (!processGroupAlive(pgid)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const liveGroups = new Set<number>();
let exitHookInstalled = false;

/**
 * Remembers a group so that, if this process exits without closing its connections,
 * the group still gets SIGKILL (the last line of defence; `close()` is the real path).
 */
export function trackProcessGroup(pgid: number): () => void {
  liveGroups.add(pgid);
  watchProcessGroup(pgid, true);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on("exit", () => {
      for (const group of liveGroups) signalProcessGroup(group, "SIGKILL");
    });
  }
  return () => {
    liveGroups.delete(pgid);
    watchProcessGroup(pgid, false);
  };
}
