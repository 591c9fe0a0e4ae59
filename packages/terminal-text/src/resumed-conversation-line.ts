import { conversationTitle, type SavedConversation } from "@tinyloop/agent-session/conversations";

/**
 * The line that says a saved conversation was put back, without style or newline: `resumed
 * conversation ID (12 messages, started with "…"; 2 tools from tool_search loaded again)`;
 * `loadedTools` is how many tools its `tool_search` calls loaded again (`agent.loadedTools`).
 */
export function resumedConversationLine(resumed: SavedConversation, loadedTools: number): string {
  const count = resumed.messages.length === 1 ? "1 message" : `${resumed.messages.length} messages`;
  const tools =
    loadedTools === 0
      ? ""
      : `; ${loadedTools === 1 ? "1 tool" : `${loadedTools} tools`} from tool_search loaded again`;
  return `resumed conversation ${resumed.id} (${count}, started with "${conversationTitle(resumed)}"${tools})`;
}
