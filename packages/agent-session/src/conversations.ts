// `@tinyloop/agent-session/conversations`: saved conversations, apart from the session's
// entry so a program can pick one (`--continue`, `--resume`) before loading the MCP SDK.
export type { ReadConversation } from "./conversation-choice.js";
export {
  conversationEntryById,
  conversationTitle,
  listSavedConversations,
  readConversations,
  recentConversationIds,
} from "./conversation-choice.js";
export type { SavedConversation } from "./conversation-file.js";
export type { ConversationRecorder, ConversationRecorderOptions } from "./conversation-recorder.js";
export { conversationRecorder } from "./conversation-recorder.js";
export type {
  ConversationEntry,
  ConversationStore,
  ConversationStoreOptions,
} from "./conversation-store.js";
export { conversationStore } from "./conversation-store.js";
// Here too, so a program can show a saved conversation's text safely without the session's entry.
export { visibleControls } from "./visible-controls.js";
