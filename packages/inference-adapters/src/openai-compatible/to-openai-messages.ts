import type { ContentBlock, ImageContent } from "../content-block.js";
import { describeContentBlock, toolResultText } from "../messages/describe-content-block.js";
import type { ChatMessage, UserPart } from "../types.js";
import { echoedReasoning, type ReasoningEcho } from "./reasoning-echo.js";

/** A part of an OpenAI user message's content. */
export type OpenAIContentPart =
  | { type: "text"; text: string }
  | { type: "image_url"; image_url: { url: string } };

/** A message of an OpenAI chat-completions request. */
export type OpenAIMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string | OpenAIContentPart[] }
  | {
      role: "assistant";
      content: string | null;
      /** DeepSeek: the reasoning of a turn that called tools (see `ReasoningEcho`). */
      reasoning_content?: string;
      /** OpenRouter: signed and encrypted reasoning (see `ReasoningEcho`). */
      reasoning_details?: unknown[];
      tool_calls?: Array<{
        id: string;
        type: "function";
        function: { name: string; arguments: string };
      }>;
    }
  | { role: "tool"; tool_call_id: string; content: string };

const imagePart = (image: { data: string; mimeType: string }): OpenAIContentPart => ({
  type: "image_url",
  image_url: { url: `data:${image.mimeType};base64,${image.data}` },
});

const userPart = (part: UserPart): OpenAIContentPart =>
  part.type === "text" ? { type: "text", text: part.text } : imagePart(part);

/** One message converted: the OpenAI message, and the images it leaves for a user message. */
export interface ConvertedMessage {
  message: OpenAIMessage;
  /** Tool-result images (vision only), sent after the run of tool messages. */
  images: OpenAIContentPart[];
}

const NO_IMAGES: OpenAIContentPart[] = [];

/**
 * Converts one message to an OpenAI chat-completions message. Tool results become
 * `role: "tool"` text (the wire has no image parts there). Their images, when `vision` is
 * on, are returned apart: they follow the run of tool messages as one user message with
 * `image_url` parts (the tool messages must stay right after the assistant turn, see
 * {@link imagesMessage}); without vision they are described in the text. An assistant
 * message's reasoning goes back only as `echo` says (default: never).
 */
export function toOpenAIMessage(
  message: ChatMessage,
  vision: boolean,
  echo: ReasoningEcho = "none",
): ConvertedMessage {
  switch (message.role) {
    case "system":
      return { message: { role: "system", content: message.content }, images: NO_IMAGES };
    case "user":
      return {
        message: {
          role: "user",
          content:
            typeof message.content === "string" ? message.content : message.content.map(userPart),
        },
        images: NO_IMAGES,
      };
    case "assistant":
      return {
        message: {
          role: "assistant",
          content: message.content === "" && message.toolCalls?.length ? null : message.content,
          ...echoedReasoning(echo, message.reasoning, message.toolCalls),
          ...(message.toolCalls?.length
            ? {
                tool_calls: message.toolCalls.map((call) => ({
                  id: call.id,
                  type: "function" as const,
                  function: {
                    name: call.name,
                    arguments: call.arguments === "" ? "{}" : call.arguments,
                  },
                })),
              }
            : {}),
        },
        images: NO_IMAGES,
      };
    case "tool": {
      const images = vision
        ? message.content.filter((block): block is ImageContent => block.type === "image")
        : [];
      const describe = (block: ContentBlock) =>
        vision && block.type === "image"
          ? `[image ${block.mimeType}: shown in the next user message]`
          : describeContentBlock(block);
      const converted: OpenAIMessage = {
        role: "tool",
        tool_call_id: message.toolCallId,
        content: toolResultText(message.content, message.isError, describe),
      };
      if (images.length === 0) return { message: converted, images: NO_IMAGES };
      const label = message.toolName
        ? `${message.toolName} (call ${message.toolCallId})`
        : `call ${message.toolCallId}`;
      return {
        message: converted,
        images: [
          { type: "text", text: `Image(s) returned by tool ${label}:` },
          ...images.map(imagePart),
        ],
      };
    }
  }
}

/** The user message that carries the images of a run of tool results. */
export function imagesMessage(parts: OpenAIContentPart[]): OpenAIMessage {
  return { role: "user", content: parts };
}
