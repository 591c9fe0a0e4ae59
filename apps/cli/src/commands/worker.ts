import { createModel } from "@tinyloop/agent-session";
import { checkDatabase, type DurableWorker, startDurableWorker } from "@tinyloop/durable";
import type { ChatModel } from "@tinyloop/inference-adapters";
import type { McpHub } from "@tinyloop/mcp-registration";
import type { ModelRateFlag } from "../durable/model-rate-flag.js";
import { queueAgentName } from "../durable/queue-agent-name.js";
import { runsDatabase } from "../durable/runs-database.js";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { prepareRun } from "../run/prepare-run.js";
import type { RunFlags } from "../run/run-flags.js";
import { FLAG_HINTS } from "../session/flag-hints.js";
import { openUnattendedSession } from "../session/open-unattended-session.js";
import { styleFor } from "../terminal/style.js";

/** Flags of `tinyloop worker`. */
export interface WorkerFlags extends Partial<RunFlags> {
  db?: string;
  concurrency: number;
  /** `--model-rate N/PERIOD`: the shared limit on model requests. */
  modelRate?: ModelRateFlag;
}

/** How long a stopping worker waits for its running steps (then the rest resume elsewhere). */
const DRAIN_MS = 120_000;

/**
 * `tinyloop worker AGENT --db URL`: takes the durable runs queued for the agent until
 * stopped. The database is checked before any MCP server starts. SIGTERM / Ctrl+C let the
 * running steps finish, then exit; unfinished runs resume on other workers.
 */
export async function workerCommand(
  agentArg: string | undefined,
  flags: WorkerFlags,
  io: Io,
  lifecycle: Lifecycle,
): Promise<number> {
  const style = styleFor(io.stderr, flags, io.env);
  const databaseUrl = await runsDatabase(flags.db, io);
  const { spec, plan, choice, toolCallFormat, reasoning } = await prepareRun(agentArg, flags, io);
  await checkDatabase(databaseUrl, { where: flags.db === undefined ? undefined : "--db" });

  let worker: DurableWorker | undefined;
  let hub: McpHub | undefined;
  let model: ChatModel | undefined;
  lifecycle.add(async () => {
    await worker?.stop();
    await Promise.allSettled([hub?.close(), model?.close?.()]);
  });
  process.prependOnceListener("SIGTERM", () => void lifecycle.close(DRAIN_MS));
  // Started by `batch` (an IPC channel): when that process is gone, even SIGKILLed, stop as
  // on SIGTERM rather than live on as an orphan; a new batch starts its own workers.
  if (process.send !== undefined) {
    process.once("disconnect", () => {
      void lifecycle.close(DRAIN_MS);
      void lifecycle.exit(EXIT.terminated);
    });
  }

  // The file's toolCallFormat applies to durable runs as to `run`.
  model = await createModel(plan, choice, io.env, {
    toolCallFormat,
    settingNames: FLAG_HINTS.modelSettings,
    ...(reasoning ? { reasoning } : {}),
  });
  // Nobody approves calls here: a worker runs every tool call (see the README).
  const session = await openUnattendedSession({
    spec,
    model,
    flags,
    io,
    lifecycle,
    style,
    onHub: (h) => {
      hub = h;
    },
  });
  if (typeof session === "number") return session;
  const { systemPrompt, maxTurns, toolConcurrency, toolSearch } = session.settings();
  const agent = queueAgentName(spec);
  worker = await startDurableWorker({
    databaseUrl,
    agent,
    concurrency: flags.concurrency,
    ...(flags.modelRate ? { modelRate: flags.modelRate } : {}),
    ...(flags.verbose ? { log: (line: string) => io.stderr.write(`${style.dim(line)}\n`) } : {}),
    agentOptions: {
      model,
      registry: session.registry,
      ...(systemPrompt === undefined ? {} : { systemPrompt }),
      ...(maxTurns === undefined ? {} : { maxTurns }),
      ...(toolConcurrency === undefined ? {} : { toolConcurrency }),
      ...(toolSearch === undefined ? {} : { toolSearch }),
    },
  });
  io.stderr.write(
    `${style.bold("tinyloop worker")} · agent ${agent} · ${session.registry.list().length} tools · up to ${flags.concurrency} runs at once${flags.modelRate ? ` · at most ${flags.modelRate.limit} model requests per ${flags.modelRate.periodSec} s (all workers)` : ""} · worker ${worker.executorId}\n` +
      style.dim(
        "SIGTERM or Ctrl+C stops: running steps finish, unfinished runs resume on other workers.\n",
      ),
  );
  // Work until a signal closes everything and exits the process.
  return new Promise<number>(() => {});
}
