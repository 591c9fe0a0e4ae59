import type { ChatMessage } from "@tinyloop/inference-adapters";

/**
 * Problems that would make a provider reject `messages`: a tool call without exactly one
 * tool message right after its assistant message, a tool message without a call, a
 * system message anywhere but first. Empty when the history is valid.
 */
export function historyProblems(messages: readonly ChatMessage[]): string[] {
  const problems: string[] = [];
  let open = new Set<string>();
  messages.forEach((message, index) => {
    if (message.role === "system" && index !== 0)
      problems.push(`#${index}: system message not first`);
    if (message.role === "tool") {
      if (!open.delete(message.toolCallId)) {
        problems.push(`#${index}: tool message for unknown or answered call ${message.toolCallId}`);
      }
      return;
    }
    if (open.size > 0) problems.push(`#${index}: calls without results: ${[...open].join(", ")}`);
    open = new Set(
      message.role === "assistant" ? (message.toolCalls ?? []).map((call) => call.id) : [],
    );
  });
  if (open.size > 0) problems.push(`end: calls without results: ${[...open].join(", ")}`);
  return problems;
}
