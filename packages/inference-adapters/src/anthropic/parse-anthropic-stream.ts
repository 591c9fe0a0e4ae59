import { randomUUID } from "node:crypto";
import type { EventSourceMessage } from "eventsource-parser";
import { redactSecrets } from "../http/redact-secrets.js";
import type { RequestContext } from "../http/request-context.js";
import { interruptedError, protocolError } from "../http/stream-failure.js";
import { InferenceError } from "../inference-error.js";
import type { FinishReason, ModelEvent } from "../types.js";

/** Maps an Anthropic `stop_reason`. */
export function mapAnthropicStopReason(reason: unknown, hasToolCalls: boolean): FinishReason {
  switch (reason) {
    case "tool_use":
      return "tool-calls";
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "refusal":
      return "content-filter";
    default:
      return hasToolCalls ? "tool-calls" : "stop";
  }
}

interface ToolBlock {
  ordinal: number;
  id: string;
  name: string;
  json: string;
}

type Payload = Record<string, unknown> & { type?: unknown };

const tokens = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) ? value : 0;

/**
 * Turns Messages API SSE events into ModelEvents: text deltas, tool-call deltas
 * (`index` counts tool calls, not content blocks) and each complete tool call when its
 * block stops, then usage (input from `message_start`, including cache reads and writes;
 * output from the last `message_delta`) and the finish reason at `message_stop`.
 */
export async function* parseAnthropicStream(
  events: AsyncIterable<EventSourceMessage>,
  context: RequestContext,
): AsyncGenerator<ModelEvent> {
  const blocks = new Map<number, ToolBlock>();
  let toolCount = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  let stopReason: unknown;
  for await (const event of events) {
    if (event.data.trim() === "") continue;
    let payload: Payload;
    try {
      payload = JSON.parse(event.data) as Payload;
    } catch {
      throw protocolError(context, "an event that is not JSON", event.data);
    }
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
      throw protocolError(context, "an event that is not a JSON object", event.data);
    }
    const type = payload.type ?? event.event;
    switch (type) {
      case "message_start": {
        const usage = (payload.message as { usage?: Record<string, unknown> } | undefined)?.usage;
        inputTokens =
          tokens(usage?.input_tokens) +
          tokens(usage?.cache_creation_input_tokens) +
          tokens(usage?.cache_read_input_tokens);
        outputTokens = tokens(usage?.output_tokens);
        break;
      }
      case "content_block_start": {
        const block = payload.content_block as {
          type?: unknown;
          id?: unknown;
          name?: unknown;
          text?: unknown;
        };
        const index = Number(payload.index);
        if (block?.type === "tool_use") {
          const tool: ToolBlock = {
            ordinal: toolCount++,
            id:
              typeof block.id === "string" && block.id !== ""
                ? block.id
                : `toolu_${randomUUID().replace(/-/g, "").slice(0, 24)}`,
            name: typeof block.name === "string" ? block.name : "",
            json: "",
          };
          blocks.set(index, tool);
          yield {
            type: "tool-call-delta",
            index: tool.ordinal,
            id: tool.id,
            name: tool.name,
            argumentsDelta: "",
          };
        } else if (block?.type === "text" && typeof block.text === "string" && block.text !== "") {
          yield { type: "text-delta", text: block.text };
        }
        break;
      }
      case "content_block_delta": {
        const delta = payload.delta as
          | { type?: unknown; text?: unknown; partial_json?: unknown }
          | undefined;
        if (delta?.type === "text_delta" && typeof delta.text === "string") {
          if (delta.text !== "") yield { type: "text-delta", text: delta.text };
        } else if (delta?.type === "input_json_delta" && typeof delta.partial_json === "string") {
          const tool = blocks.get(Number(payload.index));
          if (!tool)
            throw protocolError(
              context,
              "input_json_delta for a block that is not tool_use",
              event.data,
            );
          tool.json += delta.partial_json;
          yield {
            type: "tool-call-delta",
            index: tool.ordinal,
            argumentsDelta: delta.partial_json,
          };
        }
        // thinking_delta, signature_delta, citations_delta: not part of the ChatModel events.
        break;
      }
      case "content_block_stop": {
        const tool = blocks.get(Number(payload.index));
        if (tool) {
          yield {
            type: "tool-call",
            id: tool.id,
            name: tool.name,
            arguments: tool.json.trim() === "" ? "{}" : tool.json,
          };
        }
        break;
      }
      case "message_delta": {
        const delta = payload.delta as { stop_reason?: unknown } | undefined;
        if (delta?.stop_reason !== undefined && delta.stop_reason !== null)
          stopReason = delta.stop_reason;
        const usage = payload.usage as Record<string, unknown> | undefined;
        if (usage && typeof usage.output_tokens === "number") outputTokens = usage.output_tokens;
        break;
      }
      case "message_stop":
        yield { type: "usage", inputTokens, outputTokens };
        yield { type: "finish", reason: mapAnthropicStopReason(stopReason, toolCount > 0) };
        return;
      case "error": {
        const error = payload.error as { type?: unknown; message?: unknown } | undefined;
        const said = redactSecrets(
          String(error?.message ?? event.data.slice(0, 200)),
          context.secrets,
        );
        throw new InferenceError({
          code: error?.type === "rate_limit_error" ? "RATE_LIMITED" : "SERVER",
          message: `${context.provider} reported ${String(error?.type ?? "an error")} in the middle of the stream: ${said}. Try again later.`,
          provider: context.provider,
        });
      }
      default:
        break; // ping and event types added later
    }
  }
  throw interruptedError(context);
}
