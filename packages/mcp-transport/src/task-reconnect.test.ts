import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import type { TaskServerStats } from "@tinyloop/test-fixtures/task-server";
import { describe, expect, it, vi } from "vitest";
import { rejection, textOf } from "./__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "./__fixtures__/process-waits.js";
import { taskConnectors, taskStats } from "./__fixtures__/task-fixture.js";
import type { McpCallResult, McpConnection } from "./connection-types.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const { stdio, http } = taskConnectors(guard);

/** The task fixture over HTTP, suggesting a 100 ms poll. */
async function serve(sessionBoundTasks = false) {
  const { server, connection } = await http({ pollMs: 100, sessionBoundTasks });
  if (!server) throw new Error("the HTTP fixture has a server");
  return { server, connection };
}

/**
 * Starts `held_report` as a task and resolves once the server has created it, with the call
 * (in an object: a promise would be awaited through). A second task would never be released:
 * the call's timeout then fails it.
 */
async function startHeldTask(
  stats: () => Promise<TaskServerStats>,
  connection: McpConnection,
): Promise<{ call: Promise<McpCallResult> }> {
  const call = connection.callTool(
    "held_report",
    {},
    { taskSupport: "required", timeoutMs: 20_000 },
  );
  call.catch(() => {}); // awaited by the test; not unhandled meanwhile
  await vi.waitFor(async () => expect((await stats()).taskCalls).toHaveLength(1), {
    timeout: 20_000,
    interval: 50,
  });
  return { call };
}

const NOT_KNOWN =
  /^Tool "held_report" on server "tasks" ran as task [0-9a-f]+, which the server no longer knows after the connection was re-established \(.*Task not found.*\)\. The tool was not called again, so that it does not run twice; it may have run, in full or in part\./;

describe("a task call whose HTTP session expires mid-task", () => {
  it("keeps polling the task it created in the new session, and never calls the tool twice", async () => {
    const { server, connection } = await serve();
    const { call } = await startHeldTask(() => server.stats(), connection);
    await server.expireSessions(); // the next tasks/get is answered 404 "Session not found"
    await server.releaseTasks();
    const result = await call;
    expect(textOf(result)).toBe("report released");
    const seen = await server.stats();
    expect(seen.sessions).toBe(2); // the call re-initialised the session…
    expect(seen.taskCalls).toEqual(["held_report"]); // …and created no second task
  });

  it("fails with a clear error, without calling the tool again, when the new session does not know the task", async () => {
    const { server, connection } = await serve(true);
    const { call } = await startHeldTask(() => server.stats(), connection);
    await server.expireSessions();
    const error = await rejection(call);
    expect(error.code).toBe("RPC_ERROR");
    expect(error.mayHaveRun).toBe(true);
    expect(error.message).toMatch(NOT_KNOWN);
    const seen = await server.stats();
    expect(seen.sessions).toBe(2);
    expect(seen.taskCalls).toEqual(["held_report"]);
  });
});

describe("a task call whose stdio server crashes mid-task", () => {
  it("asks the restarted server for the task, which it does not know, and fails without calling the tool again", async () => {
    const { connection } = await stdio(
      { pollMs: 100 },
      { reconnect: { initialRetries: 0, baseDelayMs: 100 } },
    );
    const stats = () => taskStats(connection);
    const { call } = await startHeldTask(stats, connection);
    const crashed = await stats();
    process.kill(crashed.pid, "SIGKILL");
    const error = await rejection(call);
    expect(error.code).toBe("RPC_ERROR");
    expect(error.message).toMatch(NOT_KNOWN);
    const restarted = await stats();
    expect(restarted.pid).not.toBe(crashed.pid);
    expect(restarted.taskCalls).toEqual([]); // the new process never ran the tool
  });
});
