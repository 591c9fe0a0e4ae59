import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { isTerminal } from "@modelcontextprotocol/sdk/experimental/tasks";
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  ErrorCode,
  McpError,
  type Task,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpCallResult } from "./connection-types.js";
import { McpTransportError } from "./errors.js";
import type { TaskStatusBoard } from "./task-status-board.js";
import { abortedError, toolCallFailure } from "./tool-call-failure.js";
import type { TaskCallContext, ToolCallRequest } from "./tool-call-request.js";

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
 * A `notifications/tasks/status` for the task ends the wait for the next poll at once. Run
 * again after a reconnect with a task in `memory`, it polls that task instead of calling
 * the tool again, and fails with `RPC_ERROR` when the server no longer knows it.
 */
export async function requestTaskToolCall(
  request: ToolCallRequest,
  context: TaskCallContext,
): Promise<McpCallResult> {
  const { client, server, name, options } = request;
  const { board, memory } = context;
  const { signal } = options;
  if (signal?.aborted) throw abortedError(server, name);
  const maxTotalMs = request.maxTotalMs ?? Number.POSITIVE_INFINITY;
  // The whole task's time as set (the same on every retry), which the timeout's message names.
  const budgetMs = Math.min(request.time.timeoutMs, maxTotalMs);
  memory.deadline ??= Date.now() + Math.min(request.time.remainingMs, maxTotalMs);
  const { deadline } = memory;
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
  const timer = setTimeout(() => end("timeout"), remaining());
  const progress = { settled: false };
  const poll: Poll = { client, board, stop: stop.signal, remaining };
  try {
    const first =
      memory.taskId === undefined
        ? await createTask(request, poll, progress)
        : await resumedTask(request, poll, memory.taskId);
    if (!("taskId" in first)) return first;
    memory.taskId = first.taskId;
    const task = await untilSettled(poll, first);
    if (task.status === "cancelled") return cancelledByServer(server, name, task);
    const result = await client.experimental.tasks.getTaskResult(
      task.taskId,
      CallToolResultSchema,
      { signal: stop.signal, timeout: remaining() },
    );
    return result as McpCallResult;
  } catch (error) {
    if (ending === undefined) throw toolCallFailure(error, server, name);
    const sent = await cancelTask(client, memory.taskId);
    if (ending === "aborted") throw abortedError(server, name, error, sent);
    throw new McpTransportError({
      code: "CALL_TIMEOUT",
      server,
      cause: error,
      message: `Tool "${name}" on server "${server}" ran as a task and did not finish within ${budgetMs} ms (the call's timeout covers the whole task); the server was sent ${sent}.`,
    });
  } finally {
    progress.settled = true;
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
    if (memory.taskId !== undefined) board.forget(memory.taskId);
  }
}

/** What polling a task needs. */
interface Poll {
  client: Client;
  board: TaskStatusBoard;
  stop: AbortSignal;
  remaining: () => number;
}

/** Sends the task-augmented `tools/call`: the task it created, or the server's plain result. */
async function createTask(
  request: ToolCallRequest,
  poll: Poll,
  progress: { settled: boolean },
): Promise<Task | McpCallResult> {
  const { name, args, options } = request;
  const { onProgress } = options;
  const created = await poll.client.request(
    { method: "tools/call", params: { name, arguments: args } },
    CreateTaskResultSchema.or(CallToolResultSchema),
    {
      task: {},
      signal: poll.stop,
      timeout: poll.remaining(),
      ...(onProgress
        ? {
            onprogress: (p: { progress: number; total?: number; message?: string }) => {
              if (progress.settled) return;
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
  return createdTask(created) ?? (created as McpCallResult);
}

/**
 * The state of a task created before a reconnect, asked of the server anew. A server that no
 * longer knows it (a restarted process, tasks bound to the old session) fails the call with
 * `RPC_ERROR`: calling the tool again could run it twice.
 */
async function resumedTask(request: ToolCallRequest, poll: Poll, taskId: string): Promise<Task> {
  const { server, name } = request;
  try {
    return await poll.client.experimental.tasks.getTask(taskId, {
      signal: poll.stop,
      timeout: poll.remaining(),
    });
  } catch (error) {
    if (!(error instanceof McpError) || error.code !== ErrorCode.InvalidParams) throw error;
    throw new McpTransportError({
      code: "RPC_ERROR",
      server,
      rpcCode: error.code,
      cause: error,
      mayHaveRun: true,
      message: `Tool "${name}" on server "${server}" ran as task ${taskId}, which the server no longer knows after the connection was re-established (${error.message.replace(/^MCP error -?\d+: /, "")}). The tool was not called again, so that it does not run twice; it may have run, in full or in part.`,
    });
  }
}

/** The task of a `CreateTaskResult`, or undefined for a plain tool result. */
function createdTask(answer: object): Task | undefined {
  const task = (answer as { task?: unknown }).task;
  return typeof task === "object" && task !== null ? (task as Task) : undefined;
}

/**
 * Polls `tasks/get` until the task is terminal or needs input. Between polls it waits the
 * server's `pollInterval`, or less when the server notifies the task's new state (which is
 * then used as it is, without a poll).
 */
async function untilSettled(poll: Poll, first: Task): Promise<Task> {
  let task = first;
  while (!isTerminal(task.status) && task.status !== "input_required") {
    const interval = Math.max(MIN_TASK_POLL_MS, task.pollInterval ?? DEFAULT_TASK_POLL_MS);
    const notified = await poll.board.waitFor(task.taskId, interval, poll.stop);
    task = notified
      ? { pollInterval: task.pollInterval, ...notified }
      : await poll.client.experimental.tasks.getTask(task.taskId, {
          signal: poll.stop,
          timeout: poll.remaining(),
        });
  }
  return task;
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
