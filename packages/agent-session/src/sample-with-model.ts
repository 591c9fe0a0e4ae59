import type { ChatMessage, ChatModel, UserPart } from "@tinyloop/inference-adapters";
import type { McpSamplingRequest, McpSamplingResult } from "@tinyloop/mcp-transport";

type SamplingContent = McpSamplingRequest["messages"][number]["content"];

function partsOf(content: SamplingContent): UserPart[] {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks.map((block): UserPart => {
    if (block.type === "text") return { type: "text", text: block.text };
    if (block.type === "image")
      return { type: "image", data: block.data, mimeType: block.mimeType };
    return {
      type: "text",
      text: `[${block.type} content left out: the model takes text and images]`,
    };
  });
}

const textOf = (parts: UserPart[]) =>
  parts.map((part) => (part.type === "text" ? part.text : "[image]")).join("\n");

/**
 * Answers a server's `sampling/createMessage` with the agent's own model: the server's
 * `systemPrompt` and messages (text and images; other content is named, not sent),
 * `maxTokens` and `temperature` are passed on. `modelPreferences` cannot choose another
 * model (the agent has one); `stopSequences` and `includeContext` are not supported by
 * the model interface and are left out. No tools are offered to the model.
 */
export async function sampleWithModel(
  model: ChatModel,
  request: McpSamplingRequest,
  signal: AbortSignal,
): Promise<McpSamplingResult> {
  const messages: ChatMessage[] = [];
  if (request.systemPrompt) messages.push({ role: "system", content: request.systemPrompt });
  for (const message of request.messages) {
    const parts = partsOf(message.content);
    messages.push(
      message.role === "user"
        ? { role: "user", content: parts }
        : { role: "assistant", content: textOf(parts) },
    );
  }
  let text = "";
  let stopReason: string = "endTurn";
  for await (const event of model.stream({
    messages,
    maxTokens: request.maxTokens,
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    signal,
  })) {
    if (event.type === "text-delta") text += event.text;
    if (event.type === "finish" && event.reason === "length") stopReason = "maxTokens";
  }
  return { role: "assistant", content: { type: "text", text }, model: model.modelId, stopReason };
}
