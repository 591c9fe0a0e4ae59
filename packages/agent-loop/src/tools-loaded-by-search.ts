import type { ChatMessage } from "@tinyloop/inference-adapters";
import { namesLoadedBy, TOOL_SEARCH } from "./tool-search.js";

/**
 * The tools a conversation's `tool_search` calls loaded, in the order they were loaded,
 * each once: the names each successful `tool_search` answer in `messages` lists (no more per
 * answer than one search may load). What `agent.restore` loads again, so a resumed
 * conversation is offered what it was offered when it was saved. Calls of kept-back tools
 * made without a search load nothing here, as they loaded nothing in the conversation.
 */
export function toolsLoadedBySearch(messages: readonly ChatMessage[]): string[] {
  const searches = new Set<string>();
  const loaded = new Set<string>();
  for (const message of messages) {
    if (message.role === "assistant") {
      for (const call of message.toolCalls ?? []) {
        if (call.name === TOOL_SEARCH) searches.add(call.id);
      }
    } else if (message.role === "tool" && searches.has(message.toolCallId) && !message.isError) {
      const answer = message.content
        .map((block) => (block.type === "text" ? block.text : ""))
        .join("\n");
      for (const name of namesLoadedBy(answer)) loaded.add(name);
    }
  }
  return [...loaded];
}
