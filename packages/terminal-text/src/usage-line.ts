import type { TokenUsage } from "@tinyloop/agent-loop";
import { plainStyle, type TextStyle } from "@tinyloop/agent-session";
import { compactCount } from "./compact-count.js";

/**
 * A run's tokens for a person, dim, without the newline: `tokens: 1.2k in · 340 out`, and
 * `· 120 reasoning` when the provider reported reasoning tokens (never a guessed 0).
 * Undefined when the model reported no usage at all.
 */
export function usageLine(
  usage: TokenUsage,
  { style = plainStyle }: { style?: TextStyle } = {},
): string | undefined {
  if (usage.inputTokens === 0 && usage.outputTokens === 0) return undefined;
  const reasoning =
    usage.reasoningTokens === undefined
      ? ""
      : ` · ${compactCount(usage.reasoningTokens)} reasoning`;
  return style.dim(
    `tokens: ${compactCount(usage.inputTokens)} in · ${compactCount(usage.outputTokens)} out${reasoning}`,
  );
}
