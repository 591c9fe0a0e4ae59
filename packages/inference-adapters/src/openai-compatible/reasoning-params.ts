import type { ReasoningSetting } from "../types.js";

/**
 * The request fields that ask an OpenAI-compatible provider for reasoning (see the README's
 * table, with each provider's documentation):
 * - OpenRouter: `reasoning: { effort }` or `reasoning: { max_tokens }` (it takes both).
 * - Groq: `reasoning_effort` and `reasoning_format: "parsed"` (the reasoning then streams in
 *   `reasoning`, apart from the answer).
 * - everyone else (OpenAI, DeepSeek, Ollama, vLLM, LM Studio, llama.cpp's server,
 *   Together, the Hugging Face router, other servers): `reasoning_effort`.
 * A token budget on a provider that takes only an effort is not sent: `warn` says so once
 * (an unknown field would be an API error on some servers). Returns `{}` then.
 */
export function openAIReasoningParams(
  provider: string,
  setting: ReasoningSetting,
  warn: (message: string) => void,
): Record<string, unknown> {
  if (provider === "openrouter") {
    return {
      reasoning:
        "effort" in setting ? { effort: setting.effort } : { max_tokens: setting.budgetTokens },
    };
  }
  if ("budgetTokens" in setting) {
    warn(
      `${provider}: a reasoning budget in tokens (${setting.budgetTokens}) is not supported here; it takes an effort (low, medium or high). No reasoning setting is sent.`,
    );
    return {};
  }
  if (provider === "groq") return { reasoning_effort: setting.effort, reasoning_format: "parsed" };
  return { reasoning_effort: setting.effort };
}
