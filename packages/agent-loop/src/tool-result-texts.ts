import { suggestNames, type ToolResult } from "@tinyloop/registry";

/** Result of a call the run's abort stopped (or never let start). */
export function cancelledResult(): ToolResult {
  return {
    content: [
      { type: "text", text: "cancelled: the run was stopped before this tool call finished" },
    ],
    isError: true,
  };
}

/**
 * Result of a call the `approve` hook refused: the hook's own reason as it wrote it (the
 * hook knows whether a person said no or nobody could be asked), else "denied by the user".
 */
export function deniedResult(reason?: string): ToolResult {
  const text = reason || "denied by the user";
  return { content: [{ type: "text", text }], isError: true };
}

/**
 * Result of a call to a tool this agent does not offer (unknown, or filtered out): the
 * closest offered names first, as the registry suggests them, then what is offered.
 */
export function unavailableResult(name: string, offered: Iterable<string>): ToolResult {
  const names = [...offered];
  const list = names.length > 0 ? names.slice(0, 50).join(", ") : "(none)";
  const close = suggestNames(name, names);
  const hint = close.length > 0 ? ` Did you mean ${close.map((n) => `"${n}"`).join(" or ")}?` : "";
  return {
    content: [
      {
        type: "text",
        text: `Tool "${name}" is not available to this agent.${hint} Call one of: ${list}${names.length > 50 ? ", …" : ""}.`,
      },
    ],
    isError: true,
  };
}

/** Result of a call whose approval hook or dispatch threw. */
export function failedResult(what: string, error: unknown): ToolResult {
  const message = error instanceof Error ? error.message : String(error);
  return { content: [{ type: "text", text: `${what} failed: ${message}` }], isError: true };
}
