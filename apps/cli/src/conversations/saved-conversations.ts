import { join } from "node:path";
import { type ConversationStore, conversationStore } from "@tinyloop/agent-session/conversations";
import { tinyloopStateDir } from "../config-dir.js";

/**
 * Where `tinyloop run` saves an agent's conversations: agent-session's store, in
 * `conversations` of tinyloop's state directory (`$XDG_STATE_HOME/tinyloop`, else
 * `~/.local/state/tinyloop`), one folder per agent.
 */
export function savedConversations(
  agent: { name: string; file?: string },
  env: Record<string, string | undefined>,
): ConversationStore {
  return conversationStore({ folder: join(tinyloopStateDir(env), "conversations"), agent });
}
