import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallTime } from "./call-retry.js";
import type { CallToolOptions } from "./connection-types.js";
import type { TaskStatusBoard } from "./task-status-board.js";

/** One `tools/call` on a ready client, as `requestToolCall` (request-tool-call.ts) needs it. */
export interface ToolCallRequest {
  client: Client;
  /** Server name, for messages. */
  server: string;
  name: string;
  args: Record<string, unknown>;
  options: CallToolOptions;
  /** The call's timeout as set, and what is left of it. */
  time: CallTime;
  maxTotalMs: number | undefined;
  /** The server's stderr tail, attached to every error. */
  stderrTail: () => string[];
  /** For a call that runs as a task: the status board and what its retries keep. */
  task: TaskCallContext;
}

/**
 * What a call run as a task keeps across the retries of its call (call-retry.ts): the task it
 * created and its deadline. Once `taskId` is set, a retry after a reconnect polls that task
 * again and never sends a second `tools/call`.
 */
export interface TaskCallMemory {
  taskId?: string;
  /** When the whole task's time is up (`Date.now()` based). */
  deadline?: number;
}

/** What a task call needs besides the call itself. */
export interface TaskCallContext {
  /** The connection's `notifications/tasks/status`, which wake the poll early. */
  board: TaskStatusBoard;
  memory: TaskCallMemory;
}
