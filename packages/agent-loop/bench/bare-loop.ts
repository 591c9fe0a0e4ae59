import type { ChatMessage, ChatModel, ToolCall, ToolSpec } from "@tinyloop/inference-adapters";
import type { ToolRegistry } from "@tinyloop/registry";

/** Times of one turn of a loop: model call plus its tool calls. */
export interface TurnTiming {
  start: number;
  end: number;
}

/**
 * The least a loop can do, as the baseline: stream the model, collect complete tool calls,
 * dispatch them all with Promise.all, append the messages, repeat. No events, no limits,
 * no approval, no abort handling, no truncation.
 */
export async function bareLoop(
  model: ChatModel,
  registry: ToolRegistry,
  messages: ChatMessage[],
  input: string,
  maxTurns: number,
  onTurn: (timing: TurnTiming) => void,
): Promise<void> {
  const tools: ToolSpec[] = registry.list().map((definition) => ({
    name: definition.name,
    description: definition.description,
    inputSchema: definition.inputSchema,
  }));
  messages.push({ role: "user", content: input });
  for (let turn = 0; turn < maxTurns; turn++) {
    const start = performance.now();
    let text = "";
    const calls: ToolCall[] = [];
    for await (const event of model.stream({ messages, tools })) {
      if (event.type === "text-delta") text += event.text;
      if (event.type === "tool-call")
        calls.push({ id: event.id, name: event.name, arguments: event.arguments });
    }
    if (calls.length === 0) {
      messages.push({ role: "assistant", content: text });
      onTurn({ start, end: performance.now() });
      return;
    }
    messages.push({ role: "assistant", content: text, toolCalls: calls });
    const results = await Promise.all(
      calls.map((call) => registry.dispatch(call.name, call.arguments)),
    );
    results.forEach((result, index) => {
      const call = calls[index] as ToolCall;
      messages.push({
        role: "tool",
        toolCallId: call.id,
        toolName: call.name,
        content: result.content,
      });
    });
    onTurn({ start, end: performance.now() });
  }
}
