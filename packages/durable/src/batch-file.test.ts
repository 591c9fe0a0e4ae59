import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
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
import { readBatchInputs, runBatchFile } from "./batch-file.js";

const guard = useProcessGuard({ markedWaitMs: 15_000 });

const failure = (work: () => unknown) =>
  Promise.resolve()
    .then(work)
    .then(
      () => "no error",
      (error: Error & { code?: string }) => `${error.code}: ${error.message}`,
    );

/** The pid of a process that has exited (a batch that is gone). */
async function goneProcessPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((exited) => child.once("exit", exited));
  return child.pid as number;
}

describe("readBatchInputs", () => {
  it("names the file as shown when it cannot be read, and the line when it is not inputs", async () => {
    const folder = await mkdtemp(join(tmpdir(), "tinyloop-batch-inputs-"));
    try {
      expect(
        await failure(() => readBatchInputs(join(folder, "none.jsonl"), "none.jsonl")),
      ).toMatch(
        /^BATCH_INPUTS_INVALID: none\.jsonl: could not read the inputs \(ENOENT: no such file or directory, open '.*none\.jsonl'\)$/,
      );
      await writeFile(join(folder, "in.jsonl"), '"one"\n\n{"prompt": "two"}\n[]\n');
      expect(await failure(() => readBatchInputs(join(folder, "in.jsonl"), "in.jsonl"))).toBe(
        'BATCH_INPUTS_INVALID: in.jsonl:4: expected a JSON string or an object with a "prompt" string, got an array; example: {"prompt": "Triage issue 42"}',
      );
      await writeFile(join(folder, "in.jsonl"), '"one"\n\n{"prompt": "two"}\n');
      expect(readBatchInputs(join(folder, "in.jsonl"))).toEqual([
        { key: 1, prompt: "one" },
        { key: 3, prompt: "two" },
      ]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe("runBatchFile (real Postgres, a worker process it starts)", () => {
  let pg: RunningPostgres;
  let folder: string;
  let model: ScriptedModelServer;

  beforeAll(async () => {
    pg = await startPostgres();
    folder = await mkdtemp(join(tmpdir(), "tinyloop-batch-file-"));
    model = await startScriptedModelServer({
      script: { turns: [{ text: "Answered {{prompt}}." }], perConversation: true },
    });
  }, 60_000);
  afterAll(async () => {
    await model?.close();
    await pg?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it("refuses a results file a live batch holds, naming it as shown and the caller's hint", async () => {
    const resultsFile = join(folder, "held.jsonl");
    await writeFile(`${resultsFile}.lock`, String(process.pid));
    expect(
      await failure(() =>
        runBatchFile({
          databaseUrl: "postgresql://nobody@127.0.0.1:1/never",
          agent: "batcher",
          inputs: [{ key: 1, prompt: "never run" }],
          resultsFile,
          resultsName: "--out held.jsonl",
          lockedHint: "or pass another --out",
        }),
      ),
    ).toBe(
      `BATCH_RESULTS_LOCKED: --out held.jsonl: another batch (pid ${process.pid}) is writing this file; wait for it to finish, or pass another --out`,
    );
    expect(existsSync(resultsFile)).toBe(false);
  });

  it("takes over a lock whose batch is gone, writes the results in input order, lets go of the lock", async () => {
    const resultsFile = join(folder, "results.jsonl");
    await writeFile(`${resultsFile}.lock`, String(await goneProcessPid()));
    let heldWhileRunning = false;
    const results = await runBatchFile({
      databaseUrl: pg.url,
      agent: "filer",
      inputs: [5, 2, 9].map((key) => ({ key, prompt: `input ${key}` })),
      resultsFile,
      pollIntervalMs: 100,
      onEvent: () => {
        heldWhileRunning ||= existsSync(`${resultsFile}.lock`);
      },
      workers: {
        count: 1,
        start: () => {
          const config = {
            databaseUrl: pg.url,
            agent: "filer",
            modelBaseURL: model.baseURL,
            tallyFile: join(folder, "tally.txt"),
          };
          const child = spawnWorkerProcess(config, guard.env());
          guard.defer(async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
          });
          return child;
        },
      },
    });
    expect(heldWhileRunning).toBe(true);
    expect(existsSync(`${resultsFile}.lock`)).toBe(false);
    const written = (await readFile(resultsFile, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(written.map((line) => [line.line, line.outcome, line.text])).toEqual([
      [5, "completed", "Answered input 5."],
      [2, "completed", "Answered input 2."],
      [9, "completed", "Answered input 9."],
    ]);
    expect(written.map((line) => line.id)).toEqual(results.map((result) => result.id));
  }, 120_000);
});
