import { spawn } from "node:child_process";
import type { ProcessInfo } from "@tinyloop/test-fixtures";
import {
  MARKER_VARIABLE,
  newProcessMarker,
  processesWithMarker,
  waitForNoProcesses,
} from "@tinyloop/test-fixtures";
import { ProcessTreeSampler } from "./process-tree-sampler.js";

/** One command to time: what to spawn and how. */
export interface RunSpec {
  command: string;
  args: string[];
  /** Extra environment on top of the harness's own. */
  env?: Record<string, string>;
  cwd?: string;
  /** Written to stdin, which is then closed; without it stdin is /dev/null. */
  stdin?: string;
  timeoutMs: number;
}

/** What one run of a command measured. */
export interface RunMeasurement {
  /** Spawn to exit of the main process, in milliseconds. */
  wallMs: number;
  /** Peak of the summed RSS of the whole process tree, in bytes. */
  peakRssBytes: number;
  /** Peak RSS of the contender's own process alone, in bytes. */
  clientPeakRssBytes: number;
  peakProcesses: number;
  /** CPU time of the contender's own process (user + system), in ms; see ProcessTreeSampler. */
  clientCpuMs: number;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** Marked processes still alive {@link LEFTOVER_GRACE_MS} after the main process exited. */
  leftovers: ProcessInfo[];
}

/** How long processes may outlive the contender's main process before they count as left behind. */
export const LEFTOVER_GRACE_MS = 1_000;
const SAMPLE_INTERVAL_MS = 20;
const activeMarkers = new Set<string>();

/** Kills every process of the runs in progress (for the harness's own Ctrl+C). */
export function killActiveRuns(): void {
  for (const marker of activeMarkers) killAll(processesWithMarker(marker));
}

function killAll(processes: ProcessInfo[]): void {
  for (const proc of processes) {
    try {
      process.kill(proc.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/**
 * Runs `spec` once with a fresh marker variable in its environment (and in
 * `markerTargets`, which the caller puts in server configs), samples the RSS of its
 * process tree every 20 ms, then checks for processes still carrying the marker.
 * Anything left behind is killed after it is recorded, so one run cannot skew the next.
 */
export async function measureRun(
  build: (marker: string) => RunSpec,
): Promise<RunMeasurement & { marker: string }> {
  const marker = newProcessMarker();
  const spec = build(marker);
  const started = performance.now();
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env, [MARKER_VARIABLE]: marker },
    stdio: [spec.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    // Its own session, hence its own scheduler autogroup, like every server (own-session.ts).
    detached: true,
  });
  activeMarkers.add(marker);
  const sampler = new ProcessTreeSampler(child.pid ?? -1);
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  if (spec.stdin !== undefined) child.stdin?.end(spec.stdin);
  const closed = new Promise<void>((resolve) => child.on("close", () => resolve()));
  const timer = setInterval(() => sampler.sample(), SAMPLE_INTERVAL_MS);
  sampler.sample();
  let timedOut = false;
  const timeout = setTimeout(() => {
    timedOut = true;
    killAll(processesWithMarker(marker));
  }, spec.timeoutMs);
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      child.on("error", reject);
      child.on("exit", (code, signal) => resolve({ code, signal }));
    },
  );
  const wallMs = performance.now() - started;
  clearInterval(timer);
  clearTimeout(timeout);
  const leftovers = await waitForNoProcesses(() => processesWithMarker(marker), LEFTOVER_GRACE_MS);
  killAll(leftovers);
  activeMarkers.delete(marker);
  // A leftover holding our pipes keeps them open; after the kill they close.
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  return {
    marker,
    wallMs,
    peakRssBytes: sampler.peakBytes,
    clientPeakRssBytes: sampler.peakRootBytes,
    peakProcesses: sampler.peakProcesses,
    clientCpuMs: sampler.rootCpuMs,
    exitCode: exit.code,
    signal: exit.signal,
    timedOut,
    stdout,
    stderr,
    leftovers,
  };
}
