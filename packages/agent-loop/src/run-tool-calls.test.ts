import type { ToolCall } from "@tinyloop/inference-adapters";
import { type ToolDefinition, ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import type { ToolResultEvent } from "./events.js";
import { runStepDirectly } from "./run-step.js";
import { type ApproveToolCall, runToolCalls } from "./run-tool-calls.js";

function registryWithTools() {
  const registry = new ToolRegistry();
  let started = 0;
  registry.register(
    { name: "echo", toolset: "builtin", description: "Echo.", inputSchema: { type: "object" } },
    (args) => JSON.stringify(args),
  );
  registry.register(
    {
      name: "block",
      toolset: "builtin",
      description: "Waits for abort.",
      inputSchema: { type: "object" },
    },
    (_args, { signal }) => {
      started++;
      return new Promise((_resolve, reject) =>
        signal?.addEventListener("abort", () => reject(new Error("stopped"))),
      );
    },
  );
  const offered = new Map<string, ToolDefinition>(registry.list().map((tool) => [tool.name, tool]));
  return { registry, offered, started: () => started };
}

const call = (id: string, name: string, args = "{}"): ToolCall => ({ id, name, arguments: args });
const text = (event: { result: { content: Array<{ type: string; text?: string }> } }) =>
  event.result.content.map((block) => block.text).join("");

async function run(
  calls: ToolCall[],
  approve?: ApproveToolCall,
  concurrency = 8,
  signal = new AbortController().signal,
) {
  const { registry, offered, started } = registryWithTools();
  const events: ToolResultEvent[] = [];
  const settled = await runToolCalls({
    calls,
    turn: 1,
    registry,
    offered,
    approve,
    runStep: runStepDirectly,
    concurrency,
    signal,
    onResult: (event) => events.push(event),
    onProgress: () => {},
  });
  return { settled, events, started };
}

describe("runToolCalls", () => {
  it("treats anything but a clear yes as a denial, and passes a reason on", async () => {
    const answers: unknown[] = [
      undefined,
      "yes",
      { approved: false, reason: "not today" },
      { approved: true },
      true,
    ];
    const { settled } = await run(
      answers.map((_, index) => call(`c${index}`, "echo", `{"n":${index}}`)),
      (toolCall) => answers[Number(toolCall.id.slice(1))] as never,
    );
    expect(settled.map((entry) => entry.outcome)).toEqual([
      "denied",
      "denied",
      "denied",
      "ok",
      "ok",
    ]);
    expect(text(settled[2] as never)).toBe("not today");
    expect(text(settled[0] as never)).toBe("denied by the user");
  });

  it("runs the arguments an approval changed, and tells the model they changed", async () => {
    const { settled } = await run([call("c1", "echo", `{"cmd":"rm -rf /"}`)], () => ({
      approved: true,
      arguments: `{"cmd":"ls"}`,
    }));
    expect(settled[0]?.outcome).toBe("ok");
    expect(settled[0]?.args).toEqual({ cmd: "ls" });
    expect(text(settled[0] as never)).toBe(
      `The person approving this call changed its arguments; it ran with {"cmd":"ls"}{"cmd":"ls"}`,
    );
  });

  it("asks one hook at a time, in call order, while approved calls already run", async () => {
    const log: string[] = [];
    let asking = 0;
    let most = 0;
    const { registry, offered } = registryWithTools();
    registry.register(
      { name: "mark", toolset: "builtin", description: "Logs.", inputSchema: { type: "object" } },
      (args) => {
        log.push(`run ${String(args.id)}`);
        return "ok";
      },
    );
    offered.set("mark", registry.get("mark") as ToolDefinition);
    await runToolCalls({
      calls: ["1", "2", "3"].map((id) => call(id, "mark", `{"id":"${id}"}`)),
      turn: 1,
      registry,
      offered,
      runStep: runStepDirectly,
      approve: async (toolCall) => {
        asking++;
        most = Math.max(most, asking);
        log.push(`ask ${toolCall.id}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
        asking--;
        return true;
      },
      concurrency: 8,
      signal: new AbortController().signal,
      onResult: () => {},
      onProgress: () => {},
    });
    expect(most).toBe(1);
    expect(log.filter((line) => line.startsWith("ask"))).toEqual(["ask 1", "ask 2", "ask 3"]);
    // Call 1 ran while the person was still being asked about the later calls.
    expect(log.indexOf("run 1")).toBeLessThan(log.indexOf("ask 3"));
    expect(log.indexOf("run 2")).toBeGreaterThan(log.indexOf("ask 2"));
  });

  it("turns a throwing approval hook into a denial that says why", async () => {
    const { settled } = await run([call("a", "echo")], () => {
      throw new Error("terminal closed");
    });
    expect(settled[0]?.outcome).toBe("denied");
    expect(text(settled[0] as never)).toBe("Asking for approval failed: terminal closed");
  });

  it("answers calls to tools it does not offer without running anything", async () => {
    const { settled } = await run([call("a", "nope")]);
    expect(settled[0]?.outcome).toBe("unavailable");
    expect(settled[0]?.result.code).toBe("UNKNOWN_TOOL");
    expect(text(settled[0] as never)).toBe('Unknown tool "nope". Available tools: echo, block.');
    const { settled: typo } = await run([call("b", "ecko")]);
    expect(text(typo[0] as never)).toBe('Unknown tool "ecko". Did you mean "echo"?');
  });

  it("on abort cancels running and queued calls at once; queued ones never start", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const { settled, events, started } = await run(
      [call("a", "block"), call("b", "block"), call("c", "block")],
      undefined,
      1,
      controller.signal,
    );
    expect(settled.map((entry) => entry.outcome)).toEqual(["cancelled", "cancelled", "cancelled"]);
    expect(settled.map((entry) => entry.result)).toEqual(
      ["a", "b", "c"].map(() => ({
        content: [{ type: "text", text: 'Tool "block" was cancelled.' }],
        isError: true,
        code: "ABORTED",
      })),
    );
    expect(events).toHaveLength(3);
    expect(started()).toBe(1);
  });
});
