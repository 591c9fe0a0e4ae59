import type { EventSourceMessage } from "eventsource-parser";
import { redactSecrets } from "../http/redact-secrets.js";
import type { RequestContext } from "../http/request-context.js";
import type { StreamParser } from "../http/stream-events.js";
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

/** A `thinking` block being streamed: its text and signature so far. */
interface ThinkingBlock {
  text: string;
  signature: string;
}

type Payload = Record<string, unknown> & { type?: unknown };

const tokens = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) ? value : 0;

/**
 * Parses Messages API SSE events into ModelEvents: text deltas, reasoning deltas (from
 * `thinking` blocks' `thinking_delta`s), tool-call deltas (`index` counts tool calls, not
 * content blocks) and each complete tool call when its block stops; a `thinking` block
 * ends with a `reasoning` event carrying its text and signature (from `signature_delta`),
 * a `redacted_thinking` block is one `reasoning` event with its encrypted `data` — both go
 * back to the API unchanged in the assistant turn; then usage (input from `message_start`, including cache reads and writes;
 * output from the last `message_delta`) and the finish reason at `message_stop`, with the
 * model `message_start` named.
 */
export class AnthropicStreamParser implements StreamParser {
  readonly #context: RequestContext;
  readonly #blocks = new Map<number, ToolBlock>();
  readonly #thinking = new Map<number, ThinkingBlock>();
  #toolCount = 0;
  #inputTokens = 0;
  #outputTokens = 0;
  #cacheReadTokens: number | undefined;
  #stopReason: unknown;
  #model: string | undefined;

  constructor(context: RequestContext) {
    this.#context = context;
  }

  push(event: EventSourceMessage, out: ModelEvent[]): boolean {
    const context = this.#context;
    if (event.data.trim() === "") return false;
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
        const message = payload.message as
          | { usage?: Record<string, unknown>; model?: unknown }
          | undefined;
        if (typeof message?.model === "string" && message.model !== "") this.#model = message.model;
        const usage = message?.usage;
        this.#inputTokens =
          tokens(usage?.input_tokens) +
          tokens(usage?.cache_creation_input_tokens) +
          tokens(usage?.cache_read_input_tokens);
        this.#outputTokens = tokens(usage?.output_tokens);
        if (usage?.cache_read_input_tokens !== undefined) {
          this.#cacheReadTokens = tokens(usage.cache_read_input_tokens);
        }
        return false;
      }
      case "content_block_start": {
        const block = payload.content_block as
          | {
              type?: unknown;
              id?: unknown;
              name?: unknown;
              text?: unknown;
              thinking?: unknown;
              signature?: unknown;
              data?: unknown;
            }
          | undefined;
        if (block?.type === "tool_use") {
          const tool: ToolBlock = {
            ordinal: this.#toolCount++,
            id:
              typeof block.id === "string" && block.id !== ""
                ? block.id
                : `toolu_${globalThis.crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`,
            name: typeof block.name === "string" ? block.name : "",
            json: "",
          };
          this.#blocks.set(Number(payload.index), tool);
          out.push({
            type: "tool-call-delta",
            index: tool.ordinal,
            id: tool.id,
            name: tool.name,
            argumentsDelta: "",
          });
        } else if (block?.type === "text" && typeof block.text === "string" && block.text !== "") {
          out.push({ type: "text-delta", text: block.text });
        } else if (block?.type === "thinking") {
          const text = typeof block.thinking === "string" ? block.thinking : "";
          this.#thinking.set(Number(payload.index), {
            text,
            signature: typeof block.signature === "string" ? block.signature : "",
          });
          if (text !== "") out.push({ type: "reasoning-delta", text });
        } else if (block?.type === "redacted_thinking" && typeof block.data === "string") {
          out.push({ type: "reasoning", part: { type: "redacted", data: block.data } });
        }
        return false;
      }
      case "content_block_delta": {
        const delta = payload.delta as
          | {
              type?: unknown;
              text?: unknown;
              partial_json?: unknown;
              thinking?: unknown;
              signature?: unknown;
            }
          | undefined;
        if (delta?.type === "text_delta" && typeof delta.text === "string") {
          if (delta.text !== "") out.push({ type: "text-delta", text: delta.text });
        } else if (delta?.type === "thinking_delta" && typeof delta.thinking === "string") {
          const block = this.#thinkingBlock(payload.index, event.data);
          block.text += delta.thinking;
          if (delta.thinking !== "") out.push({ type: "reasoning-delta", text: delta.thinking });
        } else if (delta?.type === "signature_delta" && typeof delta.signature === "string") {
          this.#thinkingBlock(payload.index, event.data).signature += delta.signature;
        } else if (delta?.type === "input_json_delta" && typeof delta.partial_json === "string") {
          const tool = this.#blocks.get(Number(payload.index));
          if (!tool) {
            throw protocolError(
              context,
              "input_json_delta for a block that is not tool_use",
              event.data,
            );
          }
          tool.json += delta.partial_json;
          out.push({
            type: "tool-call-delta",
            index: tool.ordinal,
            argumentsDelta: delta.partial_json,
          });
        }
        // citations_delta: not part of the ChatModel events.
        return false;
      }
      case "content_block_stop": {
        const thinking = this.#thinking.get(Number(payload.index));
        if (thinking) {
          out.push({
            type: "reasoning",
            part: {
              type: "thinking",
              text: thinking.text,
              ...(thinking.signature !== "" ? { signature: thinking.signature } : {}),
            },
          });
        }
        const tool = this.#blocks.get(Number(payload.index));
        if (tool) {
          out.push({
            type: "tool-call",
            id: tool.id,
            name: tool.name,
            arguments: tool.json.trim() === "" ? "{}" : tool.json,
          });
        }
        return false;
      }
      case "message_delta": {
        const delta = payload.delta as { stop_reason?: unknown } | undefined;
        if (delta?.stop_reason !== undefined && delta.stop_reason !== null) {
          this.#stopReason = delta.stop_reason;
        }
        const usage = payload.usage as Record<string, unknown> | undefined;
        if (usage && typeof usage.output_tokens === "number")
          this.#outputTokens = usage.output_tokens;
        return false;
      }
      case "message_stop":
        out.push({
          type: "usage",
          inputTokens: this.#inputTokens,
          outputTokens: this.#outputTokens,
          ...(this.#cacheReadTokens === undefined
            ? {}
            : { cacheReadTokens: this.#cacheReadTokens }),
        });
        out.push({
          type: "finish",
          reason: mapAnthropicStopReason(this.#stopReason, this.#toolCount > 0),
          ...(this.#model === undefined ? {} : { model: this.#model }),
        });
        return true;
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
        return false; // ping, and event types added later
    }
  }

  end(): void {
    throw interruptedError(this.#context);
  }

  #thinkingBlock(index: unknown, data: string): ThinkingBlock {
    const block = this.#thinking.get(Number(index));
    if (!block) {
      throw protocolError(this.#context, "a thinking delta for a block that is not thinking", data);
    }
    return block;
  }
}
