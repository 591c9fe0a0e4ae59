import { describe, expect, it } from "vitest";
import { InferenceError } from "../inference-error.js";
import { chatCompletionsUrl } from "./chat-completions-url.js";
import { createOpenAICompatible } from "./create-openai-compatible.js";
import { resolvePreset } from "./presets.js";

describe("resolvePreset", () => {
  it.each([
    ["openai", "https://api.openai.com/v1", "OPENAI_API_KEY"],
    ["huggingface", "https://router.huggingface.co/v1", "HF_TOKEN"],
    ["ollama", "http://localhost:11434/v1", undefined],
    ["lmstudio", "http://localhost:1234/v1", undefined],
    ["llamacpp", "http://localhost:8080/v1", "LLAMA_API_KEY"],
    ["vllm", "http://localhost:8000/v1", "VLLM_API_KEY"],
    ["together", "https://api.together.xyz/v1", "TOGETHER_API_KEY"],
    ["groq", "https://api.groq.com/openai/v1", "GROQ_API_KEY"],
    ["openrouter", "https://openrouter.ai/api/v1", "OPENROUTER_API_KEY"],
  ])("%s → %s with key variable %s", (name, baseURL, apiKeyEnv) => {
    const preset = resolvePreset(name);
    expect(preset.baseURL).toBe(baseURL);
    expect(preset.apiKeyEnv).toBe(apiKeyEnv);
    expect(chatCompletionsUrl(preset.baseURL)).toBe(`${baseURL}/chat/completions`);
  });

  it("rejects an unknown name with CONFIG_INVALID listing the known ones", () => {
    let caught: unknown;
    try {
      resolvePreset("olama");
    } catch (error) {
      caught = error;
    }
    expect(InferenceError.isInstance(caught)).toBe(true);
    expect((caught as InferenceError).code).toBe("CONFIG_INVALID");
    expect((caught as InferenceError).message).toContain('Unknown provider preset "olama"');
    expect((caught as InferenceError).message).toContain("ollama");
  });
});

describe("presets in createOpenAICompatible", () => {
  it("a preset name as provider supplies the base URL and reads its key variable", () => {
    const model = createOpenAICompatible({ provider: "groq", model: "llama-3.3-70b", env: {} });
    expect(model.provider).toBe("groq");
    expect(model.modelId).toBe("llama-3.3-70b");
  });

  it("a base URL that matches a preset names the provider", () => {
    expect(
      createOpenAICompatible({ baseURL: "http://localhost:11434/v1/", model: "qwen3" }).provider,
    ).toBe("ollama");
    expect(createOpenAICompatible({ baseURL: "http://127.0.0.1:9/v1", model: "x" }).provider).toBe(
      "openai-compatible",
    );
  });
});
