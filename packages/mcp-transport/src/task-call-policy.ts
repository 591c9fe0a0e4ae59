import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { ToolTaskSupport } from "./connection-types.js";

/**
 * A tool whose `taskSupport` is `"optional"` runs as a task when its call may take at least
 * this long (its timeout): such a call may be long, and a task keeps it alive without one
 * request held open for its whole run. Shorter calls are expected to be quick and go
 * directly, without the poll interval a task adds.
 */
export const TASK_MIN_TIMEOUT_MS = 30_000;

/** What decides whether a call runs as a task. */
export interface TaskCallFacts {
  /** The tool's `execution.taskSupport` as listed. */
  taskSupport: ToolTaskSupport | undefined;
  /** The server's capabilities from `initialize`. */
  capabilities: ReturnType<Client["getServerCapabilities"]>;
  /** The call's timeout (what is left of it). */
  timeoutMs: number;
}

/**
 * True when a `tools/call` should be sent as a task: the server declares
 * `tasks.requests.tools.call`, and the tool requires tasks, or allows them and the call may
 * be long ({@link TASK_MIN_TIMEOUT_MS}). Servers that do not declare the capability get
 * plain calls (they would ignore the task anyway).
 */
export function runsAsTask(facts: TaskCallFacts): boolean {
  if (facts.capabilities?.tasks?.requests?.tools?.call === undefined) return false;
  if (facts.taskSupport === "required") return true;
  return facts.taskSupport === "optional" && facts.timeoutMs >= TASK_MIN_TIMEOUT_MS;
}
