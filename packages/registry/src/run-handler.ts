import { watchAbort } from "./abort-watch.js";
import type { ToolResult } from "./content.js";
import { errorResult, textResult } from "./tool-result.js";
import type { ToolContext, ToolHandler } from "./types.js";

/**
 * Runs a handler and turns every outcome into a {@link ToolResult}: a string becomes one
 * text block, a throw becomes an error result with the message only (no stack), and an
 * abort of `context.signal` answers "cancelled" at once while the handler, which sees the
 * same signal, winds down on its own.
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
    return failedResult(toolName, error);
  }
  if (!isPromiseLike(returned)) return normalizeResult(toolName, returned);
  const signal = context.signal;
  if (signal === undefined) {
    return Promise.resolve(returned).then(
      (value) => normalizeResult(toolName, value),
      (error: unknown) => failedResult(toolName, error),
    );
  }
  return new Promise<ToolResult>((resolve) => {
    const stopWatching = watchAbort(signal, () => resolve(cancelledResult(toolName, signal)));
    Promise.resolve(returned).then(
      (value) => {
        stopWatching();
        resolve(normalizeResult(toolName, value));
      },
      (error: unknown) => {
        stopWatching();
        resolve(failedResult(toolName, error));
      },
    );
  });
}

/** The result for a call whose signal aborted, naming a custom abort reason if there is one. */
export function cancelledResult(toolName: string, signal: AbortSignal): ToolResult {
  const reason: unknown = signal.reason;
  let detail = "";
  if (typeof reason === "string" && reason !== "") detail = `: ${reason}`;
  else if (reason instanceof Error && reason.name !== "AbortError") detail = `: ${reason.message}`;
  return errorResult(`Tool "${toolName}" was cancelled${detail}.`);
}

function normalizeResult(toolName: string, value: unknown): ToolResult {
  if (typeof value === "string") return textResult(value);
  if (typeof value === "object" && value !== null && Array.isArray((value as ToolResult).content)) {
    return value as ToolResult;
  }
  return errorResult(
    `Tool "${toolName}" returned an invalid result: expected a string or an object with a "content" array, got ${describe(value)}.`,
  );
}

function failedResult(toolName: string, error: unknown): ToolResult {
  const message = error instanceof Error ? error.message : String(error);
  return errorResult(`Tool "${toolName}" failed: ${message || "(no message)"}`);
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return `an object with keys [${Object.keys(value).join(", ")}]`;
  return `a ${typeof value}`;
}
