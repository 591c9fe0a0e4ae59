import { InferenceError } from "../inference-error.js";

/** Where a known OpenAI-compatible provider lives and which variable holds its key. */
export interface ProviderPreset {
  /** Base URL ending in `/v1` (or the provider's equivalent). */
  baseURL: string;
  /** Environment variable read for the key when none is given; absent for local servers without keys. */
  apiKeyEnv?: string;
  /** Shown when the server cannot be reached. */
  unreachableHint: string;
}

/** The presets, by name. */
export const providerPresets = {
  openai: {
    baseURL: "https://api.openai.com/v1",
    apiKeyEnv: "OPENAI_API_KEY",
    unreachableHint: "Check your network connection and https://status.openai.com.",
  },
  huggingface: {
    baseURL: "https://router.huggingface.co/v1",
    apiKeyEnv: "HF_TOKEN",
    unreachableHint:
      "Check your network connection; the Hugging Face router is router.huggingface.co.",
  },
  ollama: {
    baseURL: "http://localhost:11434/v1",
    unreachableHint: "Is Ollama running? Start it with `ollama serve` (and `ollama pull <model>`).",
  },
  lmstudio: {
    baseURL: "http://localhost:1234/v1",
    unreachableHint:
      "Is LM Studio's local server started? Start it in the Developer tab or with `lms server start`.",
  },
  llamacpp: {
    baseURL: "http://localhost:8080/v1",
    apiKeyEnv: "LLAMA_API_KEY",
    unreachableHint:
      "Is llama.cpp's server running? Start it with `llama-server -m model.gguf --port 8080 --jinja`.",
  },
  vllm: {
    baseURL: "http://localhost:8000/v1",
    apiKeyEnv: "VLLM_API_KEY",
    unreachableHint: "Is vLLM running? Start it with `vllm serve <model>`.",
  },
  together: {
    baseURL: "https://api.together.xyz/v1",
    apiKeyEnv: "TOGETHER_API_KEY",
    unreachableHint: "Check your network connection.",
  },
  groq: {
    baseURL: "https://api.groq.com/openai/v1",
    apiKeyEnv: "GROQ_API_KEY",
    unreachableHint: "Check your network connection.",
  },
  openrouter: {
    baseURL: "https://openrouter.ai/api/v1",
    apiKeyEnv: "OPENROUTER_API_KEY",
    unreachableHint: "Check your network connection.",
  },
} as const satisfies Record<string, ProviderPreset>;

/** A preset name. */
export type ProviderPresetName = keyof typeof providerPresets;

/** True when `name` is a known preset. */
export function isPresetName(name: string): name is ProviderPresetName {
  return Object.hasOwn(providerPresets, name);
}

/**
 * The base URL and key variable of a known provider: `openai`, `huggingface`, `ollama`,
 * `lmstudio`, `llamacpp`, `vllm`, `together`, `groq`, `openrouter`.
 * @throws InferenceError `CONFIG_INVALID` for an unknown name, listing the known ones.
 */
export function resolvePreset(name: string): ProviderPreset {
  if (!isPresetName(name)) {
    throw new InferenceError({
      code: "CONFIG_INVALID",
      message: `Unknown provider preset "${name}". Expected one of: ${Object.keys(providerPresets).join(", ")} (example: resolvePreset("ollama")). For another server pass its baseURL.`,
    });
  }
  return { ...providerPresets[name] };
}
