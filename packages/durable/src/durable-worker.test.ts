import { createReplayModel } from "@tinyloop/inference-adapters";
import { ToolRegistry } from "@tinyloop/registry";
import { type RunningPostgres, startPostgres } from "@tinyloop/test-fixtures/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDurableClient } from "./durable-client.js";
import { type DurableWorker, startDurableWorker } from "./durable-worker.js";

describe("startDurableWorker against a real Postgres", () => {
  let pg: RunningPostgres;
  let worker: DurableWorker | undefined;
  beforeAll(async () => {
    pg = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await pg?.stop();
  });

  it("may be the first to use a database that does not exist yet: it creates it and takes runs", async () => {
    const url = pg.url.replace(/\/tinyloop$/, "/worker_first");
    worker = await startDurableWorker({
      databaseUrl: url,
      agent: "first",
      agentOptions: {
        model: createReplayModel({
          cassette: [
            {
              events: [
                { type: "text-delta", text: "Here first." },
                { type: "finish", reason: "stop" },
              ],
            },
          ],
        }),
        registry: new ToolRegistry(),
        exitTools: false,
      },
      concurrency: 1,
      logLevel: "error",
    });
    const client = await openDurableClient(url);
    try {
      const result = await client.result(await client.submit("first", "Who was first?"));
      expect(result).toMatchObject({ reason: "completed", text: "Here first." });
    } finally {
      await client.close();
    }
  });
});
