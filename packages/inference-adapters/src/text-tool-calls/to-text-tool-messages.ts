import { toolResultText } from "../messages/describe-content-block.js";
import type { ChatMessage, ToolSpec } from "../types.js";
import type { TextFormat, TextToolResult } from "./text-format.js";

/**
 * The conversation as a model without native tool calling reads it: the tools section of
 * its chat template added to the system message (one is made when there is none), earlier
 * calls written back into the assistant turns in its own syntax, and each run of tool
 * results sent as one user turn in the family's result framing (such endpoints have no
 * `tool` role for the model). A user message right after results joins that turn, since
 * several templates (Mistral's, Gemma's) refuse two user turns in a row.
 */
export function toTextToolMessages(
  messages: readonly ChatMessage[],
  tools: readonly ToolSpec[],
  format: TextFormat,
  /** A sentence ending the tools section (what `toolChoice` requires), if any. */
  instruction = "",
): ChatMessage[] {
  const out: ChatMessage[] = [];
  const toolSection = tools.length > 0 ? joinText(renderedTools(tools, format), instruction) : "";
  let systemDone = toolSection === "";
  const names = new Map<string, string>();
  let pending: TextToolResult[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    out.push({ role: "user", content: format.renderResults(pending) });
    pending = [];
  };
  for (const message of messages) {
    if (message.role === "tool") {
      pending.push({
        id: message.toolCallId,
        name: message.toolName ?? names.get(message.toolCallId) ?? "tool",
        text: toolResultText(message.content, message.isError),
        isError: message.isError === true,
      });
      continue;
    }
    const afterResults = pending.length > 0;
    flush();
    if (message.role === "system") {
      out.push(
        systemDone ? message : { role: "system", content: joinText(message.content, toolSection) },
      );
      systemDone = true;
    } else if (message.role === "assistant" && message.toolCalls && message.toolCalls.length > 0) {
      for (const call of message.toolCalls) names.set(call.id, call.name);
      const written = format.renderCalls(
        message.toolCalls.map((call) => ({
          id: call.id,
          name: call.name,
          arguments: parseArguments(call.arguments),
        })),
      );
      // The reasoning stays with the turn: the inner adapter sends back what its provider needs.
      out.push({
        role: "assistant",
        content: joinText(message.content, written),
        ...(message.reasoning ? { reasoning: message.reasoning } : {}),
      });
    } else if (message.role === "user" && afterResults && typeof message.content === "string") {
      const last = out.at(-1);
      if (last?.role === "user" && typeof last.content === "string") {
        out[out.length - 1] = { role: "user", content: joinText(last.content, message.content) };
      } else out.push(message);
    } else out.push(message);
  }
  flush();
  if (!systemDone) out.unshift({ role: "system", content: toolSection });
  return out;
}

// An agent sends the same tools array turn after turn (the agent loop keeps one until the
// tools change): its rendering is kept with it. A caller that changes an array in place gets
// the old rendering, so tools arrays are treated as values.
const rendered = new WeakMap<readonly ToolSpec[], Map<TextFormat, string>>();

function renderedTools(tools: readonly ToolSpec[], format: TextFormat): string {
  const byFormat = rendered.get(tools) ?? new Map<TextFormat, string>();
  rendered.set(tools, byFormat);
  const text = byFormat.get(format) ?? format.renderTools(tools);
  byFormat.set(format, text);
  return text;
}

function joinText(first: string, second: string): string {
  if (first === "") return second;
  if (second === "") return first;
  return `${first}\n\n${second}`;
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text === "" ? "{}" : text);
  } catch {
    return text;
  }
}
