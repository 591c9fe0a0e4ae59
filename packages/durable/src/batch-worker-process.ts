import { type ChildProcess, spawn } from "node:child_process";
import { DATABASE_URL_VARIABLE } from "./choose-database.js";

/** Options of {@link spawnBatchWorker}. */
export interface SpawnBatchWorkerOptions {
  /**
   * The program to run: one that starts a durable worker of the batch's agent, taking the
   * database URL from {@link DATABASE_URL_VARIABLE} and stopping on SIGTERM.
   */
  command: string;
  args: readonly string[];
  /** The database the batch's runs are kept in. */
  databaseUrl: string;
  cwd?: string;
  /** Its environment, besides the database URL. Default: this process's. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Starts one worker process for `runBatch`'s `workers.start`. The database URL goes in its
 * environment as {@link DATABASE_URL_VARIABLE} (not on its command line, which every local
 * user can read); its stderr is piped (the batch keeps the end of it to say why a worker
 * stopped); an IPC channel lets it notice when the batch is gone, even SIGKILLed (see
 * {@link onBatchGone}).
 */
export function spawnBatchWorker(options: SpawnBatchWorkerOptions): ChildProcess {
  return spawn(options.command, options.args, {
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    env: { ...(options.env ?? process.env), [DATABASE_URL_VARIABLE]: options.databaseUrl },
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
}

/**
 * In a process started by {@link spawnBatchWorker}: calls `gone` once the batch that started
 * it is gone (its IPC channel closed, whatever ended it), so the worker stops rather than
 * live on as an orphan (a new batch starts its own). Returns false, and never calls `gone`,
 * in a process no batch started.
 */
export function onBatchGone(gone: () => void): boolean {
  if (process.send === undefined) return false;
  process.once("disconnect", gone);
  return true;
}
