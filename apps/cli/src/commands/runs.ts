import {
  openDurableClient,
  type RunDetails,
  type RunStepRecord,
  type RunSummary,
  stepSummary,
  stopLocalDatabase,
} from "@tinyloop/durable";
import { CliError } from "../cli-error.js";
import { localDatabaseFolder, runsDatabase } from "../durable/runs-database.js";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";

/** Flags of `tinyloop runs`. */
export interface RunsFlags {
  db?: string;
  cancel?: boolean;
  json?: boolean;
  /** `--stop-db`: stop the local database instead. */
  stopDb?: boolean;
}

const short = (text: string, max = 160) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** A step as one line: its error, the tool's result text, or the model's text and calls. */
function stepLine(step: RunStepRecord): string {
  const summary = stepSummary(step);
  if (summary.kind === "error") return `error: ${summary.error}`;
  if (summary.kind === "tool") return `${summary.isError ? "error: " : ""}${short(summary.text)}`;
  const calls = summary.calls.length ? `calls ${summary.calls.join(", ")}` : "";
  return [summary.text ? short(JSON.stringify(summary.text)) : "", calls]
    .filter(Boolean)
    .join(" · ");
}

function showRun(run: RunDetails, io: Io): void {
  io.stdout.write(`run ${run.id} · ${run.agent} · ${run.outcome}\n`);
  if (run.prompt !== undefined) io.stdout.write(`prompt  ${short(run.prompt)}\n`);
  for (const step of run.steps) io.stdout.write(`  ${step.name}  ${stepLine(step)}\n`);
  if (run.result) {
    io.stdout.write(`result  ${run.outcome} after ${run.result.turns} turn(s)\n`);
    if (run.result.text !== undefined) io.stdout.write(`${run.result.text}\n`);
  }
  if (run.error) io.stdout.write(`error   ${run.error}\n`);
}

/** A run as one line of the list: id, outcome, agent, when; a failed run's error. */
function runLine(run: RunSummary): string {
  const error = run.outcome === "failed" && run.error ? `  ${short(run.error, 120)}` : "";
  return `${run.id}  ${run.outcome.padEnd(9)}  ${run.agent}  ${new Date(run.createdAt).toISOString()}${error}`;
}

/**
 * `tinyloop runs [ID] [--db URL] [--cancel] [--json]`: lists the durable runs (newest
 * first) with their outcomes, shows one (its steps, tool calls and result), or cancels one;
 * ID may be a unique start of a run's id. `--stop-db` stops the local runs database.
 */
export async function runsCommand(
  id: string | undefined,
  flags: RunsFlags,
  io: Io,
  lifecycle: Lifecycle,
): Promise<number> {
  if (flags.cancel && id === undefined) {
    throw new CliError({
      code: "USAGE",
      message:
        "--cancel: expected the ID of the run to cancel, got none (example: tinyloop runs 5f0c… --cancel; tinyloop runs lists the ids)",
    });
  }
  if (flags.stopDb) {
    if (flags.db !== undefined || id !== undefined || flags.cancel) {
      throw new CliError({
        code: "USAGE",
        message:
          "--stop-db: expected no run ID, --db or --cancel with it: it stops the local runs database (example: tinyloop runs --stop-db)",
      });
    }
    const folder = localDatabaseFolder(io.env);
    const stopped = await stopLocalDatabase({ folder });
    io.stderr.write(
      stopped
        ? `stopped the local runs database in ${folder}\n`
        : `the local runs database in ${folder} is not running\n`,
    );
    return EXIT.ok;
  }
  const databaseUrl = await runsDatabase(flags.db, io);
  const client = await openDurableClient(databaseUrl);
  lifecycle.add(() => client.close());
  if (id === undefined) {
    const runs = await client.list();
    if (flags.json) io.stdout.write(`${JSON.stringify(runs)}\n`);
    else if (runs.length === 0)
      io.stderr.write("no runs yet (tinyloop submit AGENT -p … queues one)\n");
    else {
      for (const run of runs) io.stdout.write(`${runLine(run)}\n`);
    }
    return EXIT.ok;
  }
  if (flags.cancel) {
    io.stderr.write(`cancelled run ${await client.cancel(id)}\n`);
    return EXIT.ok;
  }
  const run = await client.show(id);
  if (flags.json) io.stdout.write(`${JSON.stringify(run)}\n`);
  else showRun(run, io);
  return EXIT.ok;
}
