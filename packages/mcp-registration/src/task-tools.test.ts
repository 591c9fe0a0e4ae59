import { ToolRegistry } from "@tinyloop/registry";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { taskServer } from "@tinyloop/test-fixtures/task-server";
import { describe, expect, it } from "vitest";
import { connectAll } from "./connect-all.js";

const guard = useProcessGuard();

describe("task-capable MCP tools through the registry", () => {
  it("runs a task-required tool as a task: the result and its progress come back through dispatch", async () => {
    const registry = new ToolRegistry();
    const servers = { tasks: { ...taskServer({ taskMs: 3_000, steps: 3 }), env: guard.env() } };
    guard.track(
      await connectAll(servers, registry, { connection: { reconnect: { initialRetries: 0 } } }),
    );
    const progress: number[] = [];
    const result = await registry.dispatch(
      "mcp_tasks_slow_report",
      {},
      { onProgress: (p) => progress.push(p.progress) },
    );
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([{ type: "text", text: "report ready after 3 steps" }]);
    expect(progress).toEqual([1, 2, 3]);
    const stats = await registry.dispatch("mcp_tasks_task_stats", {});
    const seen = JSON.parse((stats.content[0] as { text: string }).text) as { taskCalls: string[] };
    expect(seen.taskCalls).toEqual(["slow_report"]);
  });
});
