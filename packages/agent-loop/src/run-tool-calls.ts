import { context } from "@opentelemetry/api";
import type { ToolCall } from "@tinyloop/inference-adapters";
import {
  ABORTED,
  ambiguousToolResult,
  resolveToolName,
  stoppedResult,
  type ToolDefinition,
  type ToolNameResolution,
  type ToolRegistry,
  type ToolResult,
  toolErrorCode,
  toolFailedResult,
  unknownToolResult,
  untilAborted,
  withResolvedName,
} from "@tinyloop/registry";
import { epochNow } from "./epoch-now.js";
import type { ToolProgressEvent, ToolResultEvent } from "./events.js";
import { isExitTool } from "./exit-tools.js";
import { type Limiter, limitConcurrency } from "./limit-concurrency.js";
import { type RunStep, type ToolStepResult, toolStepName } from "./run-step.js";
import type { SettledCall } from "./settled-call.js";
import { approvalFailedResult, deniedResult, withChangedArguments } from "./tool-result-texts.js";
import { spanIds } from "./tracing/span-ids.js";
import { endToolSpan, startToolSpan, type ToolTrace } from "./tracing/tool-span.js";

/**
 * What an {@link ApproveToolCall} hook may answer: yes/no, no with a reason for the model,
 * or yes with `arguments` (JSON text) the person changed before the call runs.
 */
export type ApprovalDecision = boolean | { approved: boolean; reason?: string; arguments?: string };

/**
 * Asked before each tool call (not the agent's own exit tools). Hooks are asked one at a
 * time in the order the model made the calls, while approved calls already run.
 */
export type ApproveToolCall = (
  call: ToolCall,
  definition: ToolDefinition,
  context: { signal: AbortSignal },
) => ApprovalDecision | Promise<ApprovalDecision>;

/** Everything {@link runToolCalls} needs. */
export interface RunToolCallsInput {
  calls: readonly ToolCall[];
  turn: number;
  registry: ToolRegistry;
  offered: ReadonlyMap<string, ToolDefinition>;
  /** The agent's own tools that run here, not in the registry (`tool_search`); never asked about. */
  local?: ReadonlyMap<string, (rawArguments: string) => ToolResult>;
  approve: ApproveToolCall | undefined;
  /** The step seam each registry dispatch passes (the agent's own local tools do not). */
  runStep: RunStep;
  /** How many calls may run at once. */
  concurrency: number;
  signal: AbortSignal;
  /** Called as each call settles, in completion order. */
  onResult: (event: ToolResultEvent) => void;
  /** Called when a running tool reports progress. */
  onProgress: (event: ToolProgressEvent) => void;
  /** Where the calls' `execute_tool` spans go; without it they have no parent but the active context. */
  trace?: ToolTrace;
}

/**
 * Dispatches all calls of one turn at once (the limiter bounds how many run together)
 * and resolves to their results in call order. Never rejects: denials, unknown tools,
 * thrown handlers and aborts all become error results (the registry's outcomes, except a
 * denial). After an abort it resolves at once, with `ABORTED` for every unfinished call.
 */
export async function runToolCalls(input: RunToolCallsInput): Promise<SettledCall[]> {
  // One limiter per turn: a handler that ignores an abort cannot hold a slot of a later turn.
  const limiter = limitConcurrency(input.concurrency);
  let approvals: Promise<unknown> = Promise.resolve();
  const settled = input.calls.map((call, index) => {
    // An MCP tool called by its own name (`list_directory`) runs when it is the only one;
    // a name any tool has, offered or not, is never taken for another.
    const resolution = resolveToolName(
      call.name,
      input.offered.values(),
      (name) => input.registry.has(name) || input.local?.has(name) === true,
    );
    const definition = resolution.kind === "found" ? resolution.definition : undefined;
    let approval: Promise<ApprovalDecision> | undefined;
    if (definition && input.approve && !isExitTool(call.name) && !input.local?.has(call.name)) {
      const approve = input.approve;
      // The person is asked about the tool that will run, under its registered name.
      const asked = { ...call, name: definition.name };
      approval = approvals.then(() =>
        // After an abort nobody should be asked any more; the call is cancelled anyway.
        input.signal.aborted ? false : approve(asked, definition, { signal: input.signal }),
      );
      approvals = approval.catch(() => {});
    }
    return settleCall(call, index, resolution, approval, limiter, input).catch(
      (error: unknown): SettledCall => {
        // Safety net (a throwing event consumer, a bug): the call still gets a result.
        const result = toolFailedResult(call.name, error);
        const at = epochNow();
        input.onResult({
          type: "tool-result",
          turn: input.turn,
          call,
          result,
          startedAt: at,
          endedAt: at,
          durationMs: 0,
          outcome: "error",
        });
        return { call, result, outcome: "error" };
      },
    );
  });
  return Promise.all(settled);
}

