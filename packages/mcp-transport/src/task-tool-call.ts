import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { isTerminal } from "@modelcontextprotocol/sdk/experimental/tasks";
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  type Task,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpCallResult } from "./connection-types.js";
import { McpTransportError } from "./errors.js";
import type { ToolCallRequest } from "./request-tool-call.js";
import { abortedError, toolCallFailure } from "./tool-call-failure.js";

/** Poll interval when the server suggests none (the SDK's default too). */
export const DEFAULT_TASK_POLL_MS = 1_000;
/** A server's suggested poll interval is raised to at least this, so a `0` cannot spin. */
export const MIN_TASK_POLL_MS = 100;
/** How long `tasks/cancel` may take after an abort or a timeout before the call gives up on it. */
export const TASK_CANCEL_TIMEOUT_MS = 5_000;

type Ending = "aborted" | "timeout";

/**
 * Runs one `tools/call` as an MCP task (2025-11-25, the SDK's experimental tasks API): the
 * call creates the task, `tasks/get` is polled at the server's `pollInterval` until the task
 * is terminal, then `tasks/result` fetches the tool result (also for `input_required`, which
 * delivers the server's questions and waits). Progress sent for the task reaches
 * `onProgress`. The call's timeout (or `maxTotalMs`, whichever is shorter) covers the whole
 * task and is not restarted by progress. On abort or timeout the server is sent
 * `tasks/cancel` (awaited up to {@link TASK_CANCEL_TIMEOUT_MS}) and the call rejects with
 * `ABORTED` / `CALL_TIMEOUT`. A task the server cancels itself comes back as an error result
 * the model can read. A server that answers with a plain result instead of a task is fine.
 */
export async function requestTaskToolCall(request: ToolCallRequest): Promise<McpCallResult> {
  const { client, server, name, args, options } = request;
  const { signal, onProgress } = options;
  if (signal?.aborted) throw abortedError(server, name);
  const budget = Math.min(request.timeoutMs, request.maxTotalMs ?? Number.POSITIVE_INFINITY);
  const deadline = Date.now() + budget;
  const remaining = () => Math.max(1, deadline - Date.now());
  // One controller ends every request of the task and its poll waits: abort or deadline.
  const stop = new AbortController();
  let ending: Ending | undefined;
  const end = (why: Ending) => {
    ending ??= why;
    stop.abort(new Error(why));
  };
  const onAbort = () => end("aborted");
  signal?.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => end("timeout"), budget);
  let settled = false;
  let taskId: string | undefined;
  try {
    const created = await client.request(
      { method: "tools/call", params: { name, arguments: args } },
      CreateTaskResultSchema.or(CallToolResultSchema),
      {
        task: {},
        signal: stop.signal,
        timeout: remaining(),
        ...(onProgress
          ? {
              onprogress: (p: { progress: number; total?: number; message?: string }) => {
                if (settled) return;
                onProgress({
                  progress: p.progress,
                  ...(p.total === undefined ? {} : { total: p.total }),
                  ...(p.message === undefined ? {} : { message: p.message }),
                });
              },
            }
          : {}),
      },
    );
    const started = createdTask(created);
    if (started === undefined) return created as McpCallResult;
    taskId = started.taskId;
    const task = await untilSettled(client, started, stop.signal, remaining);
    if (task.status === "cancelled") return cancelledByServer(server, name, task);
    const result = await client.experimental.tasks.getTaskResult(
      task.taskId,
      CallToolResultSchema,
      {
        signal: stop.signal,
        timeout: remaining(),
      },
    );
    return result as McpCallResult;
  } catch (error) {
    if (ending === undefined) throw toolCallFailure(error, server, name);
    const sent = await cancelTask(client, taskId);
    if (ending === "aborted") throw abortedError(server, name, error, sent);
    throw new McpTransportError({
      code: "CALL_TIMEOUT",
      server,
      cause: error,
      message: `Tool "${name}" on server "${server}" ran as a task and did not finish within ${budget} ms (the call's timeout covers the whole task); the server was sent ${sent}.`,
    });
  } finally {
    settled = true;
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/** The task of a `CreateTaskResult`, or undefined for a plain tool result. */
function createdTask(answer: object): Task | undefined {
  const task = (answer as { task?: unknown }).task;
  return typeof task === "object" && task !== null ? (task as Task) : undefined;
}

/** Polls `tasks/get` until the task is terminal or needs input. */
async function untilSettled(
  client: Client,
  first: Task,
  stop: AbortSignal,
  remaining: () => number,
): Promise<Task> {
  let task = first;
  while (!isTerminal(task.status) && task.status !== "input_required") {
    await pause(Math.max(MIN_TASK_POLL_MS, task.pollInterval ?? DEFAULT_TASK_POLL_MS), stop);
    task = await client.experimental.tasks.getTask(task.taskId, {
      signal: stop,
      timeout: remaining(),
    });
  }
  return task;
}

/** Waits `ms`, or rejects as soon as `stop` aborts. */
function pause(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (stop.aborted) return reject(stop.reason);
    const done = () => {
      clearTimeout(timer);
      stop.removeEventListener("abort", aborted);
      resolve();
    };
    const aborted = () => {
      clearTimeout(timer);
      reject(stop.reason);
    };
    const timer = setTimeout(done, ms);
    stop.addEventListener("abort", aborted, { once: true });
  });
}

/**
 * Sends `tasks/cancel` for a started task and says what the server was sent; before the task
 * exists, the SDK has already sent `notifications/cancelled` for the `tools/call` itself.
 */
async function cancelTask(client: Client, taskId: string | undefined): Promise<string> {
  if (taskId === undefined) return "notifications/cancelled";
  try {
    await client.experimental.tasks.cancelTask(taskId, { timeout: TASK_CANCEL_TIMEOUT_MS });
    return `tasks/cancel for task ${taskId}`;
  } catch {
    // Already terminal, unknown to the server, or the connection is gone: nothing to stop.
    return `tasks/cancel for task ${taskId} (not confirmed)`;
  }
}

function cancelledByServer(server: string, name: string, task: Task): McpCallResult {
  const why = task.statusMessage ? `: ${task.statusMessage}` : "";
  return {
    content: [
      {
        type: "text",
        text: `Tool "${name}" on server "${server}" ran as task ${task.taskId}, which the server cancelled before it finished${why}`,
      },
    ],
    isError: true,
  };
}
