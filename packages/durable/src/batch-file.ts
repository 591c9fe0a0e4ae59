import {
  closeSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { type BatchInput, parseBatchInputs } from "./batch-inputs.js";
import { DurableError } from "./durable-error.js";
import { type BatchRunResult, type RunBatchOptions, runBatch } from "./run-batch.js";

/**
 * The inputs of a JSONL file (see {@link parseBatchInputs}); `shown` names the file in
 * messages (say, as the user typed it).
 * @throws DurableError `BATCH_INPUTS_INVALID` naming the file (and the line).
 */
export function readBatchInputs(path: string, shown = path): BatchInput[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new DurableError({
      code: "BATCH_INPUTS_INVALID",
      message: `${shown}: could not read the inputs (${(error as Error).message})`,
      cause: error,
    });
  }
  return parseBatchInputs(text, shown);
}

/** Options of {@link runBatchFile}: {@link runBatch}'s, named by the results file. */
export interface RunBatchFileOptions extends Omit<RunBatchOptions, "name"> {
  /** The JSONL file the results go to (an absolute path: it also names the batch). */
  resultsFile: string;
  /** How the user knows the results file, for messages. Default `resultsFile`. */
  resultsName?: string;
  /** What else to do when another batch holds the file (say, "or pass another --out"). */
  lockedHint?: string;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Takes `<file>.lock` for this process (one left by a process that is gone is taken over). */
function lockResults(options: RunBatchFileOptions): () => void {
  const path = `${options.resultsFile}.lock`;
  const shown = options.resultsName ?? options.resultsFile;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(path, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
        const hint = options.lockedHint === undefined ? "" : `, ${options.lockedHint}`;
        throw new DurableError({
          code: "BATCH_RESULTS_LOCKED",
          message: `${shown}: another batch (pid ${holder}) is writing this file; wait for it to finish${hint}`,
        });
      }
      rmSync(path, { force: true }); // its batch is gone: take over
    }
  }
  throw new DurableError({
    code: "BATCH_RESULTS_LOCKED",
    message: `${shown}: could not take ${path}`,
  });
}

/**
 * {@link runBatch} writing to a JSONL file: the batch is named by `resultsFile` (so the same
 * file and inputs, run again after a crash, run only the inputs not yet finished), the file
 * is locked against a second batch meanwhile, and the results are written whole, in input
 * order, one `{"line": key, "id", "outcome", …}` per line (a crash mid-write leaves the old
 * file). Resolves to the results as written.
 * @throws DurableError `BATCH_RESULTS_LOCKED` when a live batch writes the file; as {@link runBatch}.
 */
export async function runBatchFile(options: RunBatchFileOptions): Promise<BatchRunResult[]> {
  const { resultsFile, resultsName: _, lockedHint: __, ...batch } = options;
  const unlock = lockResults(options);
  try {
    const results = await runBatch({ ...batch, name: resultsFile });
    const lines = results.map(({ key, id, outcome, ...result }) =>
      JSON.stringify({ line: key, id, outcome, ...result }),
    );
    writeFileSync(`${resultsFile}.tmp`, `${lines.join("\n")}\n`);
    renameSync(`${resultsFile}.tmp`, resultsFile);
    return results;
  } finally {
    unlock();
  }
}
