import { AgentSessionError } from "./agent-session-error.js";
import type { SavedConversation } from "./conversation-file.js";
import type { ConversationEntry, ConversationStore } from "./conversation-store.js";
import { visibleControls } from "./visible-controls.js";

/**
 * The store's saved conversations, newest first, for a person about to pick one; none is
 * an error naming `setting` (how they asked to resume, e.g. `--continue`) and `startNew`
 * (how to start one instead).
 * @throws AgentSessionError `CONVERSATION_NOT_FOUND`.
 */
export async function listSavedConversations(
  store: ConversationStore,
  { setting, startNew }: { setting: string; startNew: string },
): Promise<ConversationEntry[]> {
  const entries = await store.list();
  if (entries.length > 0) return entries;
  throw notFound(
    `${setting}: this agent has no saved conversation yet (looked in ${store.dir}); ${startNew}`,
  );
}

/**
 * The entry whose id is `id`, else the one id that starts with it; none, or more than one,
 * is an error naming `setting` (how the id was given, e.g. `--resume`) and `listAll` (how to
 * see them all) with the newest ids.
 * @throws AgentSessionError `CONVERSATION_NOT_FOUND`.
 */
export function conversationEntryById(
  entries: readonly ConversationEntry[],
  id: string,
  { setting, listAll }: { setting: string; listAll: string },
): ConversationEntry {
  const exact = entries.find((entry) => entry.id === id);
  if (exact) return exact;
  const starting = entries.filter((entry) => entry.id.startsWith(id));
  if (starting.length === 1) return starting[0] as ConversationEntry;
  if (starting.length > 1) {
    throw notFound(
      `${setting} ${id}: ${starting.length} conversations start with that (${recentConversationIds(starting)}); give more of the id`,
    );
  }
  throw notFound(
    `${setting} ${id}: this agent has no conversation with that id; saved ones, newest first: ${recentConversationIds(entries)} (${listAll})`,
  );
}

/** The first five ids, comma-separated, with `…` when there are more. */
export function recentConversationIds(entries: readonly ConversationEntry[]): string {
  const shown = entries.slice(0, 5).map((entry) => entry.id);
  return entries.length > shown.length ? `${shown.join(", ")}, …` : shown.join(", ");
}

/** A saved conversation as a pick list shows it: read, or what is wrong with its file. */
export type ReadConversation = { entry: ConversationEntry } & (
  | { conversation: SavedConversation }
  | { problem: string }
);

/** Reads each entry; a file that cannot be read keeps its problem instead. */
export function readConversations(
  store: ConversationStore,
  entries: readonly ConversationEntry[],
): Promise<ReadConversation[]> {
  return Promise.all(
    entries.map((entry) =>
      store.read(entry).then(
        (conversation) => ({ entry, conversation }),
        (error: Error) => ({ entry, problem: error.message }),
      ),
    ),
  );
}

/**
 * The conversation's first user text on one line, cut to 60 characters, its control and
 * bidirectional characters made visible: a saved text (pasted, or a model's or server's
 * words) reaches a terminal as text, never as an escape.
 */
export function conversationTitle(conversation: SavedConversation): string {
  const first = conversation.messages.find((message) => message.role === "user");
  const content = first?.content;
  const text =
    typeof content === "string"
      ? content
      : (content?.map((part) => (part.type === "text" ? part.text : `[${part.type}]`)).join(" ") ??
        "");
  const line = visibleControls(text.replace(/\s+/g, " ").trim());
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

const notFound = (message: string) =>
  new AgentSessionError({ code: "CONVERSATION_NOT_FOUND", message });
