import { expectedGot, formatKeyPath, oneOf } from "@tinyloop/errors";
import type { ChatMessage } from "@tinyloop/inference-adapters";
import { AgentSessionError } from "./agent-session-error.js";

/**
 * What marks a file as a conversation tinyloop saved (its `format`), and the version it reads.
 * The format is kept as it is: conversations saved by earlier versions must still load.
 */
export const CONVERSATION_FORMAT = "tinyloop-conversation";
export const CONVERSATION_VERSION = 1;

/** A conversation as saved: its id, the agent it is with, when, and the messages after the system prompt. */
export interface SavedConversation {
  id: string;
  agent: { name: string; file?: string };
  /** ISO times of its first and its latest save. */
  created: string;
  updated: string;
  /** The agent's `messages` without its system prompt (the agent's current one applies on resume). */
  messages: ChatMessage[];
}

const ROLES = ["user", "assistant", "tool"];

/** The file's text: the format marker and version first, then the conversation. */
export function conversationText(conversation: SavedConversation): string {
  return `${JSON.stringify(
    { format: CONVERSATION_FORMAT, version: CONVERSATION_VERSION, ...conversation },
    null,
    1,
  )}\n`;
}

/** What to do with a conversation file that cannot be read. */
export const SET_ASIDE = "move it out of that folder (or delete it) to go on without it";

/**
 * The one wording of a conversation file that cannot be read (`CONVERSATION_UNREADABLE`):
 * `conversation file <file>: <what>; <fix>` (after a `what` ending in `.` or `?`, the fix
 * starts a sentence of its own).
 */
export function conversationUnreadable(
  file: string,
  what: string,
  fix: string,
  cause?: unknown,
): AgentSessionError {
  const joined = /[.?]$/.test(what) ? ` ${fix[0]?.toUpperCase()}${fix.slice(1)}` : `; ${fix}`;
  return new AgentSessionError({
    code: "CONVERSATION_UNREADABLE",
    message: `conversation file ${file}: ${what}${joined}`,
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * Reads a conversation file's text, or throws an `AgentSessionError`
 * (`CONVERSATION_UNREADABLE`) naming the file, what is wrong and what to do: not JSON (cut
 * off, edited), another program's file, a newer tinyloop's.
 */
export function parseConversation(text: string, file: string): SavedConversation {
  const fail = (what: string, fix: string) => conversationUnreadable(file, what, fix);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw fail(`not valid JSON (${(error as Error).message})`, SET_ASIDE);
  }
  const record = data as Record<string, unknown>;
  if (typeof data !== "object" || data === null || record.format !== CONVERSATION_FORMAT) {
    const got = typeof data === "object" && data !== null ? record.format : data;
    throw fail(
      `not a tinyloop conversation: ${expectedGot({ path: "format", expected: JSON.stringify(CONVERSATION_FORMAT), got })}`,
      SET_ASIDE,
    );
  }
  if (record.version !== CONVERSATION_VERSION) {
    const newer = typeof record.version === "number" && record.version > CONVERSATION_VERSION;
    throw fail(
      expectedGot({ path: "version", expected: String(CONVERSATION_VERSION), got: record.version }),
      newer ? "a newer tinyloop wrote it: update tinyloop to read it" : SET_ASIDE,
    );
  }
  const problem = conversationProblem(record);
  if (problem) throw fail(problem, SET_ASIDE);
  const agent = record.agent as SavedConversation["agent"];
  return {
    id: record.id as string,
    agent: { name: agent.name, ...(typeof agent.file === "string" ? { file: agent.file } : {}) },
    created: record.created as string,
    updated: record.updated as string,
    messages: record.messages as ChatMessage[],
  };
}

/** The first thing wrong in a marked file's fields, worded with `expectedGot`; undefined when none. */
function conversationProblem(record: Record<string, unknown>): string | undefined {
  for (const key of ["id", "created", "updated"] as const) {
    if (typeof record[key] !== "string")
      return expectedGot({ path: key, expected: "a string", got: record[key] });
  }
  const agent = record.agent as Record<string, unknown> | undefined;
  if (typeof agent !== "object" || agent === null || Array.isArray(agent))
    return expectedGot({ path: "agent", expected: "an object", got: agent });
  if (typeof agent.name !== "string")
    return expectedGot({ path: "agent.name", expected: "a string", got: agent.name });
  if (!Array.isArray(record.messages))
    return expectedGot({ path: "messages", expected: "a list", got: record.messages });
  for (const [index, message] of record.messages.entries()) {
    const role = (message as { role?: unknown } | null)?.role;
    if (!ROLES.includes(role as string))
      return expectedGot({
        path: formatKeyPath(["messages", index, "role"]),
        expected: oneOf(ROLES),
        got: role,
      });
  }
  return undefined;
}
