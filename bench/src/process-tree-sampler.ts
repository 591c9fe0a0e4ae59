import { readdirSync, readFileSync } from "node:fs";

const PAGE_SIZE = 4096;

interface ProcStat {
  ppid: number;
  /** Start time in clock ticks since boot; with the pid it names one process for good. */
  startTime: string;
  /** User plus system CPU time so far, in clock ticks. */
  cpuTicks: number;
}

/** Clock ticks per second of /proc/PID/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function readStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command sits in parentheses and may itself contain spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[0] === "Z" || fields[0] === "X") return undefined;
    return {
      ppid: Number(fields[1]),
      startTime: fields[19] ?? "",
      cpuTicks: Number(fields[11] ?? 0) + Number(fields[12] ?? 0),
    };
  } catch {
    return undefined;
  }
}

function residentBytes(pid: number): number {
  try {
    const statm = readFileSync(`/proc/${pid}/statm`, "utf8").split(" ");
    return Number(statm[1] ?? 0) * PAGE_SIZE;
  } catch {
    return 0;
  }
}

/**
 * Follows one process tree while it runs and keeps the peak of the summed resident set
 * size of every process in it. A process seen once in the tree stays counted after it is
 * re-parented (its parent died first), so orphans still weigh in while they live.
 */
export class ProcessTreeSampler {
  readonly #root: number;
  readonly #members = new Map<number, string>();
  #peakBytes = 0;
  #peakRootBytes = 0;
  #peakProcesses = 0;
  #samples = 0;
  #rootCpuTicks = 0;

  constructor(rootPid: number) {
    this.#root = rootPid;
  }

  /** Takes one sample: walks /proc, sums RSS over the tree, updates the peak. */
  sample(): void {
    const children = new Map<number, number[]>();
    const stats = new Map<number, ProcStat>();
    for (const entry of readdirSync("/proc")) {
      const code = entry.charCodeAt(0);
      if (code < 48 || code > 57) continue;
      const pid = Number(entry);
      const stat = readStat(pid);
      if (!stat) continue;
      stats.set(pid, stat);
      const siblings = children.get(stat.ppid);
      if (siblings) siblings.push(pid);
      else children.set(stat.ppid, [pid]);
    }
    const inTree = new Set<number>();
    const frontier = [this.#root];
    for (const [pid, startTime] of this.#members) {
      if (stats.get(pid)?.startTime === startTime) frontier.push(pid);
      else this.#members.delete(pid);
    }
    while (frontier.length > 0) {
      const pid = frontier.pop()!;
      const stat = stats.get(pid);
      if (inTree.has(pid) || !stat) continue;
      inTree.add(pid);
      this.#members.set(pid, stat.startTime);
      for (const child of children.get(pid) ?? []) frontier.push(child);
    }
    const root = stats.get(this.#root);
    if (root) this.#rootCpuTicks = Math.max(this.#rootCpuTicks, root.cpuTicks);
    let total = 0;
    for (const pid of inTree) {
      const bytes = residentBytes(pid);
      total += bytes;
      if (pid === this.#root && bytes > this.#peakRootBytes) this.#peakRootBytes = bytes;
    }
    this.#samples += 1;
    if (total > this.#peakBytes) this.#peakBytes = total;
    if (inTree.size > this.#peakProcesses) this.#peakProcesses = inTree.size;
  }

  /** Largest summed RSS seen, in bytes. */
  get peakBytes(): number {
    return this.#peakBytes;
  }

  /** Largest RSS of the root process alone (the contender's own process), in bytes. */
  get peakRootBytes(): number {
    return this.#peakRootBytes;
  }

  /** Largest number of live processes seen in the tree at once. */
  get peakProcesses(): number {
    return this.#peakProcesses;
  }

  /**
   * CPU time (user + system) of the root process at the last sample, in milliseconds: the
   * client's own work, which background load barely changes. It misses what the process
   * spent after that sample (under one sampling interval).
   */
  get rootCpuMs(): number {
    return (this.#rootCpuTicks * 1000) / TICKS_PER_SECOND;
  }

  /** How many samples were taken. */
  get samples(): number {
    return this.#samples;
  }
}
