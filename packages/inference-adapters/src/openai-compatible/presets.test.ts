import { describe, expect, it } from "vitest";
import { InferenceError } from "../inference-error.js";
import { chatCompletionsUrl } from "./chat-completions-url.js";
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
