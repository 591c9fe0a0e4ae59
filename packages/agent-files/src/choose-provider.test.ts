import { describe, expect, it } from "vitest";
import { chooseProvider, describeProviderPlan } from "./choose-provider.js";

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
  it("a hosted model id picks its own provider, whichever key is set, and is never a local file", () => {
    const both = { OPENAI_API_KEY: "k1", ANTHROPIC_API_KEY: "k2" };
    expect(chooseProvider({ model: "claude-sonnet-4-5" }, both)).toMatchObject({
      kind: "anthropic",
      model: "claude-sonnet-4-5",
    });
    for (const model of ["gpt-4.1-mini", "o3-mini", "o1", "chatgpt-4o-latest"]) {
      expect(chooseProvider({ model }, {})).toMatchObject({
        kind: "openai-compatible",
        preset: "openai",
        model,
      });
    }
    // Open weights, a file name or a path stay the local model's (or the key's provider's).
    for (const model of ["gpt-oss-20b", "gpt-4.1-mini.gguf", "./gpt-4.1-mini", "hf:o/r/f.gguf"]) {
      expect(chooseProvider({ model }, {})).toEqual({ kind: "local", model });
    }
    // A provider or an endpoint the user named is kept.
    expect(chooseProvider({ model: "gpt-4.1-mini", provider: "local" }, {})).toMatchObject({
      kind: "local",
    });
    expect(
      chooseProvider({ model: "gpt-4.1-mini", endpointUrl: "http://127.0.0.1:1/v1" }, {}),
    ).toMatchObject({ provider: "openai-compatible", baseURL: "http://127.0.0.1:1/v1" });
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
      route: "nebius through the Hugging Face router with HF_TOKEN",
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

describe("chooseProvider for a tiny-agents file (provider names a Hugging Face inference provider)", () => {
  const file = { tinyAgentsFile: true, model: "Qwen/Qwen3" };
  it.each(["together", "groq", "openai"])(
    "routes %s through the Hugging Face router with HF_TOKEN unless its own key variable is set",
    (provider) => {
      const routed = chooseProvider({ ...file, provider }, { HF_TOKEN: "hf" });
      expect(routed).toMatchObject({
        provider: "huggingface",
        preset: "huggingface",
        model: `Qwen/Qwen3:${provider}`,
        apiKeyEnv: "HF_TOKEN",
      });
      const keyVariable = `${provider.toUpperCase()}_API_KEY`;
      expect(describeProviderPlan(routed)).toBe(
        `huggingface Qwen/Qwen3:${provider} (${provider} through the Hugging Face router with HF_TOKEN; ${keyVariable} is not set)`,
      );
      const direct = chooseProvider({ ...file, provider }, { HF_TOKEN: "hf", [keyVariable]: "k" });
      expect(direct).toMatchObject({ provider, preset: provider, model: "Qwen/Qwen3" });
      expect(describeProviderPlan(direct)).toContain(
        `direct to ${provider}'s API: ${keyVariable} is set`,
      );
    },
  );
  it("keeps the preset meaning outside tiny-agents files and for presets that are no HF provider", () => {
    expect(chooseProvider({ provider: "together", model: "m" }, {})).toMatchObject({
      preset: "together",
    });
    expect(chooseProvider({ ...file, provider: "ollama" }, {})).toMatchObject({ preset: "ollama" });
  });
  it("HF_ROUTER_URL replaces the router's URL", () => {
    expect(
      chooseProvider({ ...file, provider: "nebius" }, { HF_ROUTER_URL: "http://127.0.0.1:9/v1" }),
    ).toMatchObject({ baseURL: "http://127.0.0.1:9/v1", preset: "huggingface" });
  });
  it("an endpointUrl follows tiny-agents' /v1 rule and its key falls back to API_KEY, then HF_TOKEN", () => {
    const plan = (endpointUrl: string, env: Record<string, string> = {}) =>
      chooseProvider({ ...file, endpointUrl }, env);
    expect(plan("http://h:1234/v1/")).toMatchObject({ baseURL: "http://h:1234/v1" });
    expect(plan("http://h:1234")).toMatchObject({ baseURL: "http://h:1234/v1" });
    expect(plan("http://h/api/")).toMatchObject({ baseURL: "http://h/api/v1" });
    expect(plan("http://h/v1/chat/completions")).toMatchObject({ baseURL: "http://h/v1" });
    expect(plan("http://h/x?api-version=1")).toMatchObject({
      baseURL: "http://h/x/v1?api-version=1",
    });
    expect(plan("http://h/v1", { API_KEY: "a", HF_TOKEN: "h" })).toMatchObject({
      apiKeyEnv: "API_KEY",
    });
    expect(describeProviderPlan(plan("http://h/v1", { HF_TOKEN: "h" }))).toContain(
      "(key from HF_TOKEN)",
    );
    expect(plan("http://h/v1")).not.toHaveProperty("apiKeyEnv");
    // Outside tiny-agents files the URL is the base URL as written and no key is borrowed.
    expect(chooseProvider({ endpointUrl: "http://h:1234", model: "m" }, { HF_TOKEN: "h" })).toEqual(
      {
        kind: "openai-compatible",
        provider: "openai-compatible",
        model: "m",
        baseURL: "http://h:1234",
      },
    );
  });
});
