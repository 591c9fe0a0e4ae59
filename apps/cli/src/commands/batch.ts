import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  type BatchEvent,
  type BatchInput,
  DurableError,
  isAnswered,
  type ModelRate,
  modelRateText,
  parseBatchInputs,
  runBatch,
} from "@tinyloop/durable";
import { readAgent } from "../agent/read-agent.js";
import { CliError } from "../cli-error.js";
import { lockResultsFile } from "../durable/batch-lock.js";
import { batchProgressLine } from "../durable/batch-progress.js";
import { DATABASE_URL_VARIABLE } from "../durable/database-url-flag.js";
import { queueAgentName } from "../durable/queue-agent-name.js";
import { runsDatabase } from "../durable/runs-database.js";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";

/** Flags of `tinyloop batch`. */
export interface BatchFlags {
  out?: string;
  db?: string;
  workers: number;
  /** `--model-rate N/PERIOD`, handed to the workers it starts. */
  modelRate?: ModelRate;
  model?: string;
  provider?: string;
  endpointUrl?: string;
  apiKeyEnv?: string;
  maxTurns?: number;
  server: string[];
  url: string[];
  /** `--sandbox` / `--no-sandbox`, handed on to its workers. */
  sandbox?: boolean | undefined;
}

/**
 * The flags a worker of this batch gets: the agent's model and servers, as given here (the
 * database goes in its environment: a URL's password in argv is shown to every local user).
 */
function workerArgs(agent: string | undefined, flags: BatchFlags): string[] {
  const args = ["worker", ...(agent === undefined ? [] : [agent])];
  const pairs: Array<[string, string | number | undefined]> = [
    ["--model", flags.model],
    ["--provider", flags.provider],
    ["--endpoint-url", flags.endpointUrl],
    ["--api-key-env", flags.apiKeyEnv],
    ["--max-turns", flags.maxTurns],
    ["--model-rate", flags.modelRate && modelRateText(flags.modelRate)],
  ];
  for (const [flag, value] of pairs) if (value !== undefined) args.push(flag, String(value));
  for (const server of flags.server) args.push("--server", server);
  for (const url of flags.url) args.push("--url", url);
  if (flags.sandbox !== undefined) args.push(flags.sandbox ? "--sandbox" : "--no-sandbox");
  return args;
}

/**
 * Starts one `tinyloop worker` process for the batch. The database URL goes in its
 * environment (not on the command line, where other users can read it); the IPC channel
 * tells it when this batch is gone (even SIGKILLed): it stops.
 */
function startWorker(args: string[], databaseUrl: string, io: Io): ChildProcess {
  return spawn(process.execPath, [...process.execArgv, process.argv[1] as string, ...args], {
    cwd: io.cwd,
    env: { ...io.env, [DATABASE_URL_VARIABLE]: databaseUrl },
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
}

/** The inputs file's runs. @throws CliError `USAGE` (exit 2) naming the file and line. */
function readInputs(cwd: string, inputsFile: string): BatchInput[] {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, inputsFile), "utf8");
  } catch (error) {
    throw new CliError({
      code: "USAGE",
      message: `${inputsFile}: could not read the inputs (${(error as Error).message})`,
    });
  }
  try {
    return parseBatchInputs(text, inputsFile);
  } catch (error) {
    if (!DurableError.isInstance(error)) throw error;
    throw new CliError({ code: "USAGE", message: error.message, cause: error });
  }
}

/** Prints what the batch reports on stderr: its progress line, a worker that stopped, an outage. */
function printEvent(event: BatchEvent, io: Io): void {
  const fresh = io.stderr.isTTY ? "\n" : ""; // after a progress line rewritten in place
  switch (event.type) {
    case "submitted":
      if (event.alreadyFinished > 0) {
        io.stderr.write(
          `${event.alreadyFinished} of ${event.total} inputs already done; running the rest\n`,
        );
      }
      return;
    case "progress": {
      const line = batchProgressLine(event, event.finishedHere, event.elapsedMs);
      io.stderr.write(io.stderr.isTTY ? `\r${line}` : `${line}\n`);
      return;
    }
    case "worker-stopped": {
      const how =
        event.code === null ? `was ended by ${event.signal}` : `exited with code ${event.code}`;
      io.stderr.write(`${fresh}tinyloop: worker ${event.worker} ${how}:\n${event.stderr}\n`);
      return;
    }
    case "database-down":
      io.stderr.write(`${fresh}tinyloop: ${event.message}\n`);
      return;
    case "database-back":
      io.stderr.write(`tinyloop: ${event.message} Going on.\n`);
      return;
  }
}

/**
 * `tinyloop batch AGENT inputs.jsonl --out results.jsonl`: one durable run per input line
 * (`runBatch`), run by `--workers N` worker processes it starts (0: workers started
 * elsewhere), with a progress line; results in input order. Run ids come from the output
 * file and each input, so running the same batch again after a crash runs only the inputs
 * not yet finished.
 */
export async function batchCommand(
  agentArg: string | undefined,
  inputsFile: string,
  flags: BatchFlags,
  io: Io,
  lifecycle: Lifecycle,
): Promise<number> {
  if (flags.out === undefined) {
    throw new CliError({
      code: "USAGE",
      message:
        "--out: expected the file to write the results to, got none (example: --out results.jsonl)",
    });
  }
  const databaseUrl = await runsDatabase(flags.db, io);
  const inputs = readInputs(io.cwd, inputsFile);
  const out = resolve(io.cwd, flags.out);
  const spec = await readAgent(agentArg, io, { expandModel: false });
  const unlock = lockResultsFile(out, flags.out);
  lifecycle.add(async () => unlock());
  const args = workerArgs(agentArg, flags);
  const batch = runBatch({
    databaseUrl,
    agent: queueAgentName(spec),
    name: out,
    inputs,
    signal: lifecycle.signal,
    onEvent: (event) => printEvent(event, io),
    ...(flags.workers > 0
      ? { workers: { count: flags.workers, start: () => startWorker(args, databaseUrl, io) } }
      : {}),
  });
  // On the way out (Ctrl+C, SIGTERM), let the batch stop the workers it started.
  lifecycle.add(() => batch.catch(() => {}));
  const results = await batch.catch((error: unknown) => {
    // Stopped by the exit already under way (Ctrl+C, SIGTERM): that exit says how it ended.
    if (lifecycle.signal.aborted) return new Promise<never>(() => {});
    throw error;
  });
  if (io.stderr.isTTY) io.stderr.write("\n");

  // Results in input order, written whole (a crash mid-write leaves the old file).
  const lines = results.map(({ key, id, outcome, ...result }) =>
    JSON.stringify({ line: key, id, outcome, ...result }),
  );
  writeFileSync(`${out}.tmp`, `${lines.join("\n")}\n`);
  renameSync(`${out}.tmp`, out);
  const failures = results.filter((result) => !isAnswered(result.outcome)).length;
  io.stderr.write(
    `wrote ${lines.length} results to ${flags.out}${failures ? ` (${failures} did not complete)` : ""}\n`,
  );
  return failures > 0 ? EXIT.runError : EXIT.ok;
}
