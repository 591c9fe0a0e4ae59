// The agent every durable benchmark runs, in memory and durably alike: a model answered in
// this process (no network, so the figures are the loop's and the database's) that calls a
// tool `turns` times, then answers; the tool answers at once or after `toolMs`.
import type { AgentOptions } from "@tinyloop/agent-loop";
import type { ChatModel, ModelEvent } from "@tinyloop/inference-adapters";
import { ToolRegistry } from "@tinyloop/registry";

/** Model turns and tool calls of one run of `turns` tool turns: the steps the seam sees. */
export const stepsPerRun = (turns: number) => 2 * turns + 1;

/** A model that calls `work` while the run has had fewer than `turns` tool results. */
function benchModel(turns: number): ChatModel {
  return {
    provider: "bench",
    modelId: "bench",
    capabilities: { vision: false, parallelToolCalls: true },
    async *stream(request): AsyncIterable<ModelEvent> {
      const done = request.messages.filter((message) => message.role === "tool").length;
      if (done < turns) {
        yield { type: "text-delta", text: "Working. " };
        yield { type: "tool-call", id: `c${done}`, name: "work", arguments: `{"n":${done}}` };
        yield { type: "usage", inputTokens: 100, outputTokens: 10 };
        yield { type: "finish", reason: "tool-calls" };
      } else {
        yield { type: "text-delta", text: "Done." };
        yield { type: "usage", inputTokens: 100, outputTokens: 2 };
        yield { type: "finish", reason: "stop" };
      }
    },
  };
}

/** Agent options (all but `runStep`) for runs of `turns` tool turns, each tool call `toolMs` long. */
export function benchAgentOptions(turns: number, toolMs: number): Omit<AgentOptions, "runStep"> {
  const registry = new ToolRegistry();
  registry.register(
    {
      name: "work",
      toolset: "builtin",
      description: "Does one piece of work.",
      inputSchema: { type: "object", properties: { n: { type: "number" } } },
      annotations: { readOnlyHint: true },
    },
    () =>
      toolMs === 0
        ? "ok"
        : new Promise<string>((resolve) => setTimeout(() => resolve("ok"), toolMs)),
  );
  return {
    model: benchModel(turns),
    registry,
    exitTools: false,
    toolSearch: "never",
    maxTurns: turns + 5,
  };
}
