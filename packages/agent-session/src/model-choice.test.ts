import type { AgentFile } from "@tinyloop/agent-files";
import { describe, expect, it } from "vitest";
import { reasoningOf, resolveModelChoice } from "./model-choice.js";

const agent = (keys: Partial<AgentFile>): AgentFile => ({
  format: "tiny-agents",
  file: "/agents/demo/agent.json",
  name: "demo",
  inputs: [],
  servers: [],
  warnings: [],
  ...keys,
});

describe("resolveModelChoice", () => {
  it("resolves a replay cassette named in the file against the file's folder", () => {
    const { plan } = resolveModelChoice(agent({ provider: "replay", model: "run.jsonl" }), {}, {});
    expect(plan).toEqual({ kind: "replay", cassette: "/agents/demo/run.jsonl" });
  });

  it("lets overrides beat the file, and an --api-key-env beat the file's apiKey", () => {
    const file = agent({ provider: "openai", model: "gpt-4o", apiKey: "sk-file" });
    const { choice, plan } = resolveModelChoice(
      file,
      { model: "gpt-4o-mini", apiKeyEnv: "MY_KEY" },
      {},
    );
    expect(choice).toEqual({
      provider: "openai",
      model: "gpt-4o-mini",
      apiKeyEnv: "MY_KEY",
    });
    expect(plan).toMatchObject({ kind: "openai-compatible", model: "gpt-4o-mini" });
    expect(resolveModelChoice(file, {}, {}).choice.apiKey).toBe("sk-file");
  });
});

describe("reasoningOf", () => {
  it("takes the program's setting over the file's, else the file's, else none", () => {
    const file = agent({ reasoning: { effort: "low" } });
    expect(reasoningOf(file, { budgetTokens: 900 })).toEqual({ budgetTokens: 900 });
    expect(reasoningOf(file, undefined)).toEqual({ effort: "low" });
    expect(reasoningOf(agent({}), undefined)).toBeUndefined();
  });
});
