import { type ChildProcess, spawn } from "node:child_process";

/**
 * The watchdog program, a POSIX shell script (a shell starts in about a millisecond and a
 * few hundred KiB; a second `node` cost ~40 ms of CPU at every start and ~40 MiB): it reads
 * `+PGID` / `-PGID` lines on stdin; when stdin ends — the parent exited or was killed, even
 * by SIGKILL, since the kernel closes the pipe — it SIGTERMs every group still listed, and
 * SIGKILLs them 2 s later.
 */
const WATCHDOG_SCRIPT = `
trap '' INT HUP
groups=""
while IFS= read -r line; do
  case "$line" in
    +*) groups="$groups \${line#+}" ;;
    -*) gone="\${line#-}"; kept=""
        for g in $groups; do [ "$g" = "$gone" ] || kept="$kept $g"; done
        groups="$kept" ;;
  esac
done
[ -z "$groups" ] && exit 0
# dash's kill takes no "--"; "-PGID" after the signal names the group.
for g in $groups; do kill -TERM "-$g" 2>/dev/null; done
sleep 2
for g in $groups; do kill -KILL "-$g" 2>/dev/null; done
exit 0
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
 * acts when the pipe closes. It costs one extra `/bin/sh` process; it is opt-in.
 */
export function startParentDeathWatchdog(): void {
  if (watchdog) return;
  const child = spawn("/bin/sh", ["-c", WATCHDOG_SCRIPT], {
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
    env: { PATH: "/usr/bin:/bin" }, // for `sleep`; nothing of this process's environment
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
