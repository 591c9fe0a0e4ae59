import type { AgentFile } from "@tinyloop/agent-files";
import { describe, expect, it } from "vitest";
import { AgentSessionError } from "./agent-session-error.js";
import { checkProviderName, resolveModelChoice } from "./model-choice.js";

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
  it("refuses a hosted model id without its key, naming the variable and the caller's provider setting", () => {
    const file = agent({ format: "mcp-servers" });
    const refused = (overrides: object, env = {}, names?: { provider: string }) => {
      try {
        resolveModelChoice(file, overrides, env, names);
      } catch (error) {
        return AgentSessionError.isInstance(error) ? `${error.code}: ${error.message}` : error;
      }
      return undefined;
    };
    expect(refused({ model: "gpt-4.1-mini" }, {}, { provider: "--provider" })).toBe(
      'KEY_REQUIRED: model "gpt-4.1-mini" is openai\'s, and OPENAI_API_KEY is not set: export OPENAI_API_KEY=<your key>, or choose another provider with --provider NAME (local for a GGUF file of that name)',
    );
    // Without the caller's name for it, the agent file's key; a key variable of the caller's own.
    expect(refused({ model: "claude-sonnet-4-5", apiKeyEnv: "MY_KEY" })).toContain(
      'MY_KEY is not set: export MY_KEY=<your key>, or choose another provider with "provider" in the agent file',
    );
    // Its key set, a provider or endpoint named, a cassette or a file name: nothing to refuse.
    expect(refused({ model: "gpt-4.1-mini" }, { OPENAI_API_KEY: "sk-1" })).toBeUndefined();
    expect(refused({ model: "gpt-4.1-mini", provider: "local" })).toBeUndefined();
    expect(
      refused({ model: "gpt-4.1-mini", endpointUrl: "http://127.0.0.1:1/v1" }),
    ).toBeUndefined();
    expect(refused({ model: "gpt-4.1-mini", cassette: "c.jsonl" })).toBeUndefined();
    expect(refused({ model: "./gpt-4.1-mini.gguf" })).toBeUndefined();
  });

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

describe("checkProviderName", () => {
  const refusal = (
    file: Partial<AgentFile>,
    overrides: { provider?: string; endpointUrl?: string; cassette?: string },
    fromEnvironment = false,
  ) => {
    try {
      checkProviderName(file, overrides, { fromEnvironment, providerSetting: "--provider" });
    } catch (error) {
      return AgentSessionError.isInstance(error) ? `${error.code}: ${error.message}` : error;
    }
    return undefined;
  };

  it("refuses an unknown provider with a did-you-mean, naming where it came from", () => {
    expect(refusal({}, { provider: "opnai" })).toMatch(
      /^PROVIDER_UNKNOWN: --provider: expected a provider tinyloop knows .*, got a string \("opnai"\); did you mean openai\?$/,
    );
    expect(refusal({ provider: "nebuis" }, {}, true)).toMatch(
      /^PROVIDER_UNKNOWN: PROVIDER: .*did you mean nebius\?$/,
    );
    expect(refusal({ provider: "nebuis" }, {})).toMatch(/^PROVIDER_UNKNOWN: provider: /);
  });

  it("takes a known name, any name beside an endpoint or a cassette, and a value left as a variable", () => {
    expect(refusal({}, { provider: "openai" })).toBeUndefined();
    expect(
      refusal({ provider: "opnai", endpointUrl: "http://127.0.0.1:1/v1" }, {}),
    ).toBeUndefined();
    expect(refusal({}, { provider: "opnai", cassette: "run.jsonl" })).toBeUndefined();
    expect(refusal({ provider: "$\u007bP}" }, {})).toBeUndefined();
  });
});
