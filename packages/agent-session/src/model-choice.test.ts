import type { AgentFile } from "@tinyloop/agent-files";
import { describe, expect, it } from "vitest";
import { resolveModelChoice } from "./model-choice.js";

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
      tinyAgentsFile: true,
    });
    // A tiny-agents file's "openai" is the Hugging Face provider while OPENAI_API_KEY is unset.
    expect(plan).toMatchObject({ kind: "openai-compatible", model: "gpt-4o-mini:openai" });
    expect(resolveModelChoice(file, {}, {}).choice.apiKey).toBe("sk-file");
  });

  it("reads a tiny-agents file's provider the tiny-agents way, unless a flag names the provider or endpoint", () => {
    const file = agent({ provider: "together", model: "Qwen/Qwen3" });
    expect(resolveModelChoice(file, {}, { HF_TOKEN: "hf" }).plan).toMatchObject({
      preset: "huggingface",
      model: "Qwen/Qwen3:together",
    });
    const flagged = resolveModelChoice(file, { provider: "together" }, { HF_TOKEN: "hf" });
    expect(flagged.choice.tinyAgentsFile).toBeUndefined();
    expect(flagged.plan).toMatchObject({ preset: "together", model: "Qwen/Qwen3" });
  });
});
