import type { TokenUsage } from "@tinyloop/agent-loop";

/** A run's usage in OpenAI's shape, as both the streamed and the whole answer carry it. */
export interface OpenAIUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** Only when the model's provider reported reasoning tokens (OpenAI's own field). */
  completion_tokens_details?: { reasoning_tokens: number };
}

/**
 * agent-loop's summed usage as OpenAI reports it; `completion_tokens_details.reasoning_tokens`
 * only when the run's model reported reasoning tokens, never a made-up 0.
 */
export function toOpenAIUsage(usage: TokenUsage): OpenAIUsage {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    ...(usage.reasoningTokens === undefined
      ? {}
      : { completion_tokens_details: { reasoning_tokens: usage.reasoningTokens } }),
  };
}
