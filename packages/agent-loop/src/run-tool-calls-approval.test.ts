import type { ToolCall } from "@tinyloop/inference-adapters";
import { type ToolDefinition, ToolRegistry, type ToolResult } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import type { ToolProgressEvent, ToolResultEvent } from "./events.js";
import { ensureExitTools } from "./exit-tools.js";
import { runStepDirectly } from "./run-step.js";
import { type ApproveToolCall, runToolCalls } from "./run-tool-calls.js";

// Who is asked, what each answer does to the result the model reads, and the events the
// loop reports: runToolCalls against a real registry with real handlers.
const call = (id: string, name: string, args = "{}"): ToolCall => ({ id, name, arguments: args });

function setUp() {
  const registry = new ToolRegistry();
  registry.register(
    { name: "echo", toolset: "builtin", description: "Echo.", inputSchema: { type: "object" } },
    (args) => JSON.stringify(args),
  );
  registry.register(
    { name: "fails", toolset: "builtin", description: "Fails.", inputSchema: { type: "object" } },
    () => ({ content: [{ type: "text", text: "disk full" }], isError: true }),
  );
  registry.register(
    {
      name: "steps",
      toolset: "builtin",
      description: "Reports progress.",
      inputSchema: { type: "object" },
    },
    (_args, context) => {
      context?.onProgress?.({ progress: 1, total: 2, message: "half" });
      return "done";
    },
  );
  registry.register(
    {
      name: "mcp_fs_read",
      toolset: "mcp-fs",
      description: "Reads.",
      inputSchema: { type: "object" },
      source: { server: "fs", tool: "read" },
    },
    () => "file text",
  );
  ensureExitTools(registry);
  const offered = new Map<string, ToolDefinition>(registry.list().map((tool) => [tool.name, tool]));
  return { registry, offered };
}

async function run(
  calls: ToolCall[],
  {
    approve,
    local,
    signal = new AbortController().signal,
    setup = setUp(),
  }: {
    approve?: ApproveToolCall;
    local?: ReadonlyMap<string, (raw: string) => ToolResult>;
    signal?: AbortSignal;
    setup?: ReturnType<typeof setUp>;
  } = {},
) {
  const events: ToolResultEvent[] = [];
  const progress: ToolProgressEvent[] = [];
  const settled = await runToolCalls({
    calls,
    turn: 3,
    ...setup,
    ...(local ? { local } : {}),
    approve,
    runStep: runStepDirectly,
    concurrency: 4,
    signal,
    onResult: (event) => events.push(event),
    onProgress: (event) => progress.push(event),
  });
  return { settled, events, progress };
}

describe("approval", () => {
  it("asks about the registered tool with its definition and the run's signal, never about exit or local tools", async () => {
    const asked: Array<[string, string, boolean]> = [];
    const signal = new AbortController().signal;
    const local = new Map([
      ["tool_search", () => ({ content: [{ type: "text" as const, text: "found" }] })],
    ]);
    const setup = setUp();
    // The agent offers its local tools beside the registry's.
    setup.offered.set("tool_search", {
      name: "tool_search",
      toolset: "agent",
      description: "Finds tools.",
      inputSchema: { type: "object" },
    });
    const { settled } = await run(
      [call("a", "read", '{"p":1}'), call("b", "task_complete"), call("c", "tool_search")],
      {
        signal,
        local,
        setup,
        approve: (toolCall, definition, options) => {
          asked.push([toolCall.name, definition.name, options.signal === signal]);
          return true;
        },
      },
    );
    expect(asked).toEqual([["mcp_fs_read", "mcp_fs_read", true]]);
    expect(settled.map((entry) => [entry.outcome, entry.result.content])).toEqual([
      ["ok", [{ type: "text", text: "file text" }]],
      ["ok", [{ type: "text", text: "Task marked complete." }]],
      ["ok", [{ type: "text", text: "found" }]],
    ]);
  });

  it("asks nobody once the run is aborted, and the call is cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    const asked: string[] = [];
    const { settled } = await run([call("a", "echo")], {
      signal: controller.signal,
      approve: (toolCall) => {
        asked.push(toolCall.id);
        return true;
      },
    });
    expect(asked).toEqual([]);
    expect(settled[0]?.outcome).toBe("cancelled");
  });

  it("gives the model an error result for a denial and for a failed question, with no arguments", async () => {
    const denied = await run([call("a", "echo")], { approve: () => false });
    expect(denied.settled).toEqual([
      {
        call: call("a", "echo"),
        result: { content: [{ type: "text", text: "denied by the user" }], isError: true },
        outcome: "denied",
      },
    ]);
    const failed = await run([call("a", "echo")], {
      approve: () => Promise.reject("no terminal"),
    });
    expect(failed.settled[0]?.result).toEqual({
      content: [{ type: "text", text: "Asking for approval failed: no terminal" }],
      isError: true,
    });
  });

  it("says the arguments changed only when they did", async () => {
    const changed = await run([call("a", "echo", '{"n":1}')], {
      approve: () => ({ approved: true, arguments: '{"n":2}' }),
    });
    expect(changed.settled[0]?.result.content).toEqual([
      {
        type: "text",
        text: 'The person approving this call changed its arguments; it ran with {"n":2}',
      },
      { type: "text", text: '{"n":2}' },
    ]);
    const same = await run([call("a", "echo", '{"n":1}')], {
      approve: () => ({ approved: true, arguments: '{"n":1}' }),
    });
    expect(same.settled[0]).toEqual({
      call: call("a", "echo", '{"n":1}'),
      result: { content: [{ type: "text", text: '{"n":1}' }] },
      outcome: "ok",
      args: { n: 1 },
    });
    const nulled = await run([call("a", "echo")], { approve: () => null as never });
    expect(nulled.settled[0]?.outcome).toBe("denied");
  });
});

