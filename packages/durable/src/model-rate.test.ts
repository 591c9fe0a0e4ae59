import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { type RunningPostgres, startPostgres } from "@tinyloop/test-fixtures/postgres";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorkerProcess } from "./__fixtures__/worker-processes.js";
import { type DurableClient, openDurableClient } from "./durable-client.js";
import { checkModelRate, MAX_PERMIT_AGE_MS } from "./model-rate.js";

const guard = useProcessGuard({ markedWaitMs: 15_000 });

const problem = (value: unknown) => {
  try {
    checkModelRate(value);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected checkModelRate to throw");
};

describe("checkModelRate", () => {
  it("names the bad field and shows the right form", () => {
    expect(checkModelRate({ limit: 60, periodSec: 0.5 })).toEqual({ limit: 60, periodSec: 0.5 });
    expect(problem({ limit: 0, periodSec: 60 })).toBe(
      "modelRate.limit: expected a whole number of requests, 1 or more, got 0 (example: modelRate: { limit: 60, periodSec: 60 })",
    );
    expect(problem({ limit: 5 })).toMatch(
      /^modelRate\.periodSec: expected a number of seconds above 0, got undefined/,
    );
    expect(problem("60/m")).toMatch(
      /^modelRate: expected an object \{ limit, periodSec \}, got "60\/m"/,
    );
  });
});

describe("a model rate limit shared by two worker processes (real Postgres)", () => {
  let pg: RunningPostgres;
  let client: DurableClient;
  let folder: string;
  let model: ScriptedModelServer;

  beforeAll(async () => {
    pg = await startPostgres();
    client = await openDurableClient(pg.url);
    folder = await mkdtemp(join(tmpdir(), "tinyloop-durable-rate-"));
    model = await startScriptedModelServer({
      script: { turns: [{ text: "Answered." }], cycle: true },
    });
  }, 60_000);
  afterAll(async () => {
    await model?.close();
    await client?.close();
    await pg?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it("never lets more than `limit` model requests start in a period, across both workers", async () => {
    const limit = 2;
    const periodSec = 2;
    const agent = "rated";
    const workers = [];
    for (let i = 0; i < 2; i++) {
      const worker = await startWorkerProcess(
        {
          databaseUrl: pg.url,
          agent,
          modelBaseURL: model.baseURL,
          tallyFile: join(folder, "tally.txt"),
          modelRate: { limit, periodSec },
          concurrency: 4,
        },
        guard.env(),
      );
      guard.defer(() => worker.kill());
      workers.push(worker);
    }
    const runs = 8;
    const ids = await Promise.all(
      Array.from({ length: runs }, (_, i) => client.submit(agent, `question ${i}`)),
    );
    for (const id of ids) {
      expect(await client.result(id)).toMatchObject({ reason: "completed", text: "Answered." });
    }
    // Both workers ran some of them: a limit per process would have let twice as many through.
    const ranBy = new Set((await client.list({ ids })).map((run) => run.executorId));
    expect(ranBy).toEqual(new Set(workers.map((worker) => worker.executorId)));

    const times = model.requests.map((request) => request.receivedAt).sort((a, b) => a - b);
    expect(times).toHaveLength(runs);
    // DBOS counts a request when it starts its permit, and a run uses a permit only while it
    // is at most MAX_PERMIT_AGE_MS old: windows that much shorter than the period (and a
    // margin for the request's own way out) hold at most `limit` requests.
    const windowMs = periodSec * 1000 - MAX_PERMIT_AGE_MS - 250;
    const mostInAWindow = Math.max(
      ...times.map((start) => times.filter((t) => t >= start && t < start + windowMs).length),
    );
    expect(mostInAWindow).toBe(limit);
  });
});
