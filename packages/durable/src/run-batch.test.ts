import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { type RunningPostgres, startPostgres } from "@tinyloop/test-fixtures/postgres";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnWorkerProcess } from "./__fixtures__/worker-processes.js";
import { DurableError } from "./durable-error.js";
import { type BatchEvent, batchRunId, runBatch } from "./run-batch.js";

const guard = useProcessGuard({ markedWaitMs: 15_000 });

describe("runBatch (real Postgres, worker processes it starts)", () => {
  let pg: RunningPostgres;
  let folder: string;
  let model: ScriptedModelServer;

  beforeAll(async () => {
    pg = await startPostgres();
    folder = await mkdtemp(join(tmpdir(), "tinyloop-run-batch-"));
    // Every run: one tool call that tallies its prompt (slower for "slow"), then the answer.
    model = await startScriptedModelServer({
      script: {
        turns: [
          {
            toolCalls: [{ name: "mcp_fx_tally", arguments: { line: "{{prompt}}", hold_ms: 50 } }],
          },
          { text: "Answered {{prompt}}." },
        ],
        perConversation: true,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await model?.close();
    await pg?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it("results in input order, progress events in order; run again, it runs nothing twice", async () => {
    const tallyFile = join(folder, "tally.txt");
    const inputs = [7, 3, 12, 1, 5].map((key) => ({ key, prompt: `input ${key}` }));
    const events: BatchEvent[] = [];
    let started = 0;
    const options = {
      databaseUrl: pg.url,
      agent: "batcher",
      name: join(folder, "results.jsonl"),
      inputs,
      pollIntervalMs: 100,
      onEvent: (event: BatchEvent) => events.push(event),
      workers: {
        count: 2,
        start: () => {
          started++;
          const config = {
            databaseUrl: pg.url,
            agent: "batcher",
            modelBaseURL: model.baseURL,
            tallyFile,
          };
          const child = spawnWorkerProcess(config, guard.env());
          guard.defer(async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
          });
          return child;
        },
      },
    };
    const results = await runBatch(options);
    expect(started).toBe(2);
    expect(results.map((result) => [result.key, result.outcome, result.text])).toEqual(
      inputs.map((input) => [input.key, "completed", `Answered ${input.prompt}.`]),
    );
    expect(results.map((result) => result.id)).toEqual(
      inputs.map((input) => batchRunId(options.name, input)),
    );
    // submitted first, then progress until every run finished, never going back.
    expect(events[0]).toEqual({ type: "submitted", total: 5, alreadyFinished: 0 });
    const progress = events.slice(1);
    expect(progress.every((event) => event.type === "progress")).toBe(true);
    const finished = progress.map((event) =>
      event.type === "progress" ? event.done + event.failed : -1,
    );
    expect(finished).toEqual([...finished].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({ done: 5, running: 0, failed: 0, finishedHere: 5 });
    const tallied = (await readFile(tallyFile, "utf8")).split("\n").filter(Boolean);
    expect(tallied.sort()).toEqual(inputs.map((input) => input.prompt).sort());

    // The same batch again: every run is found finished; no worker starts, nothing runs.
    events.length = 0;
    const again = await runBatch(options);
    expect(again).toEqual(results);
    expect(started).toBe(2);
    expect(events).toEqual([
      { type: "submitted", total: 5, alreadyFinished: 5 },
      expect.objectContaining({ type: "progress", done: 5, finishedHere: 0 }),
    ]);
  }, 120_000);

  it("fails, saying why, once every worker it started stopped on its own", async () => {
    const events: BatchEvent[] = [];
    const error = await runBatch({
      databaseUrl: pg.url,
      agent: "nobody",
      name: "no workers",
      inputs: [{ key: 1, prompt: "never run" }],
      pollIntervalMs: 50,
      onEvent: (event) => events.push(event),
      workers: {
        count: 1,
        start: () =>
          spawn(process.execPath, ["-e", "console.error('no model here'); process.exit(3)"], {
            stdio: ["ignore", "ignore", "pipe"],
          }),
      },
    }).catch((caught: unknown) => caught);
    expect(DurableError.isInstance(error)).toBe(true);
    expect((error as DurableError).code).toBe("BATCH_WORKERS_STOPPED");
    expect((error as Error).message).toBe(
      "Every worker process this batch started stopped before its runs finished (worker 1: exit code 3); 1 runs are still queued: run the batch again once the workers can start.",
    );
    expect(events).toContainEqual({
      type: "worker-stopped",
      worker: 1,
      code: 3,
      signal: null,
      stderr: "no model here",
    });
  }, 60_000);
});
