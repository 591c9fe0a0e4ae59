import type { ReasoningPart, ToolCall } from "../types.js";

/**
 * Which reasoning an OpenAI-compatible provider takes back in the assistant messages of the
 * history (see the README's table, with the providers' documentation):
 * - `none` (the default): nothing; most servers ignore or refuse it, and chat templates
 *   drop earlier reasoning anyway.
 * - `deepseek-tool-turns`: DeepSeek's API. `reasoning_content` goes back on assistant
 *   messages that called tools (its thinking mode answers 400 without it) and never on
 *   answers; R1 models (`…r1…`, whose docs answer 400 to any `reasoning_content` in the
 *   input) are `none`.
 * - `openrouter-details`: OpenRouter. Signed and encrypted parts go back as
 *   `reasoning_details`, so that Claude and Gemini continue their reasoning across tool calls.
 */
export type ReasoningEcho = "none" | "deepseek-tool-turns" | "openrouter-details";

/** Decides {@link ReasoningEcho} for a provider, its base URL and the model id. */
export function reasoningEchoFor(provider: string, baseURL: string, model: string): ReasoningEcho {
  let host = "";
  try {
    host = new URL(baseURL).hostname;
  } catch {
    // A bad URL is reported elsewhere; here it only means "no known host".
  }
  if (provider === "openrouter" || host === "openrouter.ai") return "openrouter-details";
  if (provider === "deepseek" || host === "api.deepseek.com") {
    return /(^|[^a-z0-9])r1([^a-z0-9]|$)/i.test(model) ? "none" : "deepseek-tool-turns";
  }
  return "none";
}

/** The extra fields an assistant message carries back under `echo`. */
export function echoedReasoning(
  echo: ReasoningEcho,
  reasoning: readonly ReasoningPart[] | undefined,
  toolCalls: readonly ToolCall[] | undefined,
): Record<string, unknown> {
  if (echo === "none" || !reasoning || reasoning.length === 0) return {};
  if (echo === "deepseek-tool-turns") {
    if (!toolCalls || toolCalls.length === 0) return {};
    const text = reasoning.map((part) => (part.type === "thinking" ? part.text : "")).join("");
    return { reasoning_content: text };
  }
  const details = reasoning.flatMap((part, index): Record<string, unknown>[] => {
    const format = part.format ? { format: part.format } : {};
    if (part.type === "redacted") {
      return [{ type: "reasoning.encrypted", data: part.data, index, ...format }];
    }
    return part.signature
      ? [{ type: "reasoning.text", text: part.text, signature: part.signature, index, ...format }]
      : [];
  });
  return details.length > 0 ? { reasoning_details: details } : {};
}
