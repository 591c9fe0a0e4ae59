import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import type { TaskServerOptions } from "@tinyloop/test-fixtures/task-server";
import { describe, expect, it } from "vitest";
import { rejection } from "./__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "./__fixtures__/process-waits.js";
import { taskStats as stats, taskConnectors } from "./__fixtures__/task-fixture.js";
import type { McpConnection } from "./connection-types.js";
import { TASK_MIN_TIMEOUT_MS } from "./task-call-policy.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const { stdio, http } = taskConnectors(guard);

type Connect = (options?: TaskServerOptions) => Promise<McpConnection>;
const connectStdio: Connect = async (options) => (await stdio(options)).connection;
const connectHttp: Connect = async (options) => (await http(options)).connection;

describe.each([
  ["stdio", connectStdio],
  ["Streamable HTTP", connectHttp],
])("tools/call as an MCP task over %s", (_transport, connectTasks) => {
  it("polls a 3 s task to its result and reports its progress", async () => {
    const connection = await connectTasks({ taskMs: 3_000, steps: 6, pollMs: 200 });
    const seen: string[] = [];
    const result = await connection.callTool(
      "slow_report",
      {},
      { taskSupport: "required", onProgress: (p) => seen.push(`${p.progress}/${p.total}`) },
    );
    expect(result.content).toEqual([{ type: "text", text: "report ready after 6 steps" }]);
    expect(seen).toEqual(["1/6", "2/6", "3/6", "4/6", "5/6", "6/6"]);
    const seenByServer = await stats(connection);
    expect(seenByServer.taskCalls).toEqual(["slow_report"]);
    expect(seenByServer.polls).toBeGreaterThan(0);
  });

  it("sends tasks/cancel when the signal aborts mid-task, and the server sees it", async () => {
    const connection = await connectTasks({ taskMs: 6_000, steps: 12, pollMs: 200 });
    const controller = new AbortController();
    // Abort once the task is running: at its first progress notification.
    const error = await rejection(
      connection.callTool(
        "slow_report",
        {},
        {
          taskSupport: "required",
          signal: controller.signal,
          onProgress: () => controller.abort(),
        },
      ),
    );
    expect(error.code).toBe("ABORTED");
    expect(error.message).toMatch(/was sent tasks\/cancel for task [0-9a-f]+\.$/);
    const seenByServer = await stats(connection);
    expect(seenByServer.cancelRequests).toHaveLength(1);
    expect(error.message).toContain(seenByServer.cancelRequests[0]);
  });

  it("applies the call timeout to the whole task: a task that never finishes times out and is cancelled", async () => {
    const connection = await connectTasks({ pollMs: 100 });
    const error = await rejection(
      connection.callTool("never_finishes", {}, { taskSupport: "required", timeoutMs: 2_500 }),
    );
    expect(error.code).toBe("CALL_TIMEOUT");
    expect(error.message).toContain(
      'Tool "never_finishes" on server "tasks" ran as a task and did not finish within 2500 ms',
    );
    expect((await stats(connection)).cancelRequests).toHaveLength(1);
  });

  it("does not let progress restart the timeout of a task", async () => {
    // Progress every 500 ms would keep a plain call alive under a 2.5 s timeout; a task's
    // timeout covers it whole, so the 6 s task times out.
    const connection = await connectTasks({ taskMs: 6_000, steps: 12, pollMs: 100 });
    const seen: number[] = [];
    const error = await rejection(
      connection.callTool(
        "slow_report",
        {},
        { taskSupport: "required", timeoutMs: 2_500, onProgress: (p) => seen.push(p.progress) },
      ),
    );
    expect(error.code).toBe("CALL_TIMEOUT");
    expect((await stats(connection)).cancelRequests).toHaveLength(1);
  });

  it("wakes on notifications/tasks/status instead of waiting for the next poll", async () => {
    // The server suggests polling every 10 minutes; the task finishes after ~300 ms and says
    // so. Answered through the notification, the call asks tasks/get not once.
    const connection = await connectTasks({ taskMs: 300, steps: 1, pollMs: 600_000 });
    const result = await connection.callTool(
      "slow_report",
      {},
      { taskSupport: "required", timeoutMs: 20_000 },
    );
    expect(result.content).toEqual([{ type: "text", text: "report ready after 1 steps" }]);
    expect((await stats(connection)).polls).toBe(0);
  });

  it("runs a task-optional tool as a task only when the call may be long", async () => {
    const connection = await connectTasks();
    await connection.callTool("maybe_long", {}, { taskSupport: "optional" });
    await connection.callTool(
      "maybe_long",
      {},
      { taskSupport: "optional", timeoutMs: TASK_MIN_TIMEOUT_MS - 1 },
    );
    await connection.callTool("maybe_long", {});
    const seenByServer = await stats(connection);
    expect(seenByServer.taskCalls).toEqual(["maybe_long"]);
    expect(seenByServer.plainCalls).toEqual(["maybe_long", "maybe_long", "task_stats"]);
  });
});
