import type { AgentFile } from "@tinyloop/agent-files";
import type { AgentSession } from "@tinyloop/agent-session";
import {
  type ConversationRecorder,
  type ConversationStore,
  conversationRecorder,
  type SavedConversation,
} from "@tinyloop/agent-session/conversations";
import { resumedConversationLine } from "@tinyloop/terminal-text";
import type { Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import type { Style } from "../terminal/style.js";

/** The conversation a run continues and where it is saved (decided by `startRun`). */
export interface RunConversation {
  store: ConversationStore;
  /** The saved conversation `--continue` / `--resume` picked; absent for a new one. */
  resumed?: SavedConversation;
}

/**
 * Puts a resumed conversation back into the session's agent, which also loads again the
 * tools its `tool_search` calls loaded (agent-loop's rule). Done before anything reports the
 * offered tools (`--verbose`, the too-many-tools warning), so they count.
 */
export function restoreConversation(conversation: RunConversation, session: AgentSession): void {
  if (conversation.resumed) session.agent.restore(conversation.resumed.messages);
}

/**
 * Says on stderr (unless `json`) which conversation was resumed and how many tools came back
 * with it, and returns the recorder that saves the conversation after each turn; every save
 * ends before the CLI exits. {@link restoreConversation} has put it back.
 */
export function startConversation({
  conversation,
  session,
  spec,
  io,
  style,
  json,
  lifecycle,
}: {
  conversation: RunConversation;
  session: AgentSession;
  spec: AgentFile;
  io: Io;
  style: Style;
  json: boolean;
  lifecycle: Lifecycle;
}): ConversationRecorder {
  const { resumed, store } = conversation;
  const recorder = conversationRecorder({
    store,
    agent: { name: spec.name, ...(spec.file ? { file: spec.file } : {}) },
    ...(resumed ? { resumed } : {}),
    warn: (message) => io.stderr.write(`${style.yellow(`warning: ${message}`)}\n`),
  });
  lifecycle.add(() => recorder.settled());
  if (resumed && !json) {
    const line = resumedConversationLine(resumed, session.agent.loadedTools.length);
    io.stderr.write(`${style.dim(line)}\n`);
  }
  return recorder;
}

/** The line a REPL leaves at its end: which conversation was saved and how to come back to it. */
export function savedConversationLine(id: string, style: Style): string {
  return style.dim(`conversation saved as ${id}: continue it with --continue, or --resume ${id}`);
}
