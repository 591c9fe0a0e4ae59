import type { ChatMessage, ReasoningPart, ToolCall } from "@tinyloop/inference-adapters";
import { abortedResult, type ToolResult } from "@tinyloop/registry";
import { type ModelContentOptions, toModelContent } from "./to-model-content.js";

/**
 * The messages one tool turn adds to history: the assistant message with its calls, then
 * exactly one tool message per call, in call order. A call without a result (the run
 * stopped first) gets the registry's `ABORTED` one, so every provider accepts the history.
 * The assistant message keeps the turn's reasoning (Anthropic requires its signed thinking
 * in the turn that asked for tools).
 */
export function toolTurnMessages(
  text: string,
  calls: readonly ToolCall[],
  results: ReadonlyMap<ToolCall, ToolResult>,
  options: ModelContentOptions,
  reasoning?: readonly ReasoningPart[],
): ChatMessage[] {
  const messages: ChatMessage[] = [
    {
      role: "assistant",
      content: text,
      toolCalls: [...calls],
      ...(reasoning && reasoning.length > 0 ? { reasoning: [...reasoning] } : {}),
    },
  ];
  for (const call of calls) {
    const result = results.get(call) ?? abortedResult(call.name);
    messages.push({
      role: "tool",
      toolCallId: call.id,
      toolName: call.name,
      content: toModelContent(result, options),
      ...(result.isError ? { isError: true } : {}),
    });
  }
  return messages;
}
