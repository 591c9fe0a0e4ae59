import type { ChatMessage } from "@tinyloop/inference-adapters";
import type { SavedConversation } from "./conversation-file.js";
import { type ConversationStore, newConversationId } from "./conversation-store.js";

/** Saves a running conversation after each turn (see {@link conversationRecorder}). */
export interface ConversationRecorder {
  /** The id of the conversation being saved; undefined before its first message. */
  readonly id: string | undefined;
  /** Saves the agent's `messages` (system prompt left out); nothing while there is no message. */
  save(messages: readonly ChatMessage[]): Promise<void>;
  /** `/clear`: the next save starts a new conversation; the old one stays saved. */
  startOver(): void;
  /** Resolves once every save asked for so far has ended. */
  settled(): Promise<void>;
}

/** Options of {@link conversationRecorder}. */
export interface ConversationRecorderOptions {
  /** Where the conversation is saved. */
  store: ConversationStore;
  /** The agent it is with, as saved in the file. */
  agent: SavedConversation["agent"];
  /** The saved conversation the session goes on with; absent for a new one. */
  resumed?: SavedConversation;
  /** Told once when a save fails (the conversation goes on unsaved). */
  warn: (message: string) => void;
}

/**
 * Keeps one conversation saved in `store`: a resumed one under its own id, a new one under
 * an id given at its first save. Saves run one after another, never two at once on the same
 * file. A save that fails is reported once through `warn`; the conversation goes on.
 */
export function conversationRecorder({
  store,
  agent,
  resumed,
  warn,
}: ConversationRecorderOptions): ConversationRecorder {
  let current = resumed ? { id: resumed.id, created: resumed.created } : undefined;
  let queue: Promise<void> = Promise.resolve();
  let warned = false;
  return {
    get id() {
      return current?.id;
    },
    save(messages) {
      const kept = messages.filter((message) => message.role !== "system");
      if (kept.length === 0) return queue;
      current ??= { id: newConversationId(), created: new Date().toISOString() };
      const conversation: SavedConversation = {
        ...current,
        agent,
        updated: new Date().toISOString(),
        messages: kept,
      };
      queue = queue.then(() =>
        store.save(conversation).catch((error: Error) => {
          if (warned) return;
          warned = true;
          warn(`the conversation is not saved: ${error.message}`);
        }),
      );
      return queue;
    },
    startOver() {
      current = undefined;
    },
    settled: () => queue,
  };
}
