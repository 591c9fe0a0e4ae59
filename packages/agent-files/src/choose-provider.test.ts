import { describe, expect, it } from "vitest";
import { chooseProvider } from "./choose-provider.js";

describe("chooseProvider", () => {
  it("replays a cassette before anything else", () => {
    expect(chooseProvider({ cassette: "c.jsonl", provider: "openai" }, {})).toEqual({
      kind: "replay",
      cassette: "c.jsonl",
    });
    expect(chooseProvider({ provider: "replay", model: "/a/demo.jsonl" }, {})).toEqual({
      kind: "replay",
      cassette: "/a/demo.jsonl",
    });
  });
  it("uses the local model when nothing names a provider and no key is set", () => {
    expect(chooseProvider({}, {})).toEqual({ kind: "local", model: undefined });
  });
  it("picks the provider whose key variable is set", () => {
    expect(chooseProvider({ model: "m" }, { ANTHROPIC_API_KEY: "k" })).toMatchObject({
      kind: "anthropic",
      apiKeyEnv: "ANTHROPIC_API_KEY",
    });
    expect(chooseProvider({ model: "m" }, { OPENAI_API_KEY: "k" })).toMatchObject({
      kind: "openai-compatible",
      preset: "openai",
    });
  });
  it("treats an endpoint URL alone as an OpenAI-compatible server", () => {
    expect(
      chooseProvider(
        { endpointUrl: "http://x/v1", model: "m", apiKeyEnv: "K" },
        { OPENAI_API_KEY: "k" },
      ),
    ).toEqual({
      kind: "openai-compatible",
      provider: "openai-compatible",
      model: "m",
      baseURL: "http://x/v1",
      apiKeyEnv: "K",
    });
  });
  it("routes tiny-agents' inference providers through the Hugging Face router as model:provider", () => {
    expect(chooseProvider({ provider: "nebius", model: "Qwen/Qwen2.5-72B-Instruct" }, {})).toEqual({
      kind: "openai-compatible",
      provider: "huggingface",
      preset: "huggingface",
      model: "Qwen/Qwen2.5-72B-Instruct:nebius",
      apiKeyEnv: "HF_TOKEN",
    });
  });
  it("passes presets through", () => {
    expect(chooseProvider({ provider: "Ollama", model: "qwen2.5" }, {})).toEqual({
      kind: "openai-compatible",
      provider: "ollama",
      preset: "ollama",
      model: "qwen2.5",
    });
    expect(chooseProvider({ provider: "local", model: "a.gguf" }, {})).toEqual({
      kind: "local",
      model: "a.gguf",
    });
  });
});
