import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DBOSClient } from "@dbos-inc/dbos-sdk";
import {
  type ScriptedModelServer,
  type StreamTurn,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { type RunningPostgres, startPostgres } from "@tinyloop/test-fixtures/postgres";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startWorkerProcess } from "./__fixtures__/worker-processes.js";
import { dbosDatabaseUrl } from "./database-url.js";
import { type DurableClient, openDurableClient } from "./durable-client.js";
import { stepSummary } from "./step-summary.js";

const guard = useProcessGuard({ markedWaitMs: 15_000 });

/** The lines the counting tools wrote: one per side effect that happened. */
const tallied = async (file: string) =>
  (await readFile(file, "utf8").catch(() => "")).split("\n").filter(Boolean);

/** Resolves once `file` holds `line` (the tool's side effect happened). */
async function untilTallied(file: string, line: string): Promise<void> {
  while (!(await tallied(file)).includes(line)) await new Promise((r) => setTimeout(r, 50));
}

/** The text of every tool message the model was sent in request `index`. */
function toolMessages(server: ScriptedModelServer, index: number): string[] {
  const body = server.requests[index]?.body as {
    messages: Array<{ role: string; content: unknown }>;
  };
  return body.messages
    .filter((message) => message.role === "tool")
    .map((message) =>
      typeof message.content === "string" ? message.content : JSON.stringify(message.content),
    );
}

const tally = (line: string, holdMs = 0, tool = "tally") => ({
  name: `mcp_fx_${tool}`,
  arguments: { line, hold_ms: holdMs },
});

