import { resolve } from "node:path";
import {
  type BatchEvent,
  isAnswered,
  type ModelRate,
  modelRateText,
  readBatchInputs,
  runBatchFile,
  spawnBatchWorker,
} from "@tinyloop/durable";
import { readAgent } from "../agent/read-agent.js";
import { CliError } from "../cli-error.js";
import { batchProgressLine } from "../durable/batch-progress.js";
import { durableUsage } from "../durable/durable-usage.js";
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
 * elsewhere), with a progress line; results in input order (`runBatchFile`), so running the
 * same batch again after a crash runs only the inputs not yet finished.
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
  let inputs: ReturnType<typeof readBatchInputs>;
  try {
    inputs = readBatchInputs(resolve(io.cwd, inputsFile), inputsFile);
  } catch (error) {
    throw durableUsage(error, "BATCH_INPUTS_INVALID");
  }
  const spec = await readAgent(agentArg, io, { expandModel: false });
  // Each worker: this program again, as `tinyloop worker` with the agent's flags given here.
  const command = [...process.execArgv, process.argv[1] as string, ...workerArgs(agentArg, flags)];
  const batch = runBatchFile({
    databaseUrl,
    agent: queueAgentName(spec),
    resultsFile: resolve(io.cwd, flags.out),
    resultsName: `--out ${flags.out}`,
    lockedHint: "or pass another --out",
    inputs,
    signal: lifecycle.signal,
    onEvent: (event) => printEvent(event, io),
    ...(flags.workers > 0 && {
      workers: {
        count: flags.workers,
        start: () =>
          spawnBatchWorker({
            command: process.execPath,
            args: command,
            databaseUrl,
            cwd: io.cwd,
            env: io.env,
          }),
      },
    }),
  });
  // On the way out (Ctrl+C, SIGTERM), let the batch stop the workers it started.
  lifecycle.add(() => batch.catch(() => {}));
  const results = await batch.catch((error: unknown) => {
    // Stopped by the exit already under way (Ctrl+C, SIGTERM): that exit says how it ended.
    if (lifecycle.signal.aborted) return new Promise<never>(() => {});
    throw durableUsage(error, "BATCH_RESULTS_LOCKED");
  });
  if (io.stderr.isTTY) io.stderr.write("\n");
  const failures = results.filter((result) => !isAnswered(result.outcome)).length;
  io.stderr.write(
    `wrote ${results.length} results to ${flags.out}${failures ? ` (${failures} did not complete)` : ""}\n`,
  );
  return failures > 0 ? EXIT.runError : EXIT.ok;
}
