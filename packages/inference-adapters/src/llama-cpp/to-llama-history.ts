import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelResponse } from "node-llama-cpp";
import { describeContentBlock, toolResultText } from "../messages/describe-content-block.js";
import type { ChatMessage, UserPart } from "../types.js";

function userText(content: string | UserPart[]): string {
  if (typeof content === "string") return content;
  return content
    .map((part) => (part.type === "text" ? part.text : describeContentBlock(part)))
    .join("\n");
}

function parseArguments(text: string): unknown {
  try {
    return text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Converts our conversation into node-llama-cpp's chat history. An assistant turn, the tool
 * results that answer its calls, and the assistant text after them form ONE model item (that
 * is how node-llama-cpp's chat wrappers render function calls and their results). The result
 * always ends with a model item: the one to continue, or a new empty one to generate.
 */
export function toLlamaHistory(messages: readonly ChatMessage[]): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  let model: ChatModelResponse | undefined;
  let pendingCalls = new Map<string, ChatModelFunctionCall>();

  const openModel = (): ChatModelResponse => {
    if (!model) {
      model = { type: "model", response: [] };
      history.push(model);
    }
    return model;
  };

  for (const message of messages) {
    switch (message.role) {
      case "system":
        model = undefined;
        history.push({ type: "system", text: message.content });
        break;
      case "user":
        model = undefined;
        history.push({ type: "user", text: userText(message.content) });
        break;
      case "assistant": {
        const item = openModel();
        if (message.content !== "") item.response.push(message.content);
        pendingCalls = new Map();
        (message.toolCalls ?? []).forEach((call, index) => {
          const functionCall: ChatModelFunctionCall = {
            type: "functionCall",
            name: call.name,
            params: parseArguments(call.arguments),
            result: "(no result)",
            startsNewChunk: index === 0,
          };
          pendingCalls.set(call.id, functionCall);
          item.response.push(functionCall);
        });
        break;
      }
      case "tool": {
        const call = pendingCalls.get(message.toolCallId);
        const text = toolResultText(message.content, message.isError);
        if (call) call.result = text;
        else {
          // A result without its call (e.g. history was trimmed): keep it as context.
          history.push({
            type: "user",
            text: `Result of ${message.toolName ?? message.toolCallId}:\n${text}`,
          });
          model = undefined;
        }
        break;
      }
    }
  }
  const last = history.at(-1);
  if (last?.type !== "model") history.push({ type: "model", response: [] });
  return history;
}
