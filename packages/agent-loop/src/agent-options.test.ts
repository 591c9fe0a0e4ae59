import { createReplayModel } from "@tinyloop/inference-adapters";
import { ToolRegistry } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { Agent } from "./agent.js";
import { AgentError } from "./agent-error.js";
import { DEFAULT_MAX_TOOL_RESULT_CHARS, resolveAgentOptions } from "./agent-options.js";
import { runStepDirectly } from "./run-step.js";

const model = createReplayModel({ cassette: [] });

function optionsError(make: () => unknown): AgentError {
  try {
    make();
  } catch (error) {
    if (AgentError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected new Agent(…) to throw");
}

describe("new Agent options", () => {
  it("defaults to 20 turns, 8 calls at once, exit tools on, 100 000 result characters and auto tool search at 8,000 tokens", () => {
    const registry = new ToolRegistry();
    expect(resolveAgentOptions({ model, registry })).toEqual({
      model,
      registry,
      systemPrompt: undefined,
      endWhen: "text",
      maxTurns: 20,
      toolConcurrency: 8,
      exitTools: true,
      approve: undefined,
      maxToolResultChars: 100_000,
      tools: undefined,
      toolSearch: "auto",
      toolSearchBudgetTokens: 8_000,
      runStep: runStepDirectly,
    });
    expect(
      resolveAgentOptions({ model, registry, contextWindow: 200_000 }).toolSearchBudgetTokens,
    ).toBe(20_000);
    expect(() => resolveAgentOptions({ model, registry, contextWindow: 0 })).toThrow(
      /contextWindow: expected a whole number more than 0, got a number \(0\)/,
    );
    expect(DEFAULT_MAX_TOOL_RESULT_CHARS).toBe(100_000);
  });

  it("names the option, what was expected, what was found and an example", () => {
    const error = optionsError(
      () => new Agent({ model, registry: new ToolRegistry(), maxTurns: 0 }),
    );
    expect(error.code).toBe("OPTIONS_INVALID");
    expect(error.message).toBe(
      "new Agent(…): maxTurns: expected a whole number more than 0, got a number (0) (example: maxTurns: 20)",
    );
  });

  it("rejects an endWhen it does not know, naming both choices", () => {
    expect(
      optionsError(
        () => new Agent({ model, registry: new ToolRegistry(), endWhen: "twice" as never }),
      ).message,
    ).toBe(
      'new Agent(…): endWhen: expected "text" or "two-texts", got a string ("twice") (example: endWhen: "two-texts")',
    );
  });

  it("rejects a missing registry and a non-list filter", () => {
    expect(optionsError(() => new Agent({ model } as never)).message).toMatch(
      /registry: expected a ToolRegistry, got nothing/,
    );
    expect(
      optionsError(
        () =>
          new Agent({
            model,
            registry: new ToolRegistry(),
            tools: { toolsets: "builtin" } as never,
          }),
      ).message,
    ).toMatch(/tools\.toolsets: expected a list of strings/);
    expect(
      optionsError(
        () => new Agent({ model, registry: new ToolRegistry(), runStep: "dbos" as never }),
      ).message,
    ).toBe(
      'new Agent(…): runStep: expected a function, got a string ("dbos") (example: runStep: (step) => step.run())',
    );
  });

  it("rejects bad run input at once", () => {
    const agent = new Agent({ model, registry: new ToolRegistry() });
    expect(() => agent.run([] as never)).toThrow(/expected at least one part/);
    expect(() => agent.run([{ type: "video" }] as never)).toThrow(
      /input\[0\]\.type: expected "text" or "image"/,
    );
  });
});
