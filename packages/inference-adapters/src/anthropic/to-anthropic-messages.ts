import type { ContentBlock } from "../content-block.js";
import { describeContentBlock } from "../messages/describe-content-block.js";
import type { ChatMessage, ReasoningPart, UserPart } from "../types.js";

type ImageBlock = { type: "image"; source: { type: "base64"; media_type: string; data: string } };
type TextBlock = { type: "text"; text: string };
/** A content block of an Anthropic Messages request. */
export type AnthropicContentBlock =
  | TextBlock
  | ImageBlock
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "redacted_thinking"; data: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> }
  | {
      type: "tool_result";
      tool_use_id: string;
      content?: Array<TextBlock | ImageBlock>;
      is_error?: boolean;
    };
/** A message of an Anthropic Messages request. */
export interface AnthropicMessage {
  role: "user" | "assistant";
  content: AnthropicContentBlock[];
}

const image = (data: string, mimeType: string): ImageBlock => ({
  type: "image",
  source: { type: "base64", media_type: mimeType, data },
});

const userBlock = (part: UserPart): TextBlock | ImageBlock =>
  part.type === "text" ? { type: "text", text: part.text } : image(part.data, part.mimeType);

/** Tool result content: text and images pass through, everything else is described as text. */
const resultBlock = (block: ContentBlock): TextBlock | ImageBlock =>
  block.type === "image"
    ? image(block.data, block.mimeType)
    : { type: "text", text: describeContentBlock(block) };

/**
 * The reasoning the API takes back: signed `thinking` blocks exactly as they came, and
 * `redacted_thinking` blocks. Unsigned reasoning (from another provider, or a text format)
 * is dropped: the API refuses a thinking block without a valid signature.
 */
function thinkingBlocks(parts: readonly ReasoningPart[] | undefined): AnthropicContentBlock[] {
  const blocks: AnthropicContentBlock[] = [];
  for (const part of parts ?? []) {
    if (part.type === "redacted") blocks.push({ type: "redacted_thinking", data: part.data });
    else if (part.signature) {
      blocks.push({ type: "thinking", thinking: part.text, signature: part.signature });
    }
  }
  return blocks;
}

/** Parses recorded arguments back to the object `tool_use.input` needs; not an object → `{}`. */
function toolInput(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text === "" ? "{}" : text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * Converts messages to an Anthropic request: system messages become the separate `system`
 * text (joined by blank lines); assistant tool calls become `tool_use` blocks; tool
 * messages become `tool_result` blocks in a user turn; an assistant turn's signed reasoning
 * goes first in its content as `thinking` / `redacted_thinking` blocks, unchanged (the API
 * requires them in the turn that asked for tools while thinking is on); adjacent turns of the same role are
 * merged, because the API wants user and assistant to alternate (so consecutive tool
 * results, and a user message right after them, share one user turn).
 */
export function toAnthropicMessages(messages: readonly ChatMessage[]): {
  system: string | undefined;
  messages: AnthropicMessage[];
} {
  const system: string[] = [];
  const out: AnthropicMessage[] = [];
  const push = (role: AnthropicMessage["role"], content: AnthropicContentBlock[]) => {
    if (content.length === 0) return;
    const last = out.at(-1);
    if (last && last.role === role) last.content.push(...content);
    else out.push({ role, content });
  };
  for (const message of messages) {
    switch (message.role) {
      case "system":
        system.push(message.content);
        break;
      case "user":
        push(
          "user",
          typeof message.content === "string"
            ? [{ type: "text", text: message.content }]
            : message.content.map(userBlock),
        );
        break;
      case "assistant":
        push("assistant", [
          ...thinkingBlocks(message.reasoning),
          ...(message.content !== "" ? [{ type: "text" as const, text: message.content }] : []),
          ...(message.toolCalls ?? []).map((call) => ({
            type: "tool_use" as const,
            id: call.id,
            name: call.name,
            input: toolInput(call.arguments),
          })),
        ]);
        break;
      case "tool":
        push("user", [
          {
            type: "tool_result",
            tool_use_id: message.toolCallId,
            ...(message.content.length > 0 ? { content: message.content.map(resultBlock) } : {}),
            ...(message.isError ? { is_error: true } : {}),
          },
        ]);
        break;
    }
  }
  return { system: system.length > 0 ? system.join("\n\n") : undefined, messages: out };
}
