import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { WorkerProcessConfig } from "./worker-process.js";

const script = fileURLToPath(new URL("./worker-process.ts", import.meta.url));

/** A worker process started by {@link startWorkerProcess}. */
export interface WorkerProcess {
  child: ChildProcess;
  executorId: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves once it printed a line matching `pattern`. */
  waitFor(pattern: RegExp): Promise<void>;
  /** Resolves once the process has exited. */
  exited: Promise<number | null>;
  /** SIGKILL, then wait for the exit. */
  kill(): Promise<void>;
}

/** Spawns `worker-process.ts` from source (it prints `ready <executorId>` once taking runs). */
export function spawnWorkerProcess(
  config: WorkerProcessConfig,
  env: Record<string, string>,
): ChildProcess {
  return spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=@tinyloop/source", script, JSON.stringify(config)],
    { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
}

/** Starts `worker-process.ts` from source and waits for its `ready` line. */
export async function startWorkerProcess(
  config: WorkerProcessConfig,
  env: Record<string, string>,
): Promise<WorkerProcess> {
  const child = spawnWorkerProcess(config, env);
  let out = "";
  const waiters: Array<() => void> = [];
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  void exited.then(() => {
    for (const wake of waiters.splice(0)) wake();
  });
  const waitFor = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(out)) return resolve();
        if (child.exitCode !== null || child.signalCode !== null) {
          return reject(new Error(`worker exited before printing ${pattern}:\n${out}`));
        }
        waiters.push(check);
      };
      check();
    });
  await waitFor(/^ready \S+$/m);
  const executorId = /^ready (\S+)$/m.exec(out)?.[1] ?? "";
  return {
    child,
    executorId,
    output: () => out,
    waitFor,
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