describe("durable runs: a worker dies, another finishes the run (real Postgres, worker processes)", () => {
  let pg: RunningPostgres;
  let client: DurableClient;
  let folder: string;
  let server: ScriptedModelServer | undefined;
  let agentNumber = 0;
  let agent: string;
  let tallyFile: string;

  let dbos: DBOSClient;
  beforeAll(async () => {
    pg = await startPostgres();
    client = await openDurableClient(pg.url);
    dbos = await DBOSClient.create({ systemDatabaseUrl: dbosDatabaseUrl(pg.url) });
  }, 60_000);
  afterAll(async () => {
    await dbos?.destroy();
    await client?.close();
    await pg?.stop();
  });
  /** Every checkpoint the run has in the database, `/started` marks included (`show` leaves them out). */
  const checkpoints = async (id: string) =>
    ((await dbos.listWorkflowSteps(id)) ?? []).map((step) => step.name);
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), "tinyloop-durable-"));
    tallyFile = join(folder, "tally.txt");
    agent = `crash-${++agentNumber}`;
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await rm(folder, { recursive: true, force: true });
  });

  const modelServer = async (script: StreamTurn[]) => {
    server = await startScriptedModelServer({ script });
    return server;
  };
  const worker = async (options: { pauseBeforeModelCall?: number } = {}) => {
    const started = await startWorkerProcess(
      {
        databaseUrl: pg.url,
        agent,
        modelBaseURL: (server as ScriptedModelServer).baseURL,
        tallyFile,
        ...options,
      },
      guard.env(),
    );
    guard.defer(() => started.kill());
    return started;
  };

  it("SIGKILL during a tool call: finished calls are not run again, the call in flight is reported as maybe run", async () => {
    const model = await modelServer([
      { toolCalls: [{ id: "a", ...tally("one") }] },
      { toolCalls: [{ id: "b", ...tally("two", 600_000) }] },
      { text: "Done." },
    ]);
    const first = await worker();
    const id = await client.submit(agent, "Count to two");
    await untilTallied(tallyFile, "two");
    await first.kill();

    await worker();
    const result = await client.result(id);
    expect(result).toMatchObject({ reason: "completed", text: "Done.", turns: 3 });
    expect(await tallied(tallyFile)).toEqual(["one", "two"]);
    // The model was asked three times in all: the finished turns were not asked again.
    expect(model.requests).toHaveLength(3);
    const [, second] = toolMessages(model, 2);
    expect(second).toMatch(/may or may not have run/);
    const details = await client.show(id);
    expect(details.steps.map((step) => step.name)).toEqual([
      "turn-1/model",
      "turn-1/tool-0/a",
      "turn-2/model",
      "turn-2/tool-0/b",
      "turn-3/model",
    ]);
    // A call that must not run twice is marked as started before it runs.
    expect(await checkpoints(id)).toEqual([
      "turn-1/model",
      "turn-1/tool-0/a/started",
      "turn-1/tool-0/a",
      "turn-2/model",
      "turn-2/tool-0/b/started",
      "turn-2/tool-0/b",
      "turn-3/model",
    ]);
    expect(details.steps.map(stepSummary)).toEqual([
      { kind: "model", calls: ["mcp_fx_tally"] },
      { kind: "tool", text: "tallied one", isError: false },
      { kind: "model", calls: ["mcp_fx_tally"] },
      { kind: "tool", text: expect.stringMatching(/may or may not have run/), isError: true },
      { kind: "model", text: "Done.", calls: [] },
    ]);
  });

  it("SIGKILL during a tool call marked read-only: the call runs again on the next worker", async () => {
    const model = await modelServer([
      { toolCalls: [{ id: "r", ...tally("look", 1500, "tally_read_only") }] },
      { text: "Looked." },
    ]);
    const first = await worker();
    const id = await client.submit(agent, "Look");
    await untilTallied(tallyFile, "look");
    await first.kill();

    await worker();
    expect(await client.result(id)).toMatchObject({ reason: "completed", text: "Looked." });
    expect(await tallied(tallyFile)).toEqual(["look", "look"]);
    expect(toolMessages(model, 1)).toEqual(["tallied look"]);
    // A call that may run again is one checkpoint: no started mark.
    expect(await checkpoints(id)).toEqual(["turn-1/model", "turn-1/tool-0/r", "turn-2/model"]);
  });

  it("SIGKILL between two steps: the finished tool call is not run again, the model turn is", async () => {
    const model = await modelServer([
      {
        toolCalls: [
          { id: "a", ...tally("one") },
          { id: "b", ...tally("two") },
        ],
      },
      { text: "Both counted." },
    ]);
    // The first worker stops before its second model call: both tool steps are finished.
    const first = await worker({ pauseBeforeModelCall: 2 });
    const id = await client.submit(agent, "Count");
    await first.waitFor(/^paused$/m);
    await first.kill();

    await worker();
    expect(await client.result(id)).toMatchObject({ reason: "completed", text: "Both counted." });
    expect((await tallied(tallyFile)).sort()).toEqual(["one", "two"]);
    expect(model.requests).toHaveLength(2);
    expect(toolMessages(model, 1)).toEqual(["tallied one", "tallied two"]);
  });

  it("SIGKILL during a model turn: the next worker asks the model again and goes on", async () => {
    const model = await modelServer([
      { toolCalls: [{ id: "a", ...tally("one") }] },
      { text: "Still thinking", hang: true },
      { text: "Thought it through." },
    ]);
    const first = await worker();
    const id = await client.submit(agent, "Think");
    while (model.requests.length < 2) await new Promise((r) => setTimeout(r, 50));
    await first.kill();

    await worker();
    expect(await client.result(id)).toMatchObject({
      reason: "completed",
      text: "Thought it through.",
      turns: 2,
    });
    expect(await tallied(tallyFile)).toEqual(["one"]);
    expect(model.requests).toHaveLength(3);
    expect(toolMessages(model, 2)).toEqual(["tallied one"]);
  });

  it("a run past its deadline ends as aborted, saying why, and the model call running then is stopped", async () => {
    const model = await modelServer([{ text: "Thinking for ever", hang: true }]);
    await worker();
    const id = await client.submit(agent, "Think long", { timeoutMs: 1500 });
    // Whichever notices first, the run itself or DBOS's cancel, the result says why.
    const result = await client.result(id);
    expect(result.reason).toBe("aborted");
    expect(result.outcome).toBe("timed-out");
    expect(result.error).toBe("The run passed its deadline (1500 ms after it started).");
    expect((await model.waitForRequestEnd(0)).clientClosed).toBe(true);
    expect((await client.show(id)).outcome).toBe("timed-out");
  });

  it("SIGTERM lets the running tool call finish; another worker goes on without running it again", async () => {
    const model = await modelServer([
      { toolCalls: [{ id: "a", ...tally("slow", 1500) }] },
      { text: "Counted." },
    ]);
    const first = await worker();
    const id = await client.submit(agent, "Count slowly");
    await untilTallied(tallyFile, "slow");
    first.child.kill("SIGTERM");
    await first.waitFor(/^stopped$/m);
    expect(await first.exited).toBe(0);

    await worker();
    expect(await client.result(id)).toMatchObject({ reason: "completed", text: "Counted." });
    expect(await tallied(tallyFile)).toEqual(["slow"]);
    expect(toolMessages(model, 1)).toEqual(["tallied slow"]);
  });
});
