import { openDurableClient } from "@tinyloop/durable";
import { readAgent } from "../agent/read-agent.js";
import { CliError } from "../cli-error.js";
import { queueAgentName } from "../durable/queue-agent-name.js";
import { runsDatabase } from "../durable/runs-database.js";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";

/** Flags of `tinyloop submit`. */
export interface SubmitFlags {
  prompt?: string;
  db?: string;
  wait?: boolean;
  /** `--timeout SECONDS`: the run's deadline. */
  timeout?: number;
}

/**
 * `tinyloop submit AGENT -p TEXT --db URL [--wait]`: queues one durable run for the agent's
 * workers and prints its id; with `--wait`, prints the id on stderr, waits, and prints the
 * answer on stdout (exit code as for `run -p`).
 */
export async function submitCommand(
  agentArg: string | undefined,
  flags: SubmitFlags,
  io: Io,
  lifecycle: Lifecycle,
): Promise<number> {
  if (flags.prompt === undefined || flags.prompt.trim() === "") {
    throw new CliError({
      code: "USAGE",
      message:
        '-p: expected the text of the run, got none (example: tinyloop submit ./agent -p "Triage issue 42" --db …)',
    });
  }
  const databaseUrl = await runsDatabase(flags.db, io);
  // The agent's name only: nothing of it starts here.
  const spec = await readAgent(agentArg, io, { expandModel: false });
  const client = await openDurableClient(databaseUrl);
  lifecycle.add(() => client.close());
  const id = await client.submit(
    queueAgentName(spec),
    flags.prompt,
    flags.timeout === undefined ? {} : { timeoutMs: flags.timeout * 1000 },
  );
  if (!flags.wait) {
    io.stdout.write(`${id}\n`);
    return EXIT.ok;
  }
  io.stderr.write(`queued run ${id}; waiting for a worker of ${queueAgentName(spec)}\n`);
  const result = await client.result(id);
  if (result.text !== undefined) io.stdout.write(`${result.text}\n`);
  switch (result.outcome) {
    case "completed":
    case "asked":
      return EXIT.ok;
    case "max-turns":
      io.stderr.write("tinyloop: the run used all its turns\n");
      return EXIT.maxTurns;
    case "failed":
      io.stderr.write(`tinyloop: the run failed: ${result.error ?? "unknown error"}\n`);
      return EXIT.runError;
    case "cancelled": // cancelled or past its deadline: not this process's Ctrl+C (130)
    case "timed-out":
      io.stderr.write(`tinyloop: ${result.error ?? `the run ${result.outcome}`}\n`);
      return EXIT.runError;
  }
}
