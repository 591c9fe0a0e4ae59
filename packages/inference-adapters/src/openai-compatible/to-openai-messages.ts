import type { ContentBlock, ImageContent } from "../content-block.js";
import { describeContentBlock, toolResultText } from "../messages/describe-content-block.js";
import type { ChatMessage, UserPart } from "../types.js";

type OpenAIContentPart =
  | { type: "text"; text: string }
  | { type: "image_url"; image_url: { url: string } };

/** A message of an OpenAI chat-completions request. */
export type OpenAIMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string | OpenAIContentPart[] }
  | {
      role: "assistant";
      content: string | null;
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

/**
 * Converts messages to OpenAI chat-completions messages. Tool results become `role: "tool"`
 * text (the wire has no image parts there). Their images, when `vision` is on, follow the
 * run of tool messages as one user message with `image_url` parts (the tool messages must
 * stay right after the assistant turn); without vision they are described in the text.
 */
export function toOpenAIMessages(
  messages: readonly ChatMessage[],
  vision: boolean,
): OpenAIMessage[] {
  const out: OpenAIMessage[] = [];
  let pendingImages: OpenAIContentPart[] = [];
  const flushImages = () => {
    if (pendingImages.length === 0) return;
    out.push({ role: "user", content: pendingImages });
    pendingImages = [];
  };
  for (const message of messages) {
    if (message.role !== "tool") flushImages();
    switch (message.role) {
      case "system":
        out.push({ role: "system", content: message.content });
        break;
      case "user":
        out.push({
          role: "user",
          content:
            typeof message.content === "string" ? message.content : message.content.map(userPart),
        });
        break;
      case "assistant":
        out.push({
          role: "assistant",
          content: message.content === "" && message.toolCalls?.length ? null : message.content,
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
        });
        break;
      case "tool": {
        const images = vision
          ? message.content.filter((block): block is ImageContent => block.type === "image")
          : [];
        const describe = (block: ContentBlock) =>
          vision && block.type === "image"
            ? `[image ${block.mimeType}: shown in the next user message]`
            : describeContentBlock(block);
        out.push({
          role: "tool",
          tool_call_id: message.toolCallId,
          content: toolResultText(message.content, message.isError, describe),
        });
        if (images.length > 0) {
          const label = message.toolName
            ? `${message.toolName} (call ${message.toolCallId})`
            : `call ${message.toolCallId}`;
          pendingImages.push({ type: "text", text: `Image(s) returned by tool ${label}:` });
          pendingImages.push(...images.map(imagePart));
        }
        break;
      }
    }
  }
  flushImages();
  return out;
}
