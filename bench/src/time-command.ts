import { spawnSync } from "node:child_process";

/** One run of a command: wall time and the CPU time (user + system) of its process tree. */
export interface CommandTime {
  wallMs: number;
  cpuMs: number;
}

// bash runs the command, reads the clock around it ($EPOCHREALTIME: bash's own start-up is not
// in the wall time) and prints `times`: its own and then its children's user and system time,
// which the kernel sums over every process the command waited for (getrusage of the children).
const SCRIPT = `s=$EPOCHREALTIME; "$@" >/dev/null; code=$?; e=$EPOCHREALTIME; times; echo "$s $e"; exit $code`;

/**
 * Runs `command` with `args` (stdout discarded) and returns its wall and CPU time. CPU time
 * barely moves when other work shares the machine, wall time does: a start-up figure wants
 * both. Needs bash 5 (`$EPOCHREALTIME`). @throws when the command exits non-zero (its stderr
 * in the message).
 */
export function timeCommand(id: string, command: string, args: readonly string[]): CommandTime {
  const run = spawnSync("bash", ["-c", SCRIPT, "time-command", command, ...args], {
    encoding: "utf8",
    stdio: "pipe",
  });
  if (run.error) throw new Error(`${id}: cannot run bash to time it (${run.error.message})`);
  if (run.status !== 0) {
    throw new Error(`${id} exited ${run.status}: ${run.stderr.slice(0, 400)}`);
  }
  const lines = run.stdout.trim().split("\n");
  const children = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(lines[1] ?? "");
  const clock = /^([\d.]+) ([\d.]+)$/.exec(lines[2] ?? "");
  if (!children || !clock) {
    throw new Error(`${id}: unexpected timing output from bash: ${JSON.stringify(run.stdout)}`);
  }
  const [, userMin, userSec, sysMin, sysSec] = children.map(Number) as number[];
  return {
    wallMs: (Number(clock[2]) - Number(clock[1])) * 1000,
    cpuMs: ((userMin ?? 0) * 60 + (userSec ?? 0) + (sysMin ?? 0) * 60 + (sysSec ?? 0)) * 1000,
  };
}
