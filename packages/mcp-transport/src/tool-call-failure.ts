import { rpcErrorOf } from "./call-error-translation.js";
import { McpTransportError } from "./errors.js";
import { localFailureMessage } from "./local-failure.js";

/**
 * The typed error for a `tools/call` (plain or as a task) that failed other than by timeout
 * or abort: `PROTOCOL` for a result of the wrong shape or an unusable answer, `RPC_ERROR`
 * for a JSON-RPC error answer. A lost connection and other errors are returned as they are,
 * for the caller to describe.
 */
export function toolCallFailure(error: unknown, server: string, name: string): unknown {
  const malformed = resultShapeProblem(error);
  if (malformed !== undefined) {
    return new McpTransportError({
      code: "PROTOCOL",
      server,
      cause: error,
      message: `Tool "${name}" on server "${server}" sent a malformed result (${malformed}); it was not used.`,
    });
  }
  const unanswerable = localFailureMessage(error);
  if (unanswerable !== undefined) {
    return new McpTransportError({
      code: "PROTOCOL",
      server,
      cause: error,
      message: `Tool "${name}" on server "${server}" got no usable answer: ${unanswerable}`,
    });
  }
  return rpcErrorOf(error, server, `tools/call "${name}"`) ?? error;
}

/**
 * The first problem of the SDK's schema error for a result of the wrong shape (`"content":
 * expected array, received string`), or undefined for any other error: one sentence
 * instead of the raw list of zod issues.
 */
function resultShapeProblem(error: unknown): string | undefined {
  // zod's classic ZodError or its core $ZodError, whichever zod the SDK parsed with.
  if (!(error instanceof Error) || !/^\$?ZodError$/.test(error.name)) return undefined;
  const issues = (error as { issues?: unknown }).issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  const first = issues[0] as { path?: unknown; message?: unknown };
  const path = Array.isArray(first.path) && first.path.length > 0 ? first.path.join(".") : "";
  const what = String(first.message ?? "invalid").replace(/^Invalid input: /, "");
  const more =
    issues.length > 1
      ? ` and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""}`
      : "";
  return `${path ? `${JSON.stringify(path)}: ` : ""}${what}${more}`;
}

/**
 * `ABORTED` for a call stopped by its signal; `sent` says what the server was told
 * (`notifications/cancelled` for a plain call, `tasks/cancel` for a task).
 */
export function abortedError(
  server: string,
  name: string,
  cause?: unknown,
  sent = "notifications/cancelled",
): McpTransportError {
  return new McpTransportError({
    code: "ABORTED",
    server,
    cause,
    message: `Call to tool "${name}" on server "${server}" was aborted by its signal; the server was sent ${sent}.`,
  });
}
