import { type ToolDefinition, ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { AgentError } from "./agent-error.js";
import { ensureExitTools, exitOf, exitToolText } from "./exit-tools.js";
import type { SettledCall } from "./settled-call.js";

describe("ensureExitTools", () => {
  it("registers task_complete and ask_question in toolset agent, once", async () => {
    const registry = new ToolRegistry();
    ensureExitTools(registry);
    ensureExitTools(registry); // a second agent on the same registry
    expect(registry.list().map((tool) => [tool.name, tool.toolset])).toEqual([
      ["task_complete", "agent"],
      ["ask_question", "agent"],
    ]);
    expect(await registry.dispatch("ask_question", '{"question":"Which file?"}')).toEqual({
      content: [
        {
          type: "text",
          text: "Question shown to the user; their answer will be the next message.",
        },
      ],
    });
    expect(await registry.dispatch("task_complete", "{}")).toEqual({
      content: [{ type: "text", text: "Task marked complete." }],
    });
    const missing = await registry.dispatch("ask_question", "{}");
    expect(missing.isError).toBe(true);
    expect(missing.content).toEqual([
      { type: "text", text: expect.stringContaining("- question: is required but missing") },
    ]);
  });

  it("refuses a tool of the same name in another toolset, naming the fix", () => {
    const registry = new ToolRegistry();
    registry.register(
      {
        name: "task_complete",
        description: "mine",
        inputSchema: { type: "object" },
        toolset: "builtin",
      },
      () => "done",
    );
    try {
      ensureExitTools(registry);
      expect.unreachable();
    } catch (error) {
      expect(AgentError.isInstance(error)).toBe(true);
      expect((error as AgentError).code).toBe("EXIT_TOOL_TAKEN");
      expect((error as AgentError).message).toMatch(/toolset "builtin".*exitTools: false/);
    }
  });
});

describe("the exit tools' schemas", () => {
  it("take only a string summary or question, and say they change nothing", async () => {
    const registry = new ToolRegistry();
    ensureExitTools(registry);
    for (const [name, args] of [
      ["task_complete", '{"summary":"done","extra":1}'],
      ["task_complete", '{"summary":5}'],
      ["ask_question", '{"question":"Which?","extra":1}'],
      ["ask_question", '{"question":5}'],
    ] as const) {
      expect((await registry.dispatch(name, args)).isError, `${name} ${args}`).toBe(true);
    }
    expect((await registry.dispatch("task_complete", '{"summary":"done"}')).isError).toBe(
      undefined,
    );
    expect(registry.list().map((tool) => tool.annotations?.readOnlyHint)).toEqual([true, true]);
  });
});

describe("exitToolText", () => {
  it("reads summary or question from parsed arguments and ignores anything else", () => {
    expect(exitToolText({ summary: "All done" })).toBe("All done");
    expect(exitToolText({ question: "Which one?" })).toBe("Which one?");
    expect(exitToolText({})).toBeUndefined();
    expect(exitToolText({ summary: 5 })).toBeUndefined();
    expect(exitToolText(undefined)).toBeUndefined();
  });
});

describe("exitOf", () => {
  const registry = new ToolRegistry();
  ensureExitTools(registry);
  const offered = new Map<string, ToolDefinition>(registry.list().map((tool) => [tool.name, tool]));
  const settled = (
    name: string,
    outcome: SettledCall["outcome"],
    args?: Record<string, unknown>,
  ): SettledCall => ({
    call: { id: name, name, arguments: JSON.stringify(args ?? {}) },
    result: { content: [] },
    outcome,
    ...(args ? { args } : {}),
  });

  it("ends a turn on its first successful exit call only", () => {
    expect(exitOf([settled("read_file", "ok", { path: "a" })], offered, "text")).toBeUndefined();
    expect(exitOf([], offered, "text")).toBeUndefined();
    expect(
      exitOf(
        [
          settled("task_complete", "error", { summary: "failed one" }),
          settled("ask_question", "ok", { question: "Which?" }),
          settled("task_complete", "ok", { summary: "Done" }),
        ],
        offered,
        "",
      ),
    ).toEqual({ reason: "asked", text: "Which?" });
  });

  it("falls back to the turn's text, and to nothing when that is empty", () => {
    expect(exitOf([settled("task_complete", "ok", {})], offered, "I wrote it.")).toEqual({
      reason: "completed",
      text: "I wrote it.",
    });
    expect(exitOf([settled("task_complete", "ok")], offered, "")).toEqual({
      reason: "completed",
      text: undefined,
    });
  });

  it("does not count a tool of the same name that is not the agent's own", () => {
    const theirs = new Map<string, ToolDefinition>([
      [
        "task_complete",
        {
          name: "task_complete",
          description: "mine",
          inputSchema: { type: "object" },
          toolset: "builtin",
        },
      ],
    ]);
    expect(exitOf([settled("task_complete", "ok", { summary: "x" })], theirs, "")).toBeUndefined();
    expect(
      exitOf([settled("task_complete", "ok", { summary: "x" })], new Map(), ""),
    ).toBeUndefined();
  });
});
