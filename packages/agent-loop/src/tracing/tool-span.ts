import { type Context, type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { ToolCall } from "@tinyloop/inference-adapters";
import { type ToolDefinition, type ToolResult, toolErrorCode } from "@tinyloop/registry";
import type { ToolResultEvent } from "../events.js";
import type { ContentRecorder } from "./trace-content.js";
import { loopTracer } from "./tracer.js";

/** Where a turn's tool spans go: under the turn's `chat` span, content recorded or not. */
export interface ToolTrace {
  parent: Context;
  content: ContentRecorder;
}

/**
 * Starts `execute_tool {tool}` (GenAI execute-tool span) for one call. An MCP tool gets
 * `gen_ai.tool.type` `extension` and the server and the tool's own name on it; the
 * arguments only when content is recorded (redacted then).
 */
export function startToolSpan(
  call: ToolCall,
  definition: ToolDefinition | undefined,
  tracing: ToolTrace,
  arguments_: string,
  startTime?: number,
): { span: Span; context: Context } {
  const name = definition?.name ?? call.name;
  const span = loopTracer().startSpan(
    `execute_tool ${name}`,
    {
      kind: SpanKind.INTERNAL,
      ...(startTime === undefined ? {} : { startTime }),
      attributes: {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": name,
        "gen_ai.tool.call.id": call.id,
        "gen_ai.tool.type": definition?.source ? "extension" : "function",
      },
    },
    tracing.parent,
  );
  if (span.isRecording()) {
    if (definition?.description)
      span.setAttribute("gen_ai.tool.description", definition.description);
    if (definition?.source) {
      span.setAttributes({
        "tinyloop.mcp.server.name": definition.source.server,
        "tinyloop.mcp.tool.name": definition.source.tool,
      });
    }
    if (tracing.content)
      span.setAttribute("gen_ai.tool.call.arguments", tracing.content(arguments_));
  }
  return { span, context: trace.setSpan(tracing.parent, span) };
}

/**
 * Ends a tool span with its outcome: a failed, refused or unknown call sets ERROR and
 * `error.type` (the result's code: `TIMEOUT`, `UNKNOWN_TOOL`, … or `tool_error`); a call
 * stopped by the run's abort gets `error.type` `cancelled`. The result only when content is
 * recorded.
 */
export function endToolSpan(
  span: Span,
  result: ToolResult,
  outcome: ToolResultEvent["outcome"],
  content: ContentRecorder,
  endTime?: number,
): void {
  if (span.isRecording()) {
    if (content) {
      const recorded = {
        content: result.content,
        ...(result.structuredContent === undefined
          ? {}
          : { structuredContent: result.structuredContent }),
      };
      span.setAttribute("gen_ai.tool.call.result", content(JSON.stringify(recorded)));
    }
    if (outcome !== "ok") {
      const type =
        outcome === "cancelled"
          ? toolErrorCode(result) === "TIMEOUT"
            ? "timeout"
            : "cancelled"
          : outcome === "denied"
            ? "denied"
            : (toolErrorCode(result) ?? "tool_error");
      span.setAttribute("error.type", type);
      // The type only: an error text may echo what the tool was given.
      span.setStatus({ code: SpanStatusCode.ERROR, message: type });
    }
  }
  span.end(endTime);
}
