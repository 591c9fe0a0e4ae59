/**
 * The words for a connection's life, in the order it usually lives them: `connecting`
 * (first connect, including its retries) → `ready`; on a drop `reconnecting` → `ready`
 * again, or `failed` when the retries are used up; `closed` after `close()`. `failed` and
 * `closed` are final. The lowest layer of tinyloop's one server-state vocabulary:
 * mcp-registration's `ServerState` adds `disabled` and `idle` to these, and every layer
 * above (sessions, the CLI, the chat page) shows these same words.
 */
export const CONNECTION_STATES = [
  "connecting",
  "ready",
  "reconnecting",
  "failed",
  "closed",
] as const;

/** One of {@link CONNECTION_STATES}. */
export type ConnectionState = (typeof CONNECTION_STATES)[number];