async function settleCall(
  call: ToolCall,
  index: number,
  resolution: ToolNameResolution,
  approval: Promise<ApprovalDecision> | undefined,
  limiter: Limiter,
  input: RunToolCallsInput,
): Promise<SettledCall> {
  let startedAt = epochNow();
  let endedAt: number | undefined;
  const tracing = input.trace ?? { parent: context.active(), content: undefined };
  const definitionOf = resolution.kind === "found" ? resolution.definition : undefined;
  let span: ReturnType<typeof startToolSpan> | undefined;
  const finish = (
    result: ToolResult,
    outcome: SettledCall["outcome"],
    args?: Record<string, unknown>,
  ): SettledCall => {
    endedAt ??= epochNow();
    // A call that never ran (unknown, denied, cancelled while waiting) still gets its span.
    span ??= startToolSpan(call, definitionOf, tracing, call.arguments, startedAt);
    const ids = spanIds(span.span); // an ended span no longer records: its ids first
    endToolSpan(span.span, result, outcome, tracing.content, endedAt);
    input.onResult({
      type: "tool-result",
      turn: input.turn,
      call,
      result,
      startedAt,
      endedAt,
      durationMs: endedAt - startedAt,
      outcome,
      ...ids,
    });
    return args === undefined ? { call, result, outcome } : { call, result, outcome, args };
  };
  const stopped = () => finish(stoppedResult(call.name, input.signal), "cancelled");

  // Unknown to this agent (not registered, or filtered out): the registry's UNKNOWN_TOOL,
  // suggesting only what this agent offers.
  if (resolution.kind === "ambiguous")
    return finish(ambiguousToolResult(call.name, resolution.candidates), "unavailable");
  if (resolution.kind === "unknown")
    return finish(unknownToolResult(call.name, input.offered.keys()), "unavailable");
  const { definition, resolvedFrom } = resolution;

  let decision: ApprovalDecision | typeof ABORTED = true;
  try {
    if (approval !== undefined) decision = await untilAborted(approval, input.signal);
  } catch (error) {
    return finish(approvalFailedResult(error), "denied");
  }
  if (decision === ABORTED) return stopped();
  // Anything but a clear yes is a no: a hook that forgets to return must not run a tool.
  const object = typeof decision === "object" && decision !== null ? decision : undefined;
  if (decision !== true && object?.approved !== true) {
    const reason = typeof object?.reason === "string" ? object.reason : undefined;
    return finish(deniedResult(reason), "denied");
  }

  // Arguments the person changed run instead of the model's; the result tells the model so.
  const changed =
    typeof object?.arguments === "string" && object.arguments !== call.arguments
      ? object.arguments
      : undefined;
  const local = input.local?.get(call.name);
  // The step starts once it holds a slot, so a started step is a call that really runs;
  // the limiter is first-in first-out, so steps start in call order on every replay.
  const dispatched = limiter(async (): Promise<ToolStepResult | typeof ABORTED> => {
    if (input.signal.aborted) return ABORTED;
    startedAt = epochNow();
    span = startToolSpan(call, definition, tracing, changed ?? call.arguments, startedAt);
    if (local) {
      const result = local(call.arguments);
      endedAt = epochNow();
      return { result };
    }
    // The registry answers ABORTED at once on abort, so the slot is freed then too.
    // The tool span is the active one while the registry dispatches, so an MCP client
    // span (and the traceparent sent to an HTTP server) is its child.
    const toolContext = span.context;
    const dispatched = await context.with(toolContext, () =>
      input.runStep({
        kind: "tool",
        name: toolStepName(input.turn, index, call),
        turn: input.turn,
        call,
        run: () =>
          input.registry.dispatchCall(definition.name, changed ?? call.arguments, {
            signal: input.signal,
            callId: call.id,
            onProgress: (progress) => {
              if (endedAt === undefined && !input.signal.aborted) {
                input.onProgress({ type: "tool-progress", turn: input.turn, call, ...progress });
              }
            },
          }),
      }),
    );
    endedAt = epochNow(); // measured here, before the slot goes to the next waiting call
    return dispatched;
  });
  let done: ToolStepResult | typeof ABORTED;
  try {
    done = await untilAborted(dispatched, input.signal);
  } catch (error) {
    return finish(toolFailedResult(call.name, error), "error");
  }
  if (done === ABORTED) return stopped();
  const { args } = done;
  const answered = changed === undefined ? done.result : withChangedArguments(done.result, changed);
  const result = resolvedFrom
    ? withResolvedName(answered, resolvedFrom, definition.name)
    : answered;
  const code = toolErrorCode(result);
  // Stopped by the run's own signal (an AbortSignal.timeout gives TIMEOUT): cancelled.
  const cancelled = code === "ABORTED" || (code === "TIMEOUT" && input.signal.aborted);
  const outcome = cancelled ? "cancelled" : result.isError ? "error" : "ok";
  return finish(result, outcome, args);
}
