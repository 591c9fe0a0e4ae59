import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { rpcErrorOf } from "./call-error-translation.js";
import type { CallToolOptions, McpCallResult } from "./connection-types.js";
import { McpTransportError, withStderrTail } from "./errors.js";
import { localFailureMessage } from "./local-failure.js";

/** One `tools/call` on a ready client, as {@link requestToolCall} needs it. */
export interface ToolCallRequest {
  client: Client;
  /** Server name, for messages. */
  server: string;
  name: string;
  args: Record<string, unknown>;
  options: CallToolOptions;
  /** What is left of the call's timeout (it may have waited for a reconnect). */
  timeoutMs: number;
  maxTotalMs: number | undefined;
  /** The server's stderr tail, attached to every error. */
  stderrTail: () => string[];
}

/**
 * Sends `tools/call` and maps its failures to typed errors: `CALL_TIMEOUT` (per-gap timeout
 * or `maxTotalMs`), `ABORTED` (the signal), `RPC_ERROR` (a JSON-RPC error answer),
 * `PROTOCOL` (a result of the wrong shape, in one sentence). Timeout
 * and abort both make the SDK send `notifications/cancelled`. Progress restarts the timeout
 * only when the caller listens for it. A lost connection is rethrown as is, for the caller
 * to describe.
 */
export async function requestToolCall(request: ToolCallRequest): Promise<McpCallResult> {
  try {
    return await sendCall(request);
  } catch (error) {
    throw withTail(error, request.stderrTail());
  }
}

async function sendCall(request: ToolCallRequest): Promise<McpCallResult> {
  const { client, server, name, args, options, timeoutMs: timeout, maxTotalMs } = request;
  const { signal, onProgress } = options;
  if (signal?.aborted) throw abortedError(server, name);
  // One controller per call: the SDK sends notifications/cancelled when it aborts.
  const controller = signal || maxTotalMs ? new AbortController() : undefined;
  let timedOutTotal = false;
  const onAbort = () => controller?.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  const totalTimer =
    maxTotalMs && onProgress
      ? setTimeout(() => {
          timedOutTotal = true;
          controller?.abort(new Error("maxTotalMs exceeded"));
        }, maxTotalMs)
      : undefined;
  try {
    const result = await client.request(
      { method: "tools/call", params: { name, arguments: args } },
      CallToolResultSchema,
      {
        timeout,
        ...(controller ? { signal: controller.signal } : {}),
        ...(onProgress
          ? {
              onprogress: (p: { progress: number; total?: number; message?: string }) =>
                onProgress({
                  progress: p.progress,
                  ...(p.total === undefined ? {} : { total: p.total }),
                  ...(p.message === undefined ? {} : { message: p.message }),
                }),
              resetTimeoutOnProgress: true,
              ...(maxTotalMs ? { maxTotalTimeout: maxTotalMs } : {}),
            }
          : {}),
      },
    );
    return result as McpCallResult;
  } catch (error) {
    if (signal?.aborted && !timedOutTotal) throw abortedError(server, name, error);
    if (timedOutTotal || (error instanceof McpError && error.code === ErrorCode.RequestTimeout)) {
      const limit =
        timedOutTotal || /Maximum total timeout/.test(String(error))
          ? `${maxTotalMs} ms in total (timeouts.maxTotalMs)`
          : `${timeout} ms`;
      throw new McpTransportError({
        code: "CALL_TIMEOUT",
        server,
        cause: error,
        message: `Tool "${name}" on server "${server}" did not answer within ${limit}; the server was sent notifications/cancelled.`,
      });
    }
    const malformed = resultShapeProblem(error);
    if (malformed !== undefined) {
      throw new McpTransportError({
        code: "PROTOCOL",
        server,
        cause: error,
        message: `Tool "${name}" on server "${server}" sent a malformed result (${malformed}); it was not used.`,
      });
    }
    const unanswerable = localFailureMessage(error);
    if (unanswerable !== undefined) {
      throw new McpTransportError({
        code: "PROTOCOL",
        server,
        cause: error,
        message: `Tool "${name}" on server "${server}" got no usable answer: ${unanswerable}`,
      });
    }
    throw rpcErrorOf(error, server, `tools/call "${name}"`) ?? error;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (totalTimer) clearTimeout(totalTimer);
  }
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

function abortedError(server: string, name: string, cause?: unknown): McpTransportError {
  return new McpTransportError({
    code: "ABORTED",
    server,
    cause,
    message: `Call to tool "${name}" on server "${server}" was aborted by its signal; the server was sent notifications/cancelled.`,
  });
}

/**
 * Errors about a call carry the server's stderr tail too, like every other error about the
 * server; errors that already have one, and other values, pass unchanged.
 */
function withTail(error: unknown, tail: string[]): unknown {
  if (!McpTransportError.isInstance(error) || error.stderrTail !== undefined) return error;
  if (tail.length === 0) return error;
  return new McpTransportError({
    code: error.code,
    server: error.server ?? "",
    cause: error.cause,
    stderrTail: tail,
    ...(error.rpcCode === undefined ? {} : { rpcCode: error.rpcCode }),
    ...(error.status === undefined ? {} : { status: error.status }),
    message: withStderrTail(error.message, tail),
  });
}
