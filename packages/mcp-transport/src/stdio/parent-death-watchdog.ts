import { type ChildProcess, spawn } from "node:child_process";

/**
 * The watchdog program: it reads `+PGID` / `-PGID` lines on stdin; when stdin ends — the
 * parent exited or was killed, even by SIGKILL, since the kernel closes the pipe — it
 * SIGTERMs every group still listed, and SIGKILLs them 2 s later.
 */
const WATCHDOG_SOURCE = `
const groups = new Set();
let pending = "";
const signal = (name) => { for (const g of groups) { try { process.kill(-g, name); } catch {} } };
process.on("SIGINT", () => {});
process.on("SIGHUP", () => {});
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  pending += chunk;
  for (let i = pending.indexOf("\\n"); i >= 0; i = pending.indexOf("\\n")) {
    const line = pending.slice(0, i);
    pending = pending.slice(i + 1);
    const group = Number(line.slice(1));
    if (line[0] === "+") groups.add(group); else groups.delete(group);
  }
});
process.stdin.on("close", () => {
  if (groups.size === 0) process.exit(0);
  signal("SIGTERM");
  setTimeout(() => { signal("SIGKILL"); process.exit(0); }, 2000);
});
`;

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
 * acts when the pipe closes. It costs one extra `node` process; it is opt-in.
 */
export function startParentDeathWatchdog(): void {
  if (watchdog) return;
  const child = spawn(process.execPath, ["-e", WATCHDOG_SOURCE], {
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
    env: {},
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