describe("tool names", () => {
  it("runs an MCP tool called by its own name, unless a tool has that name here", async () => {
    const found = await run([call("a", "read")]);
    expect(found.settled[0]?.outcome).toBe("ok");
    const taken = setUp();
    taken.registry.register(
      {
        name: "read",
        toolset: "other",
        description: "Not offered.",
        inputSchema: { type: "object" },
      },
      () => "other",
    );
    expect((await run([call("a", "read")], { setup: taken })).settled[0]?.outcome).toBe(
      "unavailable",
    );
    const local = new Map([["read", () => ({ content: [] })]]);
    const shadowed = await run([call("a", "read")], { local, setup: setUp() });
    expect(shadowed.settled[0]?.outcome).toBe("unavailable");
  });
});

describe("outcomes", () => {
  it("calls a result the tool marked ABORTED cancelled, and a TIMEOUT of its own an error", async () => {
    const setup = setUp();
    for (const code of ["ABORTED", "TIMEOUT"] as const) {
      setup.registry.register(
        {
          name: `ends_${code}`,
          toolset: "builtin",
          description: "Ends with a code.",
          inputSchema: { type: "object" },
        },
        () => ({ content: [{ type: "text", text: code }], isError: true, code }),
      );
      setup.offered.set(`ends_${code}`, setup.registry.get(`ends_${code}`) as ToolDefinition);
    }
    const { settled } = await run([call("a", "ends_ABORTED"), call("b", "ends_TIMEOUT")], {
      setup,
    });
    expect(settled.map((entry) => entry.outcome)).toEqual(["cancelled", "error"]);
  });
});

describe("events", () => {
  it("reports each result once, with its turn, outcome and wall-clock times", async () => {
    const before = Date.now();
    const { events } = await run([call("a", "echo"), call("b", "fails"), call("c", "nope")]);
    const after = Date.now();
    const rows = events.map((event) => [event.type, event.turn, event.call.id, event.outcome]);
    expect(rows.sort((x, y) => String(x[2]).localeCompare(String(y[2])))).toEqual([
      ["tool-result", 3, "a", "ok"],
      ["tool-result", 3, "b", "error"],
      ["tool-result", 3, "c", "unavailable"],
    ]);
    expect(events).toHaveLength(3);
    for (const event of events) {
      // Epoch milliseconds, fractional: between the clock readings around the run.
      expect(event.startedAt).toBeGreaterThanOrEqual(before - 1);
      expect(event.endedAt).toBeLessThanOrEqual(after + 1);
      expect(event.endedAt).toBeGreaterThanOrEqual(event.startedAt);
      expect(event.durationMs).toBe(event.endedAt - event.startedAt);
    }
  });

  it("passes a tool's progress on as tool-progress events of its call", async () => {
    const { progress, settled } = await run([call("a", "steps")]);
    expect(progress).toEqual([
      {
        type: "tool-progress",
        turn: 3,
        call: call("a", "steps"),
        progress: 1,
        total: 2,
        message: "half",
      },
    ]);
    expect(settled[0]?.outcome).toBe("ok");
  });
});
