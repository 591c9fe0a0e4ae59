import { createServer } from "node:net";
import { type RunningPostgres, startPostgres } from "@tinyloop/test-fixtures/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DurableClient, openDurableClient } from "./durable-client.js";
import { DurableError } from "./durable-error.js";

/** A loopback port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 1));
    });
  });

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    expect(DurableError.isInstance(error)).toBe(true);
    return error as DurableError;
  }
  throw new Error("expected a DurableError");
};

describe("openDurableClient against a real Postgres (no worker running)", () => {
  let pg: RunningPostgres;
  let client: DurableClient;
  beforeAll(async () => {
    pg = await startPostgres();
    client = await openDurableClient(pg.url);
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await pg?.stop();
  });

  it("queues a run, lists and shows it while it waits, and cancels it", async () => {
    const id = await client.submit("triage", "Triage issue 42", { id: "run-42" });
    expect(id).toBe("run-42");
    expect(await client.list()).toEqual([
      expect.objectContaining({ id: "run-42", agent: "triage", outcome: "queued" }),
    ]);
    expect(await client.show(id)).toMatchObject({
      id,
      agent: "triage",
      outcome: "queued",
      prompt: "Triage issue 42",
      steps: [],
    });
    // The same id again is the same run, not a second one.
    expect(await client.submit("triage", "Triage issue 42", { id: "run-42" })).toBe("run-42");
    expect(await client.list({ ids: [] })).toEqual([]);
    expect(await client.list({ ids: ["run-42", "unknown"] })).toEqual([
      expect.objectContaining({ id: "run-42", outcome: "queued" }),
    ]);
    expect(await client.cancel(id)).toBe(id);
    // Cancelled while queued: DBOS forgets its queue; list and show still name its agent.
    const cancelled = {
      id,
      agent: "triage",
      outcome: "cancelled",
      error: `Run ${id} was cancelled before it finished.`,
    };
    expect((await client.list({ ids: [id] }))[0]).toMatchObject(cancelled);
    expect(await client.show(id)).toMatchObject(cancelled);
    expect(await client.result(id)).toEqual({
      outcome: "cancelled",
      reason: "aborted",
      error: cancelled.error,
      turns: 0,
      usage: { inputTokens: 0, outputTokens: 0 },
    });
  });

  it("takes a unique start of an id; an ambiguous one lists the runs it starts", async () => {
    for (const id of ["prefix-aa1", "prefix-aa2", "prefix-bcd"]) {
      await client.submit("triage", `Prompt of ${id}`, { id });
    }
    expect(await client.show("prefix-b")).toMatchObject({
      id: "prefix-bcd",
      prompt: "Prompt of prefix-bcd",
    });
    expect(await client.cancel("prefix-bc")).toBe("prefix-bcd");
    const ambiguous = await failure(client.show("prefix-a"));
    expect(ambiguous.code).toBe("RUN_ID_AMBIGUOUS");
    expect(ambiguous.message).toBe(
      'The id "prefix-a" is the start of 2 runs\' ids: prefix-aa1, prefix-aa2. Give more of the id.',
    );
    expect((await failure(client.cancel("prefix"))).code).toBe("RUN_ID_AMBIGUOUS");
    expect((await failure(client.show("prefix-z"))).code).toBe("RUN_NOT_FOUND");
  });

  it("says which run is unknown", async () => {
    const error = await failure(client.show("nope"));
    expect(error.code).toBe("RUN_NOT_FOUND");
    expect(error.message).toBe(
      'No run with id "nope" in this database. List the runs to see their ids.',
    );
    expect((await failure(client.cancel("nope"))).code).toBe("RUN_NOT_FOUND");
  });

  it("names host and port of a database it cannot reach", async () => {
    const port = await closedPort();
    const error = await failure(openDurableClient(`postgresql://postgres@127.0.0.1:${port}/x`));
    expect(error.code).toBe("DATABASE_UNREACHABLE");
    expect(error.message).toMatch(
      new RegExp(`^Could not reach the database at 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`),
    );
  });
});
