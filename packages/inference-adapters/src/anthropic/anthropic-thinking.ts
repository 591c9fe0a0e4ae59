import type { ReasoningSetting } from "../types.js";

/** The smallest `budget_tokens` the Messages API accepts. */
export const ANTHROPIC_MIN_THINKING_BUDGET = 1024;

/** `budget_tokens` for each effort (Anthropic takes a budget, not an effort). */
export const ANTHROPIC_EFFORT_BUDGETS = { low: 1024, medium: 8192, high: 24576 } as const;

/** What extended thinking adds to a Messages request. */
export interface AnthropicThinking {
  budgetTokens: number;
}

/**
 * Maps a reasoning setting to extended thinking: an effort to a budget
 * ({@link ANTHROPIC_EFFORT_BUDGETS}), a budget below the API's minimum raised to it (with a
 * warning, as the API would refuse it).
 */
export function anthropicThinking(
  setting: ReasoningSetting,
  warn: (message: string) => void,
): AnthropicThinking {
  if ("effort" in setting) return { budgetTokens: ANTHROPIC_EFFORT_BUDGETS[setting.effort] };
  if (setting.budgetTokens < ANTHROPIC_MIN_THINKING_BUDGET) {
    warn(
      `anthropic: a reasoning budget of ${setting.budgetTokens} tokens is below the API's minimum of ${ANTHROPIC_MIN_THINKING_BUDGET}; using ${ANTHROPIC_MIN_THINKING_BUDGET}.`,
    );
    return { budgetTokens: ANTHROPIC_MIN_THINKING_BUDGET };
  }
  return { budgetTokens: setting.budgetTokens };
}

/**
 * The request fields extended thinking sets or changes: `thinking`, and `max_tokens` made
 * the budget plus the answer's own limit (the API wants `max_tokens` above the budget).
 * Thinking cannot be combined with a set `temperature` or a forced tool choice: those are
 * left out (temperature) or sent as `auto` (tool choice), and the caller warns once.
 */
export function thinkingRequestFields(
  thinking: AnthropicThinking,
  answerMaxTokens: number,
): { thinking: { type: "enabled"; budget_tokens: number }; max_tokens: number } {
  return {
    thinking: { type: "enabled", budget_tokens: thinking.budgetTokens },
    max_tokens: thinking.budgetTokens + answerMaxTokens,
  };
}
