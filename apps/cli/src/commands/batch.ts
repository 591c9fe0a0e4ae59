import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { type DurableRunResult, openDurableClient, outlastOutage } from "@tinyloop/durable";
import { readAgent } from "../agent/read-agent.js";
import { CliError } from "../cli-error.js";
import { parseBatchInputs } from "../durable/batch-inputs.js";
import { lockResultsFile } from "../durable/batch-lock.js";
import { batchProgressLine } from "../durable/batch-progress.js";
import { DATABASE_URL_VARIABLE } from "../durable/database-url-flag.js";
import type { ModelRateFlag } from "../durable/model-rate-flag.js";
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
  modelRate?: ModelRateFlag;
  model?: string;
  provider?: string;
  endpointUrl?: string;
  apiKeyEnv?: string;
  maxTurns?: number;
  server: string[];
  url: string[];
}

const FINISHED = new Set(["SUCCESS", "ERROR", "CANCELLED", "MAX_RECOVERY_ATTEMPTS_EXCEEDED"]);
const POLL_MS = 500;

const hash = (text: string) => createHash("sha256").update(text).digest("hex");

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
    ["--model-rate", flags.modelRate && `${flags.modelRate.limit}/${flags.modelRate.periodSec}s`],
  ];
  for (const [flag, value] of pairs) if (value !== undefined) args.push(flag, String(value));
  for (const server of flags.server) args.push("--server", server);
  for (const url of flags.url) args.push("--url", url);
  return args;
}

/**
 * `tinyloop batch AGENT inputs.jsonl --out results.jsonl`: one durable run per input line,
 * run by `--workers N` worker processes it starts (0: workers started elsewhere), with a
 * progress line; results in input order. Run ids come from the output file and each input,
 * so running the same batch again after a crash runs only the inputs not yet finished.
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
  const inputsPath = resolve(io.cwd, inputsFile);
  let text: string;
  try {
    text = readFileSync(inputsPath, "utf8");
  } catch (error) {
    throw new CliError({
      code: "USAGE",
      message: `${inputsFile}: could not read the inputs (${(error as Error).message})`,
    });
  }
  const inputs = parseBatchInputs(text, inputsFile);
  const out = resolve(io.cwd, flags.out);
  const spec = await readAgent(agentArg, io, { expandModel: false });
  const agent = queueAgentName(spec);
  const client = await openDurableClient(databaseUrl);
  lifecycle.add(() => client.close());
  // A database that goes away mid-batch (a restart, a failover) is waited for, saying so.
  const outlasting = <T>(operation: () => Promise<T>) =>
    outlastOutage(databaseUrl, operation, {
      onDown: (down) =>
        io.stderr.write(`${io.stderr.isTTY ? "\n" : ""}tinyloop: ${down.message}\n`),
      onBack: (back) => io.stderr.write(`tinyloop: ${back.message} Going on.\n`),
      signal: lifecycle.signal,
    });
  const unlock = lockResultsFile(out, flags.out);
  lifecycle.add(async () => unlock());

  const batchKey = hash(out).slice(0, 12);
  const ids = inputs.map(
    (input) => `batch-${batchKey}-${input.line}-${hash(input.prompt).slice(0, 8)}`,
  );
  const before = new Map(
    (await outlasting(() => client.list({ ids }))).map((run) => [run.id, run.status]),
  );
  const already = ids.filter((id) => FINISHED.has(before.get(id) ?? "")).length;
  if (already > 0)
    io.stderr.write(`${already} of ${ids.length} inputs already done; running the rest\n`);
  for (const [index, input] of inputs.entries()) {
    if (!before.has(ids[index] as string)) {
      await outlasting(() => client.submit(agent, input.prompt, { id: ids[index] as string }));
    }
  }

  const workers: ChildProcess[] = [];
  const failedWorkers: string[] = [];
  lifecycle.add(async () => {
    await Promise.all(
      workers.map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      ),
    );
  });
  if (already < ids.length) {
    for (let i = 0; i < flags.workers; i++) {
      const child = spawn(
        process.execPath,
        [...process.execArgv, process.argv[1] as string, ...workerArgs(agentArg, flags)],
        // The database URL goes in the environment (not on the command line, where other
        // users can read it); the IPC channel tells a worker when this batch is gone (even
        // SIGKILLed): it stops.
        {
          cwd: io.cwd,
          env: { ...io.env, [DATABASE_URL_VARIABLE]: databaseUrl },
          stdio: ["ignore", "ignore", "pipe", "ipc"],
        },
      );
      let tail = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        tail = (tail + chunk.toString()).slice(-2000);
      });
      child.once("exit", (code) => {
        if (code !== 0 && code !== 143 && !lifecycle.signal.aborted) {
          failedWorkers.push(`worker ${i + 1} exited with code ${code}:\n${tail.trim()}`);
        }
      });
      workers.push(child);
    }
  }

  const started = Date.now();
  let lastLine = "";
  while (true) {
    const statuses = new Map(
      (await outlasting(() => client.list({ ids }))).map((run) => [run.id, run.status]),
    );
    let done = 0;
    let failed = 0;
    let running = 0;
    for (const id of ids) {
      const status = statuses.get(id) ?? "";
      if (status === "SUCCESS") done++;
      else if (FINISHED.has(status)) failed++;
      else if (status === "PENDING") running++;
    }
    const line = batchProgressLine(
      { total: ids.length, done, running, failed },
      done + failed - already,
      Date.now() - started,
    );
    if (line.replace(/ · [\d.]+ runs\/s.*$/, "") !== lastLine.replace(/ · [\d.]+ runs\/s.*$/, "")) {
      io.stderr.write(io.stderr.isTTY ? `\r${line}` : `${line}\n`);
      lastLine = line;
    }
    if (done + failed === ids.length) break;
    if (failedWorkers.length > 0 && failedWorkers.length === workers.length) {
      io.stderr.write(`\ntinyloop: every worker stopped:\n${failedWorkers.join("\n")}\n`);
      return EXIT.runError;
    }
    await new Promise((wake) => setTimeout(wake, POLL_MS));
  }
  if (io.stderr.isTTY) io.stderr.write("\n");

  // Results in input order, written whole (a crash mid-write leaves the old file).
  const lines: string[] = [];
  let failures = 0;
  for (const [index, input] of inputs.entries()) {
    const id = ids[index] as string;
    let result: DurableRunResult;
    try {
      result = await outlasting(() => client.result(id));
    } catch (error) {
      result = {
        reason: "error",
        turns: 0,
        usage: { inputTokens: 0, outputTokens: 0 },
        error: (error as Error).message,
      };
    }
    if (result.reason !== "completed" && result.reason !== "asked") failures++;
    lines.push(JSON.stringify({ line: input.line, id, ...result }));
  }
  writeFileSync(`${out}.tmp`, `${lines.join("\n")}\n`);
  renameSync(`${out}.tmp`, out);
  io.stderr.write(
    `wrote ${lines.length} results to ${flags.out}${failures ? ` (${failures} did not complete)` : ""}\n`,
  );
  return failures > 0 ? EXIT.runError : EXIT.ok;
}
