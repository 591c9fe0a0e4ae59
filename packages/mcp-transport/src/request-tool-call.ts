import { CallToolResultSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { McpCallResult } from "./connection-types.js";
import { McpTransportError, withStderrTail } from "./errors.js";
import { runsAsTask } from "./task-call-policy.js";
import { requestTaskToolCall } from "./task-tool-call.js";
import { abortedError, toolCallFailure } from "./tool-call-failure.js";
import type { ToolCallRequest } from "./tool-call-request.js";
import { withCallerSignal } from "./tracing/caller-signal.js";

/**
 * Sends `tools/call` and maps its failures to typed errors: `CALL_TIMEOUT` (per-gap timeout
 * or `maxTotalMs`), `ABORTED` (the signal), `RPC_ERROR` (a JSON-RPC error answer),
 * `PROTOCOL` (a result of the wrong shape, in one sentence). Timeout
 * and abort both make the SDK send `notifications/cancelled`. Progress restarts the timeout
 * only when the caller listens for it. A lost connection is rethrown as is, for the caller
 * to describe. A task-capable tool may run as an MCP task instead ({@link runsAsTask},
 * {@link requestTaskToolCall}).
 */
export async function requestToolCall(request: ToolCallRequest): Promise<McpCallResult> {
  try {
    // A retry after a reconnect of a call that created its task only polls that task.
    const asTask =
      request.task.memory.taskId !== undefined ||
      runsAsTask({
        taskSupport: request.options.taskSupport,
        capabilities: request.client.getServerCapabilities(),
        timeoutMs: request.time.remainingMs,
      });
    return await withCallerSignal(request.options.signal, () =>
      asTask ? requestTaskToolCall(request, request.task) : sendCall(request),
    );
  } catch (error) {
    throw withTail(error, request.stderrTail());
  }
}

async function sendCall(request: ToolCallRequest): Promise<McpCallResult> {
  const { client, server, name, args, options, time, maxTotalMs } = request;
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
        timeout: time.remainingMs,
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
          : `${time.timeoutMs} ms`;
      throw new McpTransportError({
        code: "CALL_TIMEOUT",
        server,
        cause: error,
        message: `Tool "${name}" on server "${server}" did not answer within ${limit}; the server was sent notifications/cancelled.`,
      });
    }
    throw toolCallFailure(error, server, name);
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (totalTimer) clearTimeout(totalTimer);
  }
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
