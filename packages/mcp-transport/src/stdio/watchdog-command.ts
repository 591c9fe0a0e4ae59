import { taskkillPath } from "./process-tree-signal.js";

/**
 * The watchdog program, a POSIX shell script (a shell starts in about a millisecond and a
 * few hundred KiB; a second `node` cost ~40 ms of CPU at every start and ~40 MiB): it reads
 * `+PGID` / `-PGID` lines on stdin; when stdin ends — the parent exited or was killed, even
 * by SIGKILL, since the kernel closes the pipe — it SIGTERMs every group still listed, and
 * SIGKILLs them 2 s later.
 */
const POSIX_WATCHDOG_SCRIPT = `
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

/**
 * The Windows watchdog, a `node -e` program (Windows has no `sh`, and `taskkill` needs no
 * shell): the same `+PID` / `-PID` lines on stdin, each the root of a server's process
 * tree; when stdin ends it runs `taskkill /pid PID /T /F` for every root still listed
 * (there is no polite signal to wait for). Its one argument is taskkill's full path.
 */
const WINDOWS_WATCHDOG_SCRIPT = `
const { spawnSync } = require("node:child_process");
const taskkill = process.argv[1];
const roots = new Set();
let pending = "";
process.on("SIGINT", () => {});
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  const lines = (pending + chunk).split("\\n");
  pending = lines.pop();
  for (const line of lines) {
    const pid = line.trim().slice(1);
    if (!/^\\d+$/.test(pid)) continue;
    if (line[0] === "+") roots.add(pid);
    if (line[0] === "-") roots.delete(pid);
  }
});
let ended = false;
const takeDown = () => {
  if (ended) return;
  ended = true;
  for (const pid of roots) spawnSync(taskkill, ["/pid", pid, "/T", "/F"], { stdio: "ignore", windowsHide: true });
  process.exit(0);
};
process.stdin.on("end", takeDown);
process.stdin.on("close", takeDown);
process.stdin.on("error", takeDown);
`;

/** What {@link parentDeathWatchdogCommand} looks at; each part defaults to this process's own. */
export interface WatchdogHost {
  /** Default `process.platform`. */
  platform?: NodeJS.Platform;
  /** The node binary for the Windows watchdog. Default `process.execPath`. */
  nodePath?: string;
  /** Windows' folder, for taskkill. Default `process.env.SystemRoot`, else `C:\Windows`. */
  systemRoot?: string;
}

/** The program the parent-death watchdog runs as: file, arguments and its whole environment. */
export interface WatchdogCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * How the parent-death watchdog runs on `platform`. Both read `+ID` / `-ID` lines on stdin
 * and act when it ends (the parent died: the system closes the pipe, even after SIGKILL).
 *
 * - POSIX (Linux, macOS): `/bin/sh -c <script>`, which SIGTERMs each listed process group,
 *   then SIGKILLs it 2 s later; environment `PATH=/usr/bin:/bin` (for `sleep`).
 * - Windows: `node -e <script> <taskkill.exe>` (no `sh` there), which runs
 *   `taskkill /pid ID /T /F` for each listed tree; environment `SystemRoot` only.
 */
export function parentDeathWatchdogCommand(host: WatchdogHost = {}): WatchdogCommand {
  const platform = host.platform ?? process.platform;
  if (platform !== "win32") {
    return { file: "/bin/sh", args: ["-c", POSIX_WATCHDOG_SCRIPT], env: { PATH: "/usr/bin:/bin" } };
  }
  const systemRoot = host.systemRoot ?? process.env.SystemRoot ?? "C:\\Windows";
  return {
    file: host.nodePath ?? process.execPath,
    args: ["-e", WINDOWS_WATCHDOG_SCRIPT, taskkillPath({ systemRoot })],
    env: { SystemRoot: systemRoot },
  };
}
