import { readdirSync, readFileSync } from "node:fs";
import { watchProcessGroup } from "./parent-death-watchdog.js";
import { signalProcessTree } from "./process-tree-signal.js";

/** How {@link processGroupAlive} tells whether a server's process tree still runs. */
export type ProcessTreeLivenessProbe = "group-without-zombies" | "group" | "root-process";

/**
 * The liveness check for `platform`:
 * - Linux, `"group-without-zombies"`: `kill(-pgid, 0)`, then a /proc scan for a member
 *   that is not a zombie (a minimal init in a container may never reap them).
 * - macOS and other POSIX, `"group"`: `kill(-pgid, 0)` alone; orphaned zombies are reaped
 *   by launchd, so no listing (BSD `ps`) is needed.
 * - Windows, `"root-process"`: the server's own pid; there are no process groups, and
 *   `taskkill /T /F` ends the whole tree in one call.
 */
export function processTreeLivenessProbe(
  platform: NodeJS.Platform = process.platform,
): ProcessTreeLivenessProbe {
  if (platform === "linux") return "group-without-zombies";
  return platform === "win32" ? "root-process" : "group";
}

/** True while any non-zombie process is in process group `pgid` (Windows: while that process runs). */
export function processGroupAlive(pgid: number): boolean {
  const probe = processTreeLivenessProbe();
  try {
    process.kill(probe === "root-process" ? pgid : -pgid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  if (probe !== "group-without-zombies") return true;
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
      for (const group of liveGroups) signalProcessTree(group, "SIGKILL");
    });
  }
  return () => {
    liveGroups.delete(pgid);
    watchProcessGroup(pgid, false);
  };
}
