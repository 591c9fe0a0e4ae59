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
import { startWorkerProcess, type WorkerProcess } from "./__fixtures__/worker-processes.js";
import { type DurableClient, openDurableClient } from "./durable-client.js";

const guard = useProcessGuard({ markedWaitMs: 15_000 });

const tallied = async (file: string) =>
  (await readFile(file, "utf8").catch(() => "")).split("\n").filter(Boolean);

describe("3 worker processes × 100 queued runs (real Postgres)", () => {
  let pg: RunningPostgres;
  let client: DurableClient;
  let folder: string;
  let model: ScriptedModelServer;

  beforeAll(async () => {
    pg = await startPostgres();
    client = await openDurableClient(pg.url);
    folder = await mkdtemp(join(tmpdir(), "tinyloop-durable-many-"));
    // Every run: one 100 ms tool call that tallies its own prompt, then the answer.
    model = await startScriptedModelServer({
      script: {
        turns: [
          {
            toolCalls: [{ name: "mcp_fx_tally", arguments: { line: "{{prompt}}", hold_ms: 100 } }],
          },
          { text: "Answered {{prompt}}." },
        ],
        perConversation: true,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await model?.close();
    await client?.close();
    await pg?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it("all finish, none runs twice, also when one worker is SIGKILLed midway", async () => {
    const tallyFile = join(folder, "tally.txt");
    const agent = "many";
    const prompts = Array.from({ length: 100 }, (_, i) => `run ${i + 1}`);
    const workers: WorkerProcess[] = [];
    for (let i = 0; i < 3; i++) {
      const worker = await startWorkerProcess(
        {
          databaseUrl: pg.url,
          agent,
          modelBaseURL: model.baseURL,
          tallyFile,
          concurrency: 4,
        },
        guard.env(),
      );
      guard.defer(() => worker.kill());
      workers.push(worker);
    }
    const ids = await Promise.all(
      prompts.map((prompt, i) => client.submit(agent, prompt, { id: `many-${i + 1}` })),
    );
    const [killed] = workers as [WorkerProcess, ...WorkerProcess[]];
    // Midway, at a moment the first worker is running some runs (a run may still finish
    // between this look and the kill).
    let running: string[] = [];
    while (running.length === 0 || (await tallied(tallyFile)).length < 30) {
      await new Promise((r) => setTimeout(r, 20));
      running = (await client.list({ ids }))
        .filter((run) => run.outcome === "running" && run.executorId === killed.executorId)
        .map((run) => run.id);
    }
    await killed.kill();

    const results = [];
    for (const id of ids) results.push(await client.result(id));
    expect(results.map((result) => [result.reason, result.text])).toEqual(
      prompts.map((prompt) => ["completed", `Answered ${prompt}.`]),
    );
    // No tool call ran twice. Each call happened, except one that was in flight on the killed
    // worker (a counting tool is neither read-only nor idempotent: the run goes on telling
    // the model it may or may not have run, and never runs it again).
    const lines = await tallied(tallyFile);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.every((line) => prompts.includes(line))).toBe(true);
    const inFlight = new Set(running.map((id) => `run ${id.slice("many-".length)}`));
    expect(prompts.filter((prompt) => !lines.includes(prompt) && !inFlight.has(prompt))).toEqual(
      [],
    );
    // Runs it was running when it died were finished by the two others.
    const takenOver = (await client.list({ ids: running })).filter(
      (run) => run.executorId !== killed.executorId,
    );
    expect(takenOver.length).toBeGreaterThan(0);
    expect(takenOver.map((run) => run.outcome)).toEqual(takenOver.map(() => "completed"));
  }, 300_000);
});
