import type { ToolErrorCode, ToolResult } from "./content.js";
import { suggestNames } from "./suggest-names.js";

/**
 * Every {@link ToolErrorCode}, in the order a call meets them. A result whose failure
 * tinyloop decided (rather than the tool itself) carries one of these in `result.code`.
 */
export const TOOL_ERROR_CODES: readonly ToolErrorCode[] = Object.freeze([
  "UNKNOWN_TOOL",
  "INVALID_ARGUMENTS",
  "UNAVAILABLE",
  "TOOL_FAILED",
  "TIMEOUT",
  "ABORTED",
  "INTERRUPTED",
]);

const MAX_LISTED_NAMES = 20;

function outcome(code: ToolErrorCode, text: string): ToolResult {
  return { content: [{ type: "text", text }], isError: true, code };
}

/**
 * `UNKNOWN_TOOL`: the model asked for a tool that is not among `available` (the registry's
 * tools for `dispatch`, the offered tools for an agent). Suggests up to three close names;
 * without any, lists up to 20 of the available ones.
 */
export function unknownToolResult(name: unknown, available: Iterable<string>): ToolResult {
  if (typeof name !== "string") {
    return outcome(
      "UNKNOWN_TOOL",
      `Tool names are strings, got ${name === null ? "null" : typeof name}.`,
    );
  }
  const names = [...available];
  const suggestions = suggestNames(name, names);
  if (suggestions.length > 0) {
    const quoted = suggestions.map((suggestion) => `"${suggestion}"`).join(" or ");
    return outcome("UNKNOWN_TOOL", `Unknown tool "${name}". Did you mean ${quoted}?`);
  }
  if (names.length === 0)
    return outcome("UNKNOWN_TOOL", `Unknown tool "${name}": no tools are available.`);
  const shown = names.slice(0, MAX_LISTED_NAMES).join(", ");
  const more = names.length > MAX_LISTED_NAMES ? `, … (${names.length} in all)` : "";
  return outcome("UNKNOWN_TOOL", `Unknown tool "${name}". Available tools: ${shown}${more}.`);
}

/**
 * `UNKNOWN_TOOL`: `name` is the own name of several MCP tools (see `resolveToolName`), so none
 * is run; lists them by the names to call, sorted (the same text whichever server connected first).
 */
export function ambiguousToolResult(
  name: string,
  candidates: readonly { name: string; source?: { server: string } }[],
): ToolResult {
  const listed = [...candidates]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((tool) => `${tool.name}${tool.source ? ` (server ${tool.source.server})` : ""}`)
    .join(", ");
  return outcome(
    "UNKNOWN_TOOL",
    `Unknown tool "${name}": several MCP servers have a tool of that name: ${listed}. Call one of them by its full name.`,
  );
}

/**
 * `INVALID_ARGUMENTS`: the arguments are not JSON, not an object, or break the tool's input
 * schema. `message` is the registry's own explanation (see `parseToolArguments`).
 */
export function invalidArgumentsResult(message: string): ToolResult {
  return outcome("INVALID_ARGUMENTS", message);
}

/**
 * `UNAVAILABLE`: the tool exists but what runs it cannot take calls now (an MCP server that
 * is reconnecting, failed or closed); the tool was not called. `detail` says why and what to do.
 */
export function unavailableResult(tool: string, detail: string): ToolResult {
  return outcome("UNAVAILABLE", `Tool "${tool}" is unavailable: ${detail}`);
}

/**
 * `TOOL_FAILED`: the tool ran and failed — its handler threw, returned something that is no
 * result, or what it called failed. Shows the error's message only, never a stack.
 */
export function toolFailedResult(tool: string, error: unknown): ToolResult {
  const message = error instanceof Error ? error.message : String(error);
  return outcome("TOOL_FAILED", `Tool "${tool}" failed: ${message || "(no message)"}`);
}

/** `TIMEOUT`: the tool did not answer in time; `detail` names the limit when known. */
export function timedOutResult(tool: string, detail?: string): ToolResult {
  return outcome("TIMEOUT", `Tool "${tool}" timed out${detail ? `: ${detail}` : "."}`);
}

/**
 * `ABORTED`: the call was stopped (the caller's signal aborted, or the run ended first).
 * `reason` is the signal's reason: a string, or an error other than an `AbortError`, is
 * named in the text; anything else gives just "was cancelled".
 */
export function abortedResult(tool: string, reason?: unknown): ToolResult {
  let detail = "";
  if (typeof reason === "string" && reason !== "") detail = `: ${reason}`;
  else if (reason instanceof Error && reason.name !== "AbortError" && reason.message !== "") {
    detail = `: ${reason.message}`;
  }
  return outcome("ABORTED", `Tool "${tool}" was cancelled${detail}.`);
}

/**
 * `INTERRUPTED`: the process running the call died before it answered (a durable run resumed
 * elsewhere), so the call may or may not have had its effect. Tells the model to check first.
 */
export function interruptedResult(tool: string): ToolResult {
  return outcome(
    "INTERRUPTED",
    `Tool "${tool}" was interrupted: the worker running it stopped before it answered, so it may or may not have run. Check whether its effect happened before calling it again.`,
  );
}

/**
 * The code of a result tinyloop decided, or `undefined` for a successful result and for a
 * tool's own error result (`isError` without a code).
 */
export function toolErrorCode(result: ToolResult): ToolErrorCode | undefined {
  if (result.isError !== true) return undefined;
  const code: unknown = result.code;
  return typeof code === "string" && (TOOL_ERROR_CODES as readonly string[]).includes(code)
    ? (code as ToolErrorCode)
    : undefined;
}

/**
 * The result of a call whose `signal` aborted: `TIMEOUT` when the signal's reason is a
 * `TimeoutError` (as from `AbortSignal.timeout(ms)`), else `ABORTED` naming a custom reason.
 */
export function stoppedResult(tool: string, signal: AbortSignal): ToolResult {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === "TimeoutError") {
    return timedOutResult(tool, "its abort signal timed out.");
  }
  return abortedResult(tool, reason);
}
