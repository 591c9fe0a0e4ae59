import { describeValue } from "@tinyloop/errors";
import type { ToolResult } from "./content.js";
import { stoppedResult, toolFailedResult } from "./tool-outcome.js";
import { textResult } from "./tool-result.js";
import type { ToolContext, ToolHandler } from "./types.js";
import { ABORTED, untilAborted } from "./until-aborted.js";

/**
 * Runs a handler and turns every outcome into a {@link ToolResult}: a string becomes one
 * text block, a throw becomes a `TOOL_FAILED` result with the message only (no stack), and
 * an abort of `context.signal` (also one before the handler's promise settles, or before it
 * was even returned) answers `ABORTED` (or `TIMEOUT`) at once through {@link untilAborted},
 * while the handler, which sees the same signal, winds down on its own.
 */
export function runHandler(
  toolName: string,
  handler: ToolHandler,
  args: Record<string, unknown>,
  context: ToolContext,
): ToolResult | Promise<ToolResult> {
  let returned: ReturnType<ToolHandler>;
  try {
    returned = handler(args, context);
  } catch (error) {
    return toolFailedResult(toolName, error);
  }
  if (!isPromiseLike(returned)) return normalizeResult(toolName, returned);
  const signal = context.signal;
  const pending = Promise.resolve(returned);
  return (signal === undefined ? pending : untilAborted(pending, signal)).then(
    (value) =>
      value === ABORTED && signal !== undefined
        ? stoppedResult(toolName, signal)
        : normalizeResult(toolName, value),
    (error: unknown) => toolFailedResult(toolName, error),
  );
}

function normalizeResult(toolName: string, value: unknown): ToolResult {
  if (typeof value === "string") return textResult(value);
  if (typeof value === "object" && value !== null && Array.isArray((value as ToolResult).content)) {
    return value as ToolResult;
  }
  return toolFailedResult(
    toolName,
    `it returned an invalid result: expected a string or an object with a "content" array, got ${describe(value)}.`,
  );
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

/** The shared description; an object's keys show what the handler returned instead. */
function describe(value: unknown): string {
  const words = describeValue(value);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return words;
  return `${words} with keys [${Object.keys(value).join(", ")}]`;
}
