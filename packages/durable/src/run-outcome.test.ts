import { createServer } from "node:net";
import { createOpenAICompatible } from "@tinyloop/inference-adapters";
import { ToolRegistry } from "@tinyloop/registry";
import { type RunningPostgres, startPostgres } from "@tinyloop/test-fixtures/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunEnd } from "./agent-run-workflow.js";
import { type DurableClient, openDurableClient } from "./durable-client.js";
import { type DurableWorker, startDurableWorker } from "./durable-worker.js";

/** A loopback port nothing listens on: the model there cannot be reached. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 1));
    });
  });

describe("run outcomes in tinyloop's words (real Postgres, a worker in this process)", () => {
  let pg: RunningPostgres;
  let client: DurableClient;
  let worker: DurableWorker | undefined;
  const ended: RunEnd[] = [];
  beforeAll(async () => {
    pg = await startPostgres();
    client = await openDurableClient(pg.url);
    const model = createOpenAICompatible({
      baseURL: `http://127.0.0.1:${await closedPort()}/v1`,
      model: "unreachable",
      apiKey: "test-key",
      maxRetries: 0,
    });
    worker = await startDurableWorker({
      databaseUrl: pg.url,
      agent: "failing",
      agentOptions: { model, registry: new ToolRegistry(), exitTools: false },
      concurrency: 1,
      logLevel: "error",
      onRunEnd: (run) => ended.push(run),
    });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await client?.close();
    await pg?.stop();
  });

  it("a run whose model failed is failed, with the model's error, in result, list and show, and told to the worker", async () => {
    const id = await client.submit("failing", "Anyone there?", { id: "model-gone" });
    const result = await client.result(id);
    expect(result).toMatchObject({ outcome: "failed", reason: "error", turns: 1 });
    expect(result.error).toMatch(/127\.0\.0\.1/);
    const failed = { id, agent: "failing", outcome: "failed", error: result.error };
    expect(await client.list({ ids: [id] })).toEqual([expect.objectContaining(failed)]);
    expect(await client.show(id)).toMatchObject({ ...failed, result: { reason: "error" } });
    expect(ended).toEqual([{ id, outcome: "failed", error: result.error }]);
  });
});
