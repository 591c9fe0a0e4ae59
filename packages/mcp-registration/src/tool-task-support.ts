import type { McpToolDescription } from "./server-connection.js";

/** A tool's `execution.taskSupport` when it is one of MCP's values. */
export type TaskSupport = "required" | "optional" | "forbidden";

const values: readonly string[] = ["required", "optional", "forbidden"];

/**
 * The tool's `execution.taskSupport` as listed, or undefined when the server sent none or
 * an unknown value (the call then goes as a plain `tools/call`).
 */
export function taskSupportOf(tool: McpToolDescription): TaskSupport | undefined {
  const execution = tool.execution;
  if (typeof execution !== "object" || execution === null) return undefined;
  const support = (execution as { taskSupport?: unknown }).taskSupport;
  return typeof support === "string" && values.includes(support)
    ? (support as TaskSupport)
    : undefined;
}
